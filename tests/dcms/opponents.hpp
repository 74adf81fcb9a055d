#pragma once
// Reference opponents for the engine's strength tests, and a game loop to play them.
//  - random: a uniformly random legal placement, then uniformly random actions;
//  - greedy one-step: the placement with the best mean evaluation against the other side's candidate
//    placements (the engine's own candidates, so the same shortlist, chosen without the matrix game),
//    then every turn the action whose position after one turn, the opponent standing still, has the
//    best evaluation (a game won or lost in that turn counts as such); ties: the first in the rules'
//    order.
#include <cmath>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "dcms/engine.hpp"
#include "dcms/eval.hpp"
#include "dcms/game.hpp"
#include "dcms/notation.hpp"
#include "dcms/setup.hpp"
#include "dcms/setup_search.hpp"

namespace dcms_test {

using namespace gamelab::dcms;

enum class Opponent { Random, Greedy };

inline Placement random_placement(const State& setup, int side, gamelab::Rng& rng) {
  const auto squares = setup_squares(*setup.board, side);
  return placement_at(squares, setup.variant, rng.below(placement_count(*setup.board, setup.variant, side)));
}

inline Action random_action(const State& s, int side, gamelab::Rng& rng) {
  ActionList actions;
  generate_actions(s, side, actions);
  return actions[rng.below(actions.size())];
}

inline Placement greedy_placement(const State& setup, int side, const gamelab::ParamSet& params) {
  gamelab::ParamSet narrow = params;
  narrow.set("dcms_setup_candidates", 1);  // each side keeps its best placement on average: no mixing
  gamelab::Rng rng(1);
  return search_placement(setup, side, narrow.values().data(), EngineKnobs::from(narrow),
                          gamelab::search::MctsKnobs::from(narrow), rng)
      .placement;
}

inline Action greedy_action(const State& s, int side, const std::vector<int>& weights) {
  ActionList actions;
  generate_actions(s, side, actions);
  const Action still = stay_action(s, other(side));
  double best = -1e300;
  Action chosen = actions[0];
  for (const Action& a : actions) {
    const State next = side == kBlue ? play(s, a, still) : play(s, still, a);
    double value;
    if (auto t = terminal_value(next)) {
      value = (*t - 0.5) * 1e9;
    } else {
      value = evaluate(next, weights.data());
    }
    if (side == kRed) value = -value;
    if (value > best) {
      best = value;
      chosen = a;
    }
  }
  return chosen;
}

// One game of the engine (on `engine_side`) against `opponent` from a setup-phase board; the engine's
// points (1 win, 0.5 draw, 0 loss).
inline double engine_game(const State& setup, int engine_side, Opponent opponent, const gamelab::ParamSet& params,
                          const gamelab::SearchLimits& limits, std::uint64_t seed) {
  Engine engine(params, seed);
  gamelab::Rng rng(gamelab::derive_seed(seed, 99));
  const std::vector<int> weights = params.values();
  const int them = other(engine_side);
  Placement placements[2];
  placements[engine_side] = engine.choose_placement(setup, engine_side, limits).placement;
  placements[them] = opponent == Opponent::Random ? random_placement(setup, them, rng) : greedy_placement(setup, them, params);
  State s = place_pieces(setup, placements[0], placements[1]);
  while (!ends_before_moves(s)) {
    Action actions[2];
    actions[engine_side] = *engine.choose_action(s, engine_side, limits).action;
    actions[them] = opponent == Opponent::Random ? random_action(s, them, rng) : greedy_action(s, them, weights);
    s = play(s, actions[0], actions[1]);
  }
  const double blue = terminal_value(s).value_or(0.5);
  return engine_side == kBlue ? blue : 1.0 - blue;
}

}  // namespace dcms_test
