#pragma once
// Playing moves and deciding the end of a Raichu game (docs/rules/raichu.md).
#include <cstdint>

#include "core/enum_names.hpp"
#include "raichu/state.hpp"

namespace gamelab::raichu {

// The successor of `state` after the legal move `move` (copy-make; the hash is updated incrementally).
State play(const State& state, const Move& move);

enum class Outcome : std::uint8_t { Ongoing, WhiteWins, BlackWins, Draw };
enum class EndReason : std::uint8_t { None, NoPieces, NoLegalMove, PlyLimit };

using Result = GameResult<Outcome, EndReason>;

// The end rules, in this order (each decision explained in docs/rules/raichu.md §4):
//  1. a side with no pieces has lost (the side to move is checked first, so a board where neither side
//     has a piece is a loss for the side to move);
//  2. after ply_limit plies the game is a draw (a capture of the last piece on the last ply still wins);
//  3. a side to move with pieces but no legal move has lost.
Result result(const State& state);

// Rules 1 and 2: the game is over whatever the moves. Rule 3 shows as an empty move list.
bool ends_before_moves(const State& state);

const char* to_string(Outcome outcome);
const char* to_string(EndReason reason);

}  // namespace gamelab::raichu
