#pragma once
// A deliberately simple jump chess referee written straight from docs/rules/jumpchess.md, sharing no code with the
// engine: a board is a string of 64 characters '0' (empty), '1' (black), '2' (white), row-major; a side
// is '1' or '2'; a move is the board it leads to, found by moving the piece square by square.
#include <string>
#include <utility>
#include <vector>

namespace reference_jumpchess {

// Every distinct board the side to move can reach in one move. A side with no piece or no legal move
// passes: the only successor is the board itself.
std::vector<std::string> successors(const std::string& board, char side);

// The board after the side to move plays `path` (a list of (row, col), origin first), or "" if the path
// is not a legal step or hop chain. (The empty path, a pass, is not checked here.)
std::string replay(const std::string& board, char side, const std::vector<std::pair<int, int>>& path);

// Whether the game is over: a side that has pieces has all of them in its target region (Black
// columns 6-7, White columns 0-1), or each side has made 200 moves.
bool game_over(const std::string& board, int black_moves, int white_moves);

// Perft with the end rules and passes: sequences of exactly `depth` moves.
unsigned long long perft(const std::string& board, char side, int black_moves, int white_moves, int depth);

}  // namespace reference_jumpchess
