#pragma once
#include "raichu/state.hpp"

namespace gamelab::raichu {

// Every legal move of the side to move, pieces in square order. Empty when that side has no move
// (which loses, docs/rules/raichu.md). Does not look at the end rules: see ends_before_moves().
void generate_moves(const State& state, MoveList& moves);
// The moves `side` would have if it were its turn (the evaluation looks at both sides).
void generate_moves_for(const State& state, Color side, MoveList& moves);

}  // namespace gamelab::raichu

namespace gamelab::raichu {

// Could `by` capture the piece standing on `sq` (an enemy of `by`) with one move, if it were `by`'s
// turn? Answered by looking outward from `sq`, without generating moves (the evaluation asks often).
bool can_capture(const State& state, Color by, int sq);

}  // namespace gamelab::raichu
