#pragma once
// Opening suites for turn-based games: positions after a few seeded random plies, deduplicated by
// hash, kept only if a short search finds them balanced. The same seed gives the same suite.
#include <cstdint>
#include <functional>
#include <optional>
#include <unordered_set>
#include <vector>

#include "core/rng.hpp"

namespace gamelab::search {

struct OpeningPlan {
  int count = 100;
  int min_plies = 2;
  int max_plies = 8;
  std::uint64_t seed = 1;
  int attempts_per_opening = 50;  // give up after count * this tries (a tiny game may have few openings)
  std::function<void(int kept)> on_kept = nullptr;  // optional: after each opening kept (a progress bar)
};

// `balanced(s)` decides whether to keep a candidate (e.g. |search score| <= a margin).
template <class G>
std::vector<typename G::State> random_openings(const typename G::State& start, const OpeningPlan& plan,
                                               const std::function<bool(const typename G::State&)>& balanced) {
  using State = typename G::State;
  Rng rng(plan.seed);
  std::vector<State> out;
  std::unordered_set<std::uint64_t> seen;
  const long budget = static_cast<long>(plan.count) * plan.attempts_per_opening;
  for (long attempt = 0; attempt < budget && static_cast<int>(out.size()) < plan.count; ++attempt) {
    State s = start;
    const int plies = plan.min_plies + static_cast<int>(rng.below(plan.max_plies - plan.min_plies + 1));
    bool alive = true;
    for (int i = 0; i < plies && alive; ++i) {
      typename G::MoveList moves;
      if (G::ends_before_moves(s)) break;
      G::generate_moves(s, moves);
      if (moves.size() == 0) {
        alive = false;
        break;
      }
      s = G::play(s, moves[rng.below(moves.size())]);
    }
    if (!alive || G::ends_before_moves(s)) continue;
    typename G::MoveList moves;
    G::generate_moves(s, moves);
    if (moves.size() == 0) continue;
    if (!seen.insert(G::hash(s)).second) continue;
    if (balanced && !balanced(s)) continue;
    out.push_back(s);
    if (plan.on_kept) plan.on_kept(static_cast<int>(out.size()));
  }
  return out;
}

}  // namespace gamelab::search
