#pragma once
// Raichu's position as sparse one-hot inputs, for learned evaluations (docs/tools/train.md §1): one
// input per (board size, whose piece, kind, square), seen from a side.
//
//   index = offset(n) + ((owner * 3 + kind - 1) * n + row') * n + col'
//
// owner is 0 for the perspective's own pieces and 1 for the opponent's; kind is Pichu 1, Pikachu 2,
// Raichu 3; (row', col') is the square turned so that the perspective always moves up the board: White
// sees (row, col), Black (n - 1 - row, n - 1 - col) (the start position is symmetric under that half
// turn). Each board size has its own table, offset(n) = 6 * (sum of m * m over the sizes m < n): the
// rows that promote, the edges and the distances differ between sizes, so a square means something else
// on each. 6 * (64 + 100 + 144 + 196 + 256) = 4560 inputs; a side has at most n <= 16 pieces, so at most
// 32 inputs are on in a perspective.
//
// For an engine's incremental updates: a move changes the inputs of the pieces it moves, captures and
// promotes; sparse_input_index gives each one's index in both perspectives.
#include <cstdint>

#include "raichu/state.hpp"

namespace gamelab::raichu {

inline constexpr const char* kSparseInputName = "raichu-pieces-v1";
inline constexpr std::uint32_t kSparseInputCount = 4560;
inline constexpr int kSparseMaxActive = 2 * kMaxN;

// The input of `piece` (not Empty) on `square` of an n x n board, seen from `perspective`.
std::uint32_t sparse_input_index(int n, Color perspective, int square, Piece piece);

// Writes the indices of every piece of `state` seen from `perspective` into `out` (room for
// kSparseMaxActive), White's pieces first, each in square order; returns how many. Allocates nothing.
int active_sparse_inputs(const State& state, Color perspective, std::uint32_t* out);

}  // namespace gamelab::raichu
