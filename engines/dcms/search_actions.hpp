#pragma once
// The actions the search considers: every action of the rules (actions.hpp), narrowed where the
// choice cannot decide anything this turn.
//
// Two pieces can meet at the end of a turn only if some open square is at most one step from both,
// i.e. their shortest-path distance is at most 2 (the cheeSe never moves: 1 for a Mouse and a
// cheeSe). A piece is "engaged" when it is that close to an enemy piece it interacts with: its prey
// (rank - 1), its predator (rank + 1) or its like (same rank: both die). An engaged piece keeps all
// its moves. A quiet piece can take part in no capture this turn, whatever both sides do, so its move
// only changes the position the game goes on from: it keeps its `quiet_moves` best moves by the
// evaluation (the others standing still), ties in the rules' digit order. Because every combination
// of the engaged pieces' moves stays, the captures and game ends reachable in one turn are exactly
// those of the full action set: one-turn proofs (the search's serialized bounds) are unchanged.
#include "dcms/actions.hpp"

namespace gamelab::dcms {

// Can the piece of `side` and `rank` (on the board, movable) take part in a capture this turn?
bool engaged(const State& state, int side, int rank);

// The actions of `side` for the search, in the rules' order (Dog's digit outermost, then the Cat's,
// then the Mouse's). quiet_moves = 0 (or >= 9) gives exactly generate_actions().
void search_actions(const State& state, int side, int quiet_moves, const int* weights, ActionList& actions);

}  // namespace gamelab::dcms
