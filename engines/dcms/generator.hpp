#pragma once
// The seeded board generator (docs/rules/dcms.md §8 Boards for self-play): random inner walls, mirrored
// left<->right so that both halves are equal, every empty square reachable from every other by king
// steps (the way every piece moves), and each side with at least one square to set up on.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "dcms/board.hpp"
#include "dcms/state.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::dcms {

constexpr int kGeneratorMinRows = 3;
constexpr int kGeneratorMinCols = 4;  // a narrower board leaves a side no setup square
constexpr double kGeneratorMaxDensity = 0.5;

// InputError naming `what` if a board of this size and wall density cannot be generated: rows 3..64,
// cols 4..64, density in [0, 0.5].
void check_generator_params(int rows, int cols, double density, const std::string& what = "board generator");

// A rows x cols board whose inner walls cover about `density` of the inner squares. Walls are drawn in
// mirrored pairs (one wall on the middle column of an odd width) in a seeded random order; a wall that
// would cut the empty squares apart or leave a side without a setup square is skipped, so a dense
// target may end with fewer walls. The same arguments always give the same board.
Board generate_board(int rows, int cols, double density, std::uint64_t seed);

// wall(r, c) == wall(r, cols-1-c) for every square.
bool is_mirrored(const Board& board);
// Every empty square reachable from every other by king steps through empty squares (and at least one
// empty square).
bool is_connected(const Board& board);
// Walls off the border.
int inner_wall_count(const Board& board);

// `gamelab boards dcms`: sizes and densities drawn per board from ranges.
struct SuiteOptions {
  int min_rows = 7, max_rows = 15;
  int min_cols = 8, max_cols = 21;
  double min_density = 0.05, max_density = 0.25;
  Variant variant = Variant::Full;  // written in each file's first line
};
// From the command line's values ("rows" -> "11" or "7-15", "cols", "density" -> "0.1" or
// "0.05-0.25", "variant" -> "mouse"/"full"); InputError naming the flag for a bad value or range.
SuiteOptions parse_suite_options(const std::map<std::string, std::string>& values);

// Each board a setup-phase position file with a comment line saying how it was made, named
// "board-007-11x15.txt" (registry/game_entry.hpp's GeneratedBoard). Board i is generated from derive_seed(seed, i) (core/rng.hpp), so the first k boards of a suite
// do not depend on how many are asked for.
std::vector<GeneratedBoard> generate_suite(std::uint64_t seed, int count, const SuiteOptions& options);

}  // namespace gamelab::dcms
