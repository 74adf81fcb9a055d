#pragma once
// Opening suites for the alpha-beta games (Raichu, jump chess): random_openings() from openings.hpp,
// each candidate kept only when a search of `balance_depth` plies with `params` scores it within
// +-max_score and at least min_score away from 0 (0 plies: every candidate is kept). min_score > 0
// makes an unbalanced suite, as fishtest's "UHO" books: one side has a clear edge, both engines play it
// from both sides in a pair, and the pair measures which engine converts and which defends better.
#include <cstdlib>
#include <string>

#include "core/error.hpp"
#include "core/params.hpp"
#include "search/alphabeta.hpp"
#include "search/openings.hpp"

namespace gamelab::search {

// InputError naming the option when a plan cannot be met (`gamelab openings` flags).
inline void check_opening_plan(const OpeningPlan& plan) {
  if (plan.count < 1) throw InputError("--count must be at least 1");
  if (plan.min_plies < 0) throw InputError("--min-plies must be at least 0");
  if (plan.max_plies < plan.min_plies) {
    throw InputError("--min-plies " + std::to_string(plan.min_plies) + " is more than --max-plies " +
                     std::to_string(plan.max_plies));
  }
}

template <AlphaBetaGame G>
std::vector<typename G::State> balanced_openings(const typename G::State& start, const OpeningPlan& plan,
                                                 const ParamSet& params, int balance_depth, int min_score,
                                                 int max_score) {
  check_opening_plan(plan);
  if (min_score > max_score) {
    throw InputError("--min-score " + std::to_string(min_score) + " is more than --max-score " + std::to_string(max_score));
  }
  std::function<bool(const typename G::State&)> balanced;
  if (balance_depth > 0) {
    balanced = [&](const typename G::State& s) {
      AlphaBeta<G> engine(params.values(), AlphaBetaKnobs::from(params), {1, true});
      SearchLimits limits;
      limits.depth = balance_depth;
      const int score = std::abs(engine.search(s, limits).score);
      return score >= min_score && score <= max_score;
    };
  }
  return random_openings<G>(start, plan, balanced);
}

}  // namespace gamelab::search
