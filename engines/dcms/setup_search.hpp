#pragma once
// The placement search (docs/rules/dcms.md §3 Setup): both sides place at the same time, so the choice is a
// matrix game between the two sides' placements.
//
// 1. Candidates per side, pruned by symmetry and by the board's distances: cheeSe squares far from
//    where an enemy Mouse can start (its nearest start counts most) and with few entrances (a board
//    symmetric top-bottom keeps only the upper one of each mirrored pair); Mouse and Dog squares near
//    the enemy's likely cheeSe squares (scored the same way for the enemy); Cat squares one step from
//    the cheeSe on its way from the enemy half, best when the Cat alone bars every path. On a board
//    symmetric top-bottom a candidate also stands for its flipped image: payoffs average over the
//    relative flip, and the chosen placement is flipped with probability 1/2 (the symmetric
//    equilibrium), so the pruning by symmetry never makes the choice predictable.
// 2. The payoff of a pair of placements is the search's leaf value of the position they make (the
//    evaluation through the logistic of mcts_eval_scale), blue's view.
// 3. Pruned by the evaluation: each side keeps its dcms_setup_candidates placements with the best
//    mean payoff against all of the other side's candidates.
// 4. The reduced matrix game is solved by full-information regret matching (dcms_setup_rounds rounds);
//    the placement is drawn from the average strategy with the seeded generator, or its most likely
//    entry (mcts_final_choice).
#include <chrono>
#include <optional>
#include <vector>

#include "core/rng.hpp"
#include "dcms/engine_knobs.hpp"
#include "dcms/setup.hpp"
#include "search/mcts_knobs.hpp"

namespace gamelab::dcms {

// The candidate placements of `side` before the evaluation prunes them (step 1), best guesses first.
std::vector<Placement> placement_candidates(const Board& board, Variant variant, int side, const EngineKnobs& knobs);

struct PlacementSearch {
  Placement placement;                   // the choice for the side that asked
  std::vector<Placement> candidates[2];  // each side's placements in the matrix game
  std::vector<double> strategy[2];       // the equilibrium estimate over them
  double value = 0.5;                    // blue's expected payoff under both strategies
  std::uint64_t nodes = 0;               // positions evaluated (matrix cells)
  bool out_of_time = false;              // the deadline came first: the first candidate was taken
  double seconds = 0;
};

using Deadline = std::optional<std::chrono::steady_clock::time_point>;

PlacementSearch search_placement(const State& setup, int side, const int* weights, const EngineKnobs& knobs,
                                 const search::MctsKnobs& mcts, Rng& rng, Deadline deadline = std::nullopt);

}  // namespace gamelab::dcms
