#include "dcms/eval.hpp"

#include <algorithm>

#include "dcms/distances.hpp"
#include "dcms/engine_knobs.hpp"
#include "dcms/rules.hpp"
#include "search/mcts_knobs.hpp"

namespace gamelab::dcms {

namespace {

int closeness(int distance) { return std::max(0, kReach - distance); }

// The Mouse's way to the enemy cheeSe when it may not step on the enemy Cat's square (stepping there
// while the Cat stays is death). A Cat standing on the cheeSe does not bar it: the cheeSe is eaten at
// rank 0 before the Cat takes the Mouse at rank 1. A shortest path visits one square per distance k
// from the Mouse, so removing the Cat's square (at distance k, on a shortest path) lengthens the way
// only if no other square at distance k lies on a shortest path; a neighbour of the Cat's square
// usually is one, and then no BFS is needed.
int barred_distance(const Board& board, const Distances& d, Square mouse, Square cheese, Square cat, int plain) {
  if (cat == kNoSquare || cat == cheese || plain == kUnreachable) return plain;
  const int k = d.at(mouse, cat);
  if (k == kUnreachable || k + d.at(cat, cheese) != plain) return plain;
  for (int digit = 1; digit <= 9; ++digit) {
    const Square other_square = static_cast<Square>(cat + digit_offset(digit));
    if (digit == 5 || board.is_wall(other_square)) continue;
    if (d.at(mouse, other_square) == k && d.at(other_square, cheese) == plain - k) return plain;
  }
  return d.avoiding(mouse, cheese, &cat, 1);
}

}  // namespace

const char* feature_name(int feature) {
  static const char* const names[kFeatureCount] = {
      "material_mouse", "material_cat", "material_dog", "mouse_race",  "mouse_strike", "mouse_threat", "race_lead",  "mouse_trade",
      "cheese_guard",   "cat_blocks",   "cat_chase",    "cat_reach",   "dog_chase",    "dog_reach",    "late_material",
  };
  return names[feature];
}

void feature_counts(const State& s, std::array<int, kFeatureCount>& f) {
  f.fill(0);
  for (int side = 0; side < 2; ++side) {
    const int sign = side == kBlue ? 1 : -1;
    f[MaterialMouse] += sign * s.on_board(side, kMouse);
    f[MaterialCat] += sign * s.on_board(side, kCat);
    f[MaterialDog] += sign * s.on_board(side, kDog);
  }
  if (ends_before_moves(s)) return;
  const Distances& d = distances(s.board);
  const int turns_left = s.turn_limit - s.turn;
  int race[2] = {kUnreachable, kUnreachable};  // each side's Mouse to the enemy cheeSe, Cat-barred
  for (int side = 0; side < 2; ++side) {
    const int sign = side == kBlue ? 1 : -1;
    const int enemy = other(side);
    const Square mouse = s.at(side, kMouse), cat = s.at(side, kCat), dog = s.at(side, kDog);
    const Square own_cheese = s.at(side, kCheese), enemy_cheese = s.at(enemy, kCheese);
    const Square enemy_mouse = s.at(enemy, kMouse), enemy_cat = s.at(enemy, kCat);

    if (mouse != kNoSquare) {
      const int plain = d.at(mouse, enemy_cheese);
      const int barred = barred_distance(*s.board, d, mouse, enemy_cheese, enemy_cat, plain);
      race[side] = barred;
      if (barred <= turns_left) f[MouseRace] += sign * closeness(barred);
      if (plain <= 1) f[MouseStrike] += sign;
      if (plain == 2) f[MouseThreat] += sign;
      if (barred == kUnreachable && plain != kUnreachable) f[CatBlocks] -= sign;  // the enemy's Cat bars it
    }
    if (enemy_mouse != kNoSquare) {
      const int threat = d.at(enemy_mouse, own_cheese);
      if (threat != kUnreachable) {
        const int guard = cat == kNoSquare ? kReach : std::min(d.at(cat, own_cheese), kReach);
        f[CheeseGuard] += sign * std::clamp(std::min(threat, kReach) - guard, -kGuardClamp, kGuardClamp);
      }
      if (cat != kNoSquare) {
        const int chase = d.at(cat, enemy_mouse);
        f[CatChase] += sign * closeness(chase);
        if (chase <= 2) f[CatReach] += sign;
      }
    }
    if (dog != kNoSquare && enemy_cat != kNoSquare) {
      const int chase = d.at(dog, enemy_cat);
      f[DogChase] += sign * closeness(chase);
      if (chase <= 2) f[DogReach] += sign;
    }
  }
  // Arrival turns: a Mouse that cannot arrive before the end (or is gone) never does.
  const int arrival[2] = {race[kBlue] <= turns_left ? race[kBlue] : kUnreachable,
                          race[kRed] <= turns_left ? race[kRed] : kUnreachable};
  f[RaceLead] = (arrival[kBlue] < arrival[kRed]) - (arrival[kRed] < arrival[kBlue]);
  const Square blue_mouse = s.at(kBlue, kMouse), red_mouse = s.at(kRed, kMouse);
  if (blue_mouse != kNoSquare && red_mouse != kNoSquare && d.at(blue_mouse, red_mouse) <= 2) {
    const int blue_race = std::min(race[kBlue], 2 * kReach), red_race = std::min(race[kRed], 2 * kReach);
    if (blue_race > red_race) f[MouseTrade] += 1;  // blue is behind: a trade saves it
    if (red_race > blue_race) f[MouseTrade] -= 1;
  }
  const int late = std::max(0, kLateTurns - turns_left);
  f[LateMaterial] = late * (s.piece_count(kBlue) - s.piece_count(kRed));
}

std::vector<FeatureValue> features(const State& s) { return counted_features<kFeatureCount>(s); }

int evaluate(const State& s, const int* weights) { return counted_evaluation<kFeatureCount>(weights, s); }

ParamSet default_params() {
  // Hand-set weights, in evaluation units; the search maps eval to a win chance by
  // 1 / (1 + exp(-eval / mcts_eval_scale)), scale 300. A Mouse one step from the enemy cheeSe is
  // nearly a won game (it cannot be stopped: the cheeSe goes at rank 0 before anything takes the Mouse);
  // each step the Mouse gains in the race is worth about 4% of a game; the Mouse is the only piece that
  // can win, the Cat the only one that can stop it, the Dog only hunts Cats. Near the end the piece
  // count decides, so material counts more and more in the last turns.
  std::vector<Param> params = {
      {"eval_material_mouse", 300, 0, 1500, 20, 0.002},
      {"eval_material_cat", 250, 0, 1500, 20, 0.002},
      {"eval_material_dog", 150, 0, 1500, 20, 0.002},
      {"eval_mouse_race", 12, 0, 100, 2, 0.002},
      {"eval_mouse_strike", 700, 0, 3000, 40, 0.002},
      {"eval_mouse_threat", 120, -500, 1500, 15, 0.002},
      {"eval_race_lead", 150, -500, 1500, 15, 0.002},
      {"eval_mouse_trade", 60, -500, 500, 10, 0.002},
      {"eval_cheese_guard", 15, -100, 200, 3, 0.002},
      {"eval_cat_blocks", 150, -500, 1500, 15, 0.002},
      {"eval_cat_chase", 4, -50, 100, 1, 0.002},
      {"eval_cat_reach", 30, -300, 500, 8, 0.002},
      {"eval_dog_chase", 3, -50, 100, 1, 0.002},
      {"eval_dog_reach", 25, -300, 500, 8, 0.002},
      {"eval_late_material", 30, 0, 300, 5, 0.002},
  };
  for (auto& knob : EngineKnobs::default_params()) params.push_back(std::move(knob));
  // The MCTS knobs, with dcms's own defaults where measured better (engine vs the greedy player at
  // fixed iterations, docs/engines/dcms.md §3): decoupled UCT and the most played action (regret
  // matching's average, sampled, lost races by a step at the iterations a match affords), a node's
  // statistics from its 4th visit (a dcms node holds up to 729 x 2 action statistics; most children
  // are seen once).
  for (auto& knob : search::MctsKnobs::default_params()) {
    if (knob.name == "mcts_policy") knob.value = 0;
    if (knob.name == "mcts_final_choice") knob.value = 1;
    if (knob.name == "mcts_expand_visits") knob.value = 4;
    params.push_back(std::move(knob));
  }
  return ParamSet("dcms", params);
}

}  // namespace gamelab::dcms
