#pragma once
// Dog-Cat-Mouse-cheeSe's position as sparse one-hot inputs, for learned evaluations
// (docs/tools/train.md §1), seen from a side ("own" pieces; the other side's are "theirs").
//
// Why relations, not squares. Boards are 3-64 rows by 3-64 columns with walls anywhere (the lab's
// generator draws 7-15 x 8-21, the tournament's boards are not published), so a table per square
// would learn one board at a time. What decides the game is how far each piece is from its prey, its
// predator and the cheeSes, in king steps around the walls (distances.hpp, the table the evaluation
// and the search already use), and how that compares with the turns left. So the inputs are the
// distances between the pieces, which mean the same on every board:
//
//   pairs     0 .. 503   one per pair of pieces on the board and its distance:
//                        pair(a, b) x 18 + bucket(distance), pieces a < b numbered owner x 4 + rank
//                        (owner 0 own, 1 theirs; rank cheeSe 0, Mouse 1, Cat 2, Dog 3): 28 pairs;
//                        buckets 0-11 exactly, 12-15, 16-23, 24-31, 32-47, 48 and more, 17 no path
//   presence 504 .. 509  owner x 3 + rank - 1 for each Mouse, Cat and Dog on the board (material, which
//                        decides at the turn limit)
//   variant  510 .. 511  mouse 510, full 511 (a Cat missing in `mouse` is no loss)
//   turns    512 .. 526  turns left, turn_limit - turn: 0-9 exactly, 10-14, 15-19, 20-29, 30-44, 45+
//   race     527 .. 542  owner x 8 + bucket of each Mouse's slack, turns left - its distance to the enemy
//                        cheeSe: 0 it cannot arrive in time (or has no path), then 0, 1, 2, 3, 4-7,
//                        8-15, 16+ turns to spare
//   lead     543 .. 558  both Mice on the board: neither arrives in time 543, only ours 544, only theirs
//                        545, else 546 + 6 + clamp(their arrival - ours, -6, 6) (the race's winner, which
//                        a sum of per-pair weights cannot see)
//
// 559 inputs; at most 28 + 6 + 1 + 1 + 2 + 1 = 39 on in a perspective. A position in the setup phase
// has only its variant and its turns.
//
// Symmetry. The rules are symmetric under the left-right mirror that swaps the colours (each side sets
// up in its own half), and the distances do not change under it (nor under any turn or flip of the
// board), so nothing needs turning: blue's view of a position is red's view of its mirror image, by
// construction. Which side is perspective 0: blue, whose result `gamelab datagen` gives every position
// (entry.cpp's self-play, as features() counts blue's advantage and Texel fits it);
// registry/simultaneous_entry.hpp, simultaneous_sparse_inputs.
//
// For an engine: the pairs of a moved piece change with it; a refresh of 39 inputs is cheap, and
// active_sparse_inputs allocates nothing (the distance table is built once per board and cached).
#include <cstdint>

#include "dcms/state.hpp"

namespace gamelab::dcms {

inline constexpr const char* kSparseInputName = "dcms-distances-v1";
inline constexpr std::uint32_t kSparseInputCount = 559;
inline constexpr int kSparseMaxActive = 39;

// The input of pieces a < b (owner x 4 + rank, seen from the perspective) at `distance` king steps
// (kUnreachable: no path).
std::uint32_t sparse_pair_index(int a, int b, int distance);

// Writes the active inputs of `state` seen from `side` into `out` (room for kSparseMaxActive), in the
// order of the layout above; returns how many. Allocates nothing.
int active_sparse_inputs(const State& state, int side, std::uint32_t* out);

}  // namespace gamelab::dcms
