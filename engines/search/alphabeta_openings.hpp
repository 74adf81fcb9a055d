#pragma once
// Opening suites for the alpha-beta games (Raichu, jump chess): random_openings() from openings.hpp,
// each candidate kept only when a search of `balance_depth` plies with `params` scores it within
// +-max_score (0 plies: every candidate is kept).
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
                                                 const ParamSet& params, int balance_depth, int max_score) {
  check_opening_plan(plan);
  std::function<bool(const typename G::State&)> balanced;
  if (balance_depth > 0) {
    balanced = [&](const typename G::State& s) {
      AlphaBeta<G> engine(params.values(), AlphaBetaKnobs::from(params), {1, true});
      SearchLimits limits;
      limits.depth = balance_depth;
      return std::abs(engine.search(s, limits).score) <= max_score;
    };
  }
  return random_openings<G>(start, plan, balanced);
}

}  // namespace gamelab::search
