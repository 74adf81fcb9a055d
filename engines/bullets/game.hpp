#pragma once
// Bullets as seen by the generic searches in engines/search (simultaneous perft, simultaneous-move
// MCTS). Side 0 is Blue, side 1 Red; values and evaluations are Blue's.
#include <cstdint>
#include <optional>

#include "bullets/eval.hpp"
#include "bullets/rules.hpp"
#include "bullets/search_actions.hpp"
#include "bullets/state.hpp"

namespace gamelab::bullets {

struct Game {
  using State = bullets::State;
  using Action = bullets::Action;
  using ActionList = bullets::ActionList;
  static constexpr const char* kName = "bullets";

  static bool ends_before_moves(const State& s) { return bullets::ends_before_moves(s); }
  static void generate_actions(const State& s, int side, ActionList& actions) {
    bullets::generate_actions(s, static_cast<Side>(side), actions);
  }
  static State play(const State& s, const Action& blue, const Action& red) { return bullets::play(s, blue, red); }

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

// What the MCTS searches: the game with each side's surely losing actions left out (search_actions.hpp),
// and the evaluation plus the engine's aggression: weights[kFeatureCount] is +aggression when the
// engine plays Blue, -aggression when it plays Red (engine.hpp), times kAggressionReach - distance.
// It also counts the positions the search generates (every play: bounds, tree, rollouts) in `plays`,
// per thread: the engine reports them as its nodes, which sign the bench (engines/bullets/engine.cpp).
// Perft counts every distinct action (docs/rules/common.md §2) and uses Game.
struct SearchGame : Game {
  static inline thread_local std::uint64_t plays = 0;

  static void generate_actions(const State& s, int side, ActionList& actions) {
    generate_search_actions(s, static_cast<Side>(side), actions);
  }
  static State play(const State& s, const Action& blue, const Action& red) {
    ++plays;
    return bullets::play(s, blue, red);
  }
  static int evaluate(const State& s, const int* weights) {
    return bullets::evaluate(s, weights) + weights[kFeatureCount] * (kAggressionReach - player_distance(s));
  }
};

}  // namespace gamelab::bullets
