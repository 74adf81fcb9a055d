#include "bullets/match.hpp"

#include "bullets/match.hpp"
#include "bullets/engine.hpp"
#include "bullets/external_bot.hpp"
#include "bullets/eval.hpp"
#include "bullets/generator.hpp"
#include "bullets/notation.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "registry/simultaneous_play.hpp"

namespace gamelab::bullets {

namespace {

const char* side_name(int side) { return side == Blue ? "blue" : "red"; }

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

namespace {

State opening_state(const DatagenRequest& request) {
  if (!request.opening.empty()) return parse_position(request.opening, "datagen opening").state;
  BoardRanges ranges;
  ranges.limit_min = 100;
  const GeneratedBoard board = generate_suite(request.seed, 1, ranges).front();
  return parse_position(board.text, board.name).state;
}

// Bullets for the play loops (registry/play_loop.hpp). A silent bot's turn is played as 8 (a soft
// fault, marked in the joint move); garbage or a program that cannot start forfeits.
class Play : public loop::SimultaneousPlay<State, Engine> {
 public:
  using Action = bullets::Action;
  static constexpr const char* title = "Bullets";
  static constexpr const char* no_limit_games = "Bullets datagen labels round-limit games as the draws they are";

  explicit Play(const GameRequest& request)
      : SimultaneousPlay(parse_position(request.opening, request.opening_source).state, request, default_params()) {
    for (int seat = 0; seat < 2; ++seat) {
      if (request.players[seat].external()) bots_[seat] = &request.players[seat];
    }
  }
  explicit Play(const DatagenRequest& request)
      : SimultaneousPlay(opening_state(request), request, default_params(), 2), rng_(derive_seed(request.seed, 1)) {}

  bool over() const { return s_.over(); }
  loop::Answer<Action> ask(int seat) {
    const Side side = static_cast<Side>(seat);
    if (bots_[seat]) return ask_external_bot(*bots_[seat], s_, side);
    const SearchResult found = engines_[seat]->search(s_, side, limits_[seat]);
    // A plan's hit (engine.hpp) claims a win against a player that stays, not what the position is
    // worth against one that moves: no score.
    if (found.plan_hit_round) return {*found.action};
    return {*found.action, loop::self_play_score(found, seat)};
  }
  std::string play(const loop::Answers<Play>& a, loop::FaultLog&, int) {
    std::string text = joint_text(a[0].action, a[1].action);
    for (int seat = 0; seat < 2; ++seat) {
      if (a[seat].fault != Termination::Normal) {
        text += std::string(" [") + side_name(seat) + ": " + to_string(a[seat].fault) + "]";
      }
    }
    s_ = bullets::play(s_, a[0].action, a[1].action);
    return text;
  }
  std::string forfeit_reason(const loop::FaultLog& log) const {
    const loop::Fault& f = *log.first_forfeit();
    return log.name(f.seat) + " (" + side_name(f.seat) + ") forfeits: " + to_string(f.kind) + ": " + f.detail;
  }
  // The turns played as 8 (after a forfeit the reason is the forfeit's alone).
  std::string notes(const loop::FaultLog& log) const {
    std::string out;
    for (int seat = 0; seat < 2 && !log.forfeited(); ++seat) {
      if (const int n = log.count(seat)) {
        out += "; " + log.name(seat) + " (" + side_name(seat) + ") gave no answer " + std::to_string(n) + " time(s), played as 8";
      }
    }
    return out;
  }

  std::string position() const { return position_text(s_, Blue); }
  bool tactical() const { return bullets::tactical(s_); }
  // A few tries for a joint move that does not end the game; if none, the random part stops here.
  bool random_step() {
    ActionList blue, red;
    generate_actions(s_, Blue, blue);
    generate_actions(s_, Red, red);
    for (int attempt = 0; attempt < 20; ++attempt) {
      const State next = bullets::play(s_, blue[rng_.below(blue.size())], red[rng_.below(red.size())]);
      if (!next.over()) {
        s_ = next;
        return true;
      }
    }
    return false;
  }

 private:
  const PlayerSpec* bots_[2] = {};
  Rng rng_{1};
};

}  // namespace

GameRecord play_game(const GameRequest& request) {
  for (const PlayerSpec& p : request.players) {
    if (!p.external()) check_limits(p.limits, "--engine " + p.name);
  }
  return loop::referee<Play>(request);
}

std::vector<LabelledPosition> datagen_game(const DatagenRequest& request) {
  check_limits(request.limits, "datagen limits");
  return loop::self_play<Play>(request);
}

}  // namespace gamelab::bullets
