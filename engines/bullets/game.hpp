#pragma once
// Bullets as seen by the generic searches in engines/search (simultaneous perft, simultaneous-move
// MCTS). Side 0 is Blue, side 1 Red; values and evaluations are Blue's. The MCTS's leaves may be
// evaluated with a learned evaluation file (LearnedEval).
#include <algorithm>
#include <cstdint>
#include <optional>

#include "bullets/eval.hpp"
#include "bullets/hunt.hpp"
#include "bullets/notation.hpp"
#include "bullets/rules.hpp"
#include "bullets/search_actions.hpp"
#include "bullets/sparse_inputs.hpp"
#include "bullets/state.hpp"
#include "search/game_concepts.hpp"
#include "search/learned_leaf_eval.hpp"

namespace gamelab::bullets {

struct Game : search::SimultaneousAdapter<State, Action, ActionList> {
  static constexpr const char* kName = "bullets";

  static void generate_actions(const State& s, int side, ActionList& actions) {
    bullets::generate_actions(s, static_cast<Side>(side), actions);
  }

  // The one game interface's texts and hashes (search/game_concepts.hpp). The position file is written
  // for Red, the tournament's side letter a file is read with by default (notation.hpp).
  static State parse_position(const std::string& text, const std::string& source) {
    return bullets::parse_position(text, source).state;
  }
  static std::string position_text(const State& s) { return bullets::position_text(s, Red); }
  // The file writes the bullets of one cell merged, in no order: a state read back has the same text
  // but may hold its bullets in another order, and so another hash.
  static constexpr bool kTextHoldsHash = false;
  static std::string joint_text(const State&, const Action& blue, const Action& red) { return bullets::joint_text(blue, red); }

  // Blue's result once the game is over: 1 Red hit, 0 Blue hit, 0.5 both hit or the round limit.
  static std::optional<double> terminal_value(const State& s) {
    if (!s.over()) return std::nullopt;
    switch (result(s).outcome) {
      case Outcome::BlueWins: return 1.0;
      case Outcome::RedWins: return 0.0;
      default: return 0.5;
    }
  }
  static int evaluate(const State& s, const int* weights) { return bullets::evaluate(s, weights); }
};

// The hunt of one search (engine.hpp): the side the engine plays, the firing map towards the opponent's
// square at the root (hunt.hpp), and how far the hunt stood at the root.
struct Hunt {
  Side side = Blue;
  FiringMap map;
  int root_time = 0;     // hunt_time() of the root
  bool root_shot = false;  // a bullet was already on its way to the target at the root
};

// Rounds until a player standing still on the hunt's target is hit, at most kHuntCap: the hunter's firing
// time from its square, or a bullet already on its way, whichever comes first; `shot` tells the latter.
constexpr int kHuntCap = 255;
inline int hunt_time(const State& s, const Hunt& hunt, bool& shot) {
  const int fire = std::min(hunt.map.at(s.player[hunt.side]), kHuntCap);
  const std::optional<int> bullet = time_to_bullet(s, hunt.map.target, kHuntCap);
  shot = bullet.has_value();
  return bullet ? std::min(fire, *bullet) : fire;
}

// A learned evaluation file at the MCTS's leaves (search/learned_leaf_eval.hpp: the mapping to
// mcts_eval_scale): bullets-window-v1 (sparse_inputs.hpp), Blue's view first as the search's values.
struct LearnedInputs {
  using State = bullets::State;
  static constexpr const char* kGame = "bullets";
  static constexpr const char* kInputName = kSparseInputName;
  static constexpr std::uint32_t kInputCount = kSparseInputCount;
  static constexpr int kMaxActive = kSparseMaxActive;
  static int active(const State& s, int side, std::uint32_t* out) { return active_sparse_inputs(s, side, out); }
};
using LearnedEval = search::LearnedLeafEval<LearnedInputs>;

// What the MCTS searches: the game with each side's surely losing actions left out (search_actions.hpp),
// and the evaluation plus the engine's own preferences, read from weights[kFeatureCount...] and signed
// for the side it plays (+ for Blue, - for Red; engine.cpp):
//  - aggression (weights[kFeatureCount]) x (kAggressionReach - distance);
//  - the hunt, while `hunt` is set (the engine sets it for the length of a search, on its thread):
//    weights[kFeatureCount + 1] per round the hunt time gained since the root, plus
//    weights[kFeatureCount + 2] once a bullet is on its way to the root's target that was not at the root.
// The hunt looks at the square the opponent stood on at the root, wherever the opponent goes in the
// tree: it plans against a player that stands still (hunt.hpp); the zero-sum evaluation is unchanged.
// It also counts the positions the search generates (every play: bounds, tree, rollouts) in `plays`,
// per thread: the engine reports them as its nodes, which sign the bench (engines/bullets/engine.cpp).
// With a learned evaluation file (Engine::set_learned_eval) the MCTS adds LearnedEval's value to this
// evaluation (evalmode=add) or uses it alone (replace: the aggression and the hunt then go too).
// Perft counts every distinct action (docs/rules/common.md §2) and uses Game.
struct SearchGame : Game {
  using Learned = LearnedEval;
  static inline thread_local std::uint64_t plays = 0;
  static inline thread_local const Hunt* hunt = nullptr;

  static void generate_actions(const State& s, int side, ActionList& actions) {
    generate_search_actions(s, static_cast<Side>(side), actions);
  }
  static State play(const State& s, const Action& blue, const Action& red) {
    ++plays;
    return bullets::play(s, blue, red);
  }
  static int evaluate(const State& s, const int* weights) {
    int value = bullets::evaluate(s, weights) + weights[kFeatureCount] * (kAggressionReach - player_distance(s));
    if (hunt) {
      bool shot = false;
      const int gained = hunt->root_time - hunt_time(s, *hunt, shot);
      value += weights[kFeatureCount + 1] * gained + (shot && !hunt->root_shot ? weights[kFeatureCount + 2] : 0);
    }
    return value;
  }
};

}  // namespace gamelab::bullets
