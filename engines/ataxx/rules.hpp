#pragma once
// Playing moves and deciding the end of an Ataxx game (docs/rules/ataxx.md §2, §4, §5).
#include <cstdint>

#include "ataxx/movegen.hpp"
#include "ataxx/state.hpp"
#include "core/enum_names.hpp"

namespace gamelab::ataxx {

// The successor of `state` after the legal move `move` (copy-make; the hash is updated
// incrementally). A single move clones onto `to` and resets the halfmove clock; a jump moves the stone
// and a pass moves nothing, both counting one ply on the clock; every stone of the opponent next to
// `to` changes colour; the fullmove number goes up after o's move.
State play(const State& state, const Move& move);

// The stones `move` would flip (the opponent's stones next to its destination); none for the pass.
inline Bitboard flips_of(const State& state, const Move& move) {
  return move.is_pass() ? 0 : kRings.one[move.to] & state.stones[opponent(state.side)];
}

enum class Outcome : std::uint8_t { Ongoing, XWins, OWins, Draw };
enum class EndReason : std::uint8_t { None, NoStones, NoMoves, HalfmoveClock };

using Result = GameResult<Outcome, EndReason>;

// The end rules, in this order (docs/rules/ataxx.md §4):
//  1. a side has no stones: the side with more stones wins (an empty board is a draw);
//  2. neither side can move (no empty square within king distance 2 of any stone): more stones wins,
//     equal is a draw;
//  3. the halfmove clock has reached 100: a draw.
// So a decided game is decided even when the clock has run out at the same time.
Result result(const State& state);

// Any of the three: the game is over whatever the moves; generate_moves then lists none.
inline bool ends_before_moves(const State& state) {
  return state.halfmove >= kHalfmoveLimit || state.stones[X] == 0 || state.stones[O] == 0 ||
         (within_two(state.stones[X] | state.stones[O]) & state.empty()) == 0;
}

const char* to_string(Outcome outcome);
const char* to_string(EndReason reason);

}  // namespace gamelab::ataxx
