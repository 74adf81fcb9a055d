#pragma once
#include "raichu/state.hpp"

namespace gamelab::raichu {

// Every legal move of the side to move, pieces in square order. Empty when that side has no move
// (which loses, RULES.md §1). Does not look at the end rules: see ends_before_moves().
void generate_moves(const State& state, MoveList& moves);

}  // namespace gamelab::raichu
