#include "bullets/eval.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>

#include "search/mcts_knobs.hpp"

namespace gamelab::bullets {

namespace {

// A layer of the space-time search holds at most the squares within kHorizon steps: 2k^2 + 2k + 1.
constexpr int kMaxLayer = 2 * kHorizon * kHorizon + 2 * kHorizon + 1;

int distance(const Board& board, int a, int b) {
  return std::abs(board.row_of(a) - board.row_of(b)) + std::abs(board.col_of(a) - board.col_of(b));
}

// Could the bullet of `slot` (shot this round) meet a square the player on `target` can reach? Only if
// at some round + k it is within k steps of the target (both move one square per round).
bool shot_can_matter(const State& s, int slot, int target, int horizon) {
  for (int k = 1; k <= horizon; ++k) {
    if (distance(*s.board, s.board->place(slot, s.round + static_cast<std::uint32_t>(k)).cell, target) <= k) return true;
  }
  return false;
}

// Set bits of `words` in [first, first + count).
int bits_in_range(const std::uint64_t* words, int first, int count) {
  int total = 0;
  for (int bit = first, end = first + count; bit < end;) {
    const int word = bit >> 6, offset = bit & 63;
    const int take = std::min(64 - offset, end - bit);
    const std::uint64_t mask = (take == 64 ? ~0ULL : ((1ULL << take) - 1)) << offset;
    total += std::popcount(words[word] & mask);
    bit += take;
  }
  return total;
}

}  // namespace

int run_bullets(const State& s, int cell, int axis) {
  return bits_in_range(s.slots.data(), s.board->cycle_base(cell, axis), s.board->cycle_length(cell, axis));
}

const std::array<FeatureInfo, kFeatureCount>& feature_info() {
  // Hand-set weights, in eval units (the search's default scale maps 300 units to a value of 0.73).
  // Being doomed is nearly a lost game; a trap shot is a strong threat but the other side moves at the
  // same time and may step out of the trap before it closes; room to dodge is worth a little per
  // square and more when it runs out (squeezed rounds); a shot that cuts the other side's room is
  // worth more than the room itself, since the bullet stays. Lane bullets start at 0: against the
  // greedy player (tests/bullets/strength_test.cpp) a penalty made the engine shoot too little and draw
  // more (score 0.83 at -3, 0.89 at +3 and 0.88 at 0 over 40 games); it is left to the tuner.
  static const std::array<FeatureInfo, kFeatureCount> info = {{
      {"eval_safe_moves", 15, -200, 400},
      {"eval_safe_area", 3, -100, 200},
      {"eval_squeezed", -40, -1000, 200},
      {"eval_doomed", -1200, -5000, 0},
      {"eval_trap_shots", 250, -500, 2000},
      {"eval_shot_squeeze", 12, -100, 200},
      {"eval_liberties", 5, -200, 200},
      {"eval_lane_bullets", 0, -200, 100},
      {"eval_pursuit", 3, -100, 100},
  }};
  return info;
}

int player_distance(const State& s) { return distance(*s.board, s.player[Blue], s.player[Red]); }

Reach reach(const State& s, int side, int shot_slot) {
  const Board& board = *s.board;
  Reach r;
  r.horizon = s.limit > s.round ? static_cast<int>(std::min<std::uint32_t>(kHorizon, s.limit - s.round)) : 0;
  std::array<std::uint16_t, kMaxLayer> layers[2];
  std::array<std::uint16_t, kMaxLayer> touched;
  int size = 1;
  layers[0][0] = s.player[side];
  r.live[0] = 1;
  CellSet seen{};
  for (int k = 1; k <= r.horizon; ++k) {
    const std::uint32_t round = s.round + static_cast<std::uint32_t>(k);
    const int extra = shot_slot >= 0 ? board.place(shot_slot, round).cell : -1;
    const auto& layer = layers[(k - 1) & 1];
    auto& next = layers[k & 1];
    int live = 0, touched_count = 0;
    for (int i = 0; i < size; ++i) {
      const int from = layer[i];
      for (int d = -1; d < 4; ++d) {  // -1: stay
        const int to = d < 0 ? from : board.step(from, static_cast<Dir>(d));
        if (board.wall(to) || contains(seen, to)) continue;
        insert(seen, to);
        touched[touched_count++] = static_cast<std::uint16_t>(to);
        if (to != extra && !s.bullet_on(to, round)) next[live++] = static_cast<std::uint16_t>(to);
      }
    }
    for (int i = 0; i < touched_count; ++i) seen[touched[i] >> 6] &= ~(1ULL << (touched[i] & 63));
    r.live[k] = live;
    size = live;
    if (live == 0) break;  // later rounds stay 0
  }
  return r;
}

void feature_counts(const State& s, std::array<int, kFeatureCount>& f) {
  f.fill(0);
  const Board& board = *s.board;
  const Reach r[2] = {reach(s, Blue), reach(s, Red)};
  for (int side = 0; side < 2; ++side) {
    const int sign = side == Blue ? 1 : -1;
    const Reach& own = r[side];
    const int me = s.player[side], them = s.player[1 - side];
    if (own.horizon > 0) f[SafeMoves] += sign * own.live[1];
    f[SafeArea] += sign * own.area();
    for (int k = 1; k <= own.horizon; ++k) f[Squeezed] += sign * (own.live[k] <= 2 ? 1 : 0);
    f[Doomed] += sign * (own.doomed() ? 1 : 0);
    int liberties = 0;
    for (int d = 0; d < 4; ++d) liberties += board.wall(board.step(me, static_cast<Dir>(d))) ? 0 : 1;
    f[Liberties] += sign * liberties;
    f[LaneBullets] += sign * (run_bullets(s, me, 0) + run_bullets(s, me, 1));
    // Our shots against the other side (a shot into an adjacent wall kills the shooter: not a threat).
    const Reach& opp = r[1 - side];
    if (opp.doomed()) continue;
    int traps = 0, squeeze = 0;
    for (int d = 0; d < 4; ++d) {
      if (board.wall(board.step(me, static_cast<Dir>(d)))) continue;
      const int slot = board.slot(me, static_cast<Dir>(d), s.round);
      if (s.has_slot(slot) || !shot_can_matter(s, slot, them, opp.horizon)) continue;
      const Reach after = reach(s, 1 - side, slot);
      traps += after.doomed() ? 1 : 0;
      squeeze = std::max(squeeze, opp.area() - after.area());
    }
    f[TrapShots] += sign * traps;
    f[ShotSqueeze] += sign * squeeze;
  }
  const int room = r[Blue].area() - r[Red].area();
  const int closeness = std::max(0, kPursuitRange - distance(board, s.player[Blue], s.player[Red]));
  f[Pursuit] = ((room > 0) - (room < 0)) * closeness;
}

std::vector<FeatureValue> features(const State& s) { return counted_features<kFeatureCount>(s); }

int evaluate(const State& s, const int* weights) { return counted_evaluation<kFeatureCount>(weights, s); }

ParamSet default_params() {
  std::vector<Param> params;
  for (const FeatureInfo& f : feature_info()) {
    const int span = f.max - f.min;
    params.push_back({f.name, f.weight, f.min, f.max, std::max(1.0, span / 40.0), 0.002});
  }
  params.push_back({"engine_aggression", 8, 0, 100, 2, 0.002});
  // The hunt (hunt.hpp, engine.hpp): per round the engine gains towards a bullet on the square the
  // opponent stood on at the root, and once such a bullet is on its way. Measured against a player that
  // never moves (tests/bullets/must_win_test.cpp, docs/engines/bullets.md §5): where the evaluation
  // leans to one side (values near 0.1 or 0.9, where the logistic is flat) a weaker pull drowns in the
  // search's noise: at 8/150 the engine idled 20 rounds before a wall of an 18x24 board (earliest hit
  // round 38; 40/500 hit at round 47), and at 40/500 it hovered 1,800 rounds 5 rounds from a hit on an
  // 18x29 board (earliest 41) that 80/1000 wins at round 43 and 120/1500 at round 41.
  params.push_back({"engine_hunt", 80, 0, 300, 6, 0.002});
  params.push_back({"engine_hunt_shot", 1000, 0, 4000, 80, 0.002});
  // The exact hunt (analysis.hpp, engine.hpp): 1 plays the earliest hit's plan while the opponent stands
  // on its start square; 0 leaves every move to the tree (the engine before it, for comparisons).
  params.push_back({"engine_plan", 1, 0, 1, 1, 0.002});
  // Safety (safety.hpp, engine.hpp): 1 keeps the tree's choice to the safe actions when there are any;
  // 0 plays the tree's choice as it is (the engine before it).
  params.push_back({"engine_safety", 1, 0, 1, 1, 0.002});
  for (Param knob : search::MctsKnobs::default_params()) {
    // Bullets' own defaults where they differ from the template's, measured against the greedy player
    // (docs/engines/bullets.md §3): decoupled UCT and its most-played action approach and press the
    // opponent (regret matching's mixed strategy shoots at random and drew 39 of 40 games); the bounds
    // look two joint plies ahead (about 6,500 successors, well under a millisecond).
    if (knob.name == "mcts_policy") knob.value = 0;
    if (knob.name == "mcts_final_choice") knob.value = 1;
    if (knob.name == "mcts_bound_depth") knob.value = 2;
    params.push_back(knob);
  }
  return ParamSet("bullets", params);
}

namespace {

// Distinct squares a side can be on next round (walls merge with staying): its own square and its open
// neighbours.
int reachable_next(const State& s, Side side) {
  int count = 1;
  for (int d = 0; d < 4; ++d) count += s.board->wall(s.board->step(s.player[side], static_cast<Dir>(d))) ? 0 : 1;
  return count;
}

}  // namespace

bool tactical(const State& s) {
  for (Side side : {Blue, Red}) {
    const Reach own = reach(s, side);
    if (own.doomed()) return true;
    if (own.horizon > 0 && own.live[1] < reachable_next(s, side)) return true;
  }
  std::array<int, kFeatureCount> counts;
  feature_counts(s, counts);
  return counts[TrapShots] != 0;
}

}  // namespace gamelab::bullets
