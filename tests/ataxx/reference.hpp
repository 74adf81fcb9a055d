#pragma once
// An independent Ataxx referee written from docs/rules/ataxx.md alone: a plain 7 x 7 array of
// characters, its own FEN reader, moves as text. It shares no code with engines/ataxx (standard
// headers only), so that the engine's bitboards are checked against a second reading of the rules.
#include <cstdint>
#include <string>
#include <vector>

namespace ataxx_reference {

struct Position {
  char board[7][7];  // [rank][file], rank 0 = rank 1: 'x', 'o', '-' (gap) or '.' (empty)
  char side = 'x';
  int halfmove = 0;
  int fullmove = 1;
};

// "BOARD SIDE [HALFMOVE [FULLMOVE]]"; std::runtime_error for anything else.
Position read_fen(const std::string& fen);
std::string write_fen(const Position& position);

// §4: no stones on a side, neither side able to move, or the clock at 100.
bool game_over(const Position& position);
// "x", "o" or "draw" when the game is over, "" while it goes on.
std::string winner(const Position& position);

// §2: every legal move as text ("b2", "a1c3", "0000"), sorted, each once; none when the game is over.
std::vector<std::string> legal_moves(const Position& position);
// The position after the legal move `move`.
Position after(const Position& position, const std::string& move);

// common.md §2 with §5: counted move by move, no shortcut.
std::uint64_t perft(const Position& position, int depth);

}  // namespace ataxx_reference
