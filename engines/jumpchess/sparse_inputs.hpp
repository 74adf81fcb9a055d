#pragma once
// Jump chess's position as sparse one-hot inputs, for learned evaluations (docs/tools/train.md §1),
// seen from a side:
//
//   owner x 64 + square'      (owner 0 the perspective's own pieces, 1 the opponent's)
//   128 + min(moves made by the perspective / 20, 9)      how far the game is (200 moves a side)
//
// square' is the square turned so that every perspective plays Black's way: Black sees the square as
// it is, White the half turn 63 - square (the start position is symmetric under it). 138 inputs; at
// most 9 + 9 pieces and one clock input are on in a perspective.
#include <cstdint>

#include "jumpchess/state.hpp"

namespace gamelab::jumpchess {

inline constexpr const char* kSparseInputName = "jumpchess-pieces-v1";
inline constexpr std::uint32_t kSparseInputCount = 2 * kSquares + 10;
inline constexpr int kSparseMaxActive = 2 * kPiecesPerSide + 1;

// The input of a piece of `owner` on `square`, seen from `perspective`.
std::uint32_t sparse_input_index(Color perspective, Color owner, int square);
// The clock input of `perspective` after it has made `moves_made` moves.
std::uint32_t sparse_clock_index(int moves_made);

// Writes the active inputs of `state` seen from `perspective` into `out` (room for kSparseMaxActive):
// Black's pieces, White's, then the clock; returns how many. Allocates nothing.
int active_sparse_inputs(const State& state, Color perspective, std::uint32_t* out);

}  // namespace gamelab::jumpchess
