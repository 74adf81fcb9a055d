#pragma once
// Bullets' position as sparse one-hot inputs, for learned evaluations (docs/tools/train.md §1), seen
// from a side ("me"; the other player is "them").
//
// Why a window, not squares. The tournament's boards are 15-50 rows by 20-50 columns with walls
// anywhere, so a table per square would learn one board at a time. What kills is near: a bullet moves
// one square a round and so does a player, so the squares around me, their walls and the bullets
// flying there, decide the next rounds. So the inputs are a window centred on me, and a few facts about
// the rest of the board, bucketed, which mean the same on every board.
//
// Frame. The rules are symmetric under the 180° turn (row, col) -> (n - 1 - row, m - 1 - col) that
// swaps the players (the start squares and the generator's walls are too), so each side sees the board
// turned to start where Red starts, at the top left: Red as it is, Blue turned (its up is the board's
// down, its left the board's right, and a bullet's direction is turned with it). Then Blue's view of a
// position is Red's view of its turn, and one table serves both.
//
//   window      0 .. 815   the 7 x 7 squares around me but mine: square x 17 + state, the square
//                          (dr + 3) x 7 + (dc + 3) for offsets dr, dc in -3..3 in my frame (numbered
//                          without my own, 0 .. 47); state 0 a wall (or beyond the board), 1 them,
//                          1 + mask for the bullets there, mask = the directions they fly in my frame
//                          (up 1, down 2, left 4, right 8), 1-15; an empty square has no input
//   them      816 .. 935   where they stand: bearing x 10 + distance range; bearings up-left, up-right,
//                          down-left, down-right, then straight up, down, left, right each in my run
//                          (no wall between us: a line of fire) or behind a wall; the Manhattan
//                          distance 1, 2, 3, 4-5, 6-7, 8-11, 12-15, 16-23, 24-35, 36+
//   lanes     936 .. 949   axis x 7 + range of the bullets in my row run (axis 0) and my column run
//                          (axis 1), each of which passes over my square again and again
//                          (eval.hpp run_bullets): 0, 1, 2, 3, 4-5, 6-8, 9+
//   walls     950 .. 985   direction x 9 + range of the steps to the first wall up, down, left, right in
//                          my frame: 1, 2, 3, 4, 5-6, 7-9, 10-14, 15-22, 23+
//   rounds    986 .. 993   rounds left, limit - round: 0-5, 6-10, 11-20, 21-50, 51-100, 101-200, 201-500, 501+
//   bullets   994 .. 1001  bullets on the board: 0, 1-2, 3-5, 6-10, 11-20, 21-40, 41-80, 81+
//
// 1,002 inputs; at most 48 + 1 + 2 + 4 + 1 + 1 = 57 on in a perspective (the window has one input per
// square, whatever stands there, to keep that bound within the integer form's 63).
//
// Which side is perspective 0: Blue (side 0), whose result `gamelab datagen` gives every position
// (entry.cpp's self-play, as features() counts Blue's advantage and Texel fits it);
// registry/simultaneous_entry.hpp, simultaneous_sparse_inputs.
#include <cstdint>

#include "bullets/state.hpp"

namespace gamelab::bullets {

inline constexpr const char* kSparseInputName = "bullets-window-v1";
inline constexpr std::uint32_t kSparseInputCount = 1002;
inline constexpr int kSparseMaxActive = 57;

// Where each group of the layout above begins.
inline constexpr int kSparseWindowRadius = 3;
inline constexpr std::uint32_t kSparseThemBase = 816;
inline constexpr std::uint32_t kSparseLanesBase = 936;
inline constexpr std::uint32_t kSparseWallsBase = 950;
inline constexpr std::uint32_t kSparseRoundsBase = 986;
inline constexpr std::uint32_t kSparseBulletsBase = 994;

// Writes the active inputs of `state` seen from `side` (Blue 0, Red 1) into `out` (room for
// kSparseMaxActive), in the order of the layout above; returns how many. Allocates nothing.
int active_sparse_inputs(const State& state, int side, std::uint32_t* out);

}  // namespace gamelab::bullets
