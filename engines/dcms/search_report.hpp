#pragma once
// `gamelab search dcms`: one search of a position for one side, and its report (the placement search in
// the setup phase, the MCTS's move after it): the best answer, its value as a score for that side, and
// the root's mixed strategies as the analysis lines.
#include "dcms/state.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::dcms {

// The side --side names (blue or red, or the tournament's colours 0 and 1; default blue).
int search_side(const PositionSpec& spec);

SearchReport search_report(const State& root, int side, const SearchRequest& request);

}  // namespace gamelab::dcms
