#pragma once
// The two baseline opponents of the strength test, and the game loop that pits the engine against one.
//  - random mover: a uniformly random action among the side's distinct actions (rules.hpp), suicides
//    included;
//  - greedy one-step player: among its actions that do not surely lose (search_actions.hpp: no walking
//    into a bullet, no shot into an adjacent wall), the one whose position after one turn, the opponent
//    standing still (8), has the best evaluation for it (the engine's default weights, no aggression);
//    a win outright first, a loss last; ties broken at random. It looks one turn ahead, but its
//    evaluation already sees the flying bullets kHorizon rounds ahead, so it never walks into a trap
//    made of bullets already in the air.
#include <vector>

#include "bullets/engine.hpp"
#include "bullets/eval.hpp"
#include "bullets/search_actions.hpp"
#include "common/greedy.hpp"
#include "core/rng.hpp"

namespace bullets_test {

using namespace gamelab;
using namespace gamelab::bullets;

inline Action random_action(const State& s, Side side, Rng& rng) {
  ActionList actions;
  generate_actions(s, side, actions);
  return actions[rng.below(actions.size())];
}

inline Action greedy_action(const State& s, Side side, Rng& rng, const std::vector<int>& weights) {
  ActionList actions;
  generate_search_actions(s, side, actions);
  const auto value = [&](const Action a) -> double {
    const State next = side == Blue ? play(s, a, kNothing) : play(s, kNothing, a);
    if (next.over()) {
      const Outcome o = result(next).outcome;
      return o == Outcome::Draw ? 0 : ((o == Outcome::BlueWins) == (side == Blue) ? 1e9 : -1e9);
    }
    return evaluate(next, weights.data()) * (side == Blue ? 1 : -1);
  };
  return gamelab_test::highest_valued(actions, value, rng);
}

enum class Opponent { Random, Greedy };

// One game from `start` (its round limit as given): the engine (params, iterations per move, seed)
// plays `engine_side`, the baseline the other side. Returns the engine's score (1, 0.5, 0).
inline double engine_vs_baseline(const State& start, Side engine_side, Opponent opponent, const ParamSet& params,
                                 std::uint64_t iterations, std::uint64_t seed) {
  Engine engine(params, derive_seed(seed, 1));
  Rng rng(derive_seed(seed, 2));
  std::vector<int> weights = default_params().values();
  weights.resize(kFeatureCount);
  SearchLimits limits;
  limits.nodes = iterations;
  State s = start;
  while (!s.over()) {
    const Action mine = *engine.search(s, engine_side, limits).action;
    const Side them = other(engine_side);
    const Action theirs = opponent == Opponent::Random ? random_action(s, them, rng) : greedy_action(s, them, rng, weights);
    s = engine_side == Blue ? play(s, mine, theirs) : play(s, theirs, mine);
  }
  const Outcome o = result(s).outcome;
  if (o == Outcome::Draw) return 0.5;
  return (o == Outcome::BlueWins) == (engine_side == Blue) ? 1.0 : 0.0;
}

}  // namespace bullets_test
