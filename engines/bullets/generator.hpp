#pragma once
// Bullets boards from a seed, made the way the tournament makes them (docs/rules/bullets.md): `walls / 2` times
// pick a random square (border included) and make it and its 180°-rotated twin walls; then clear both
// start squares; then make the border walls. The board is symmetric for both players.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "bullets/board.hpp"
#include "core/rng.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::bullets {

// The wall layout (index r * cols + c). Squares are drawn row first, then column, with rng.below().
std::vector<bool> generate_walls(int rows, int cols, int walls, Rng& rng);

// The interned board generated from `seed`.
const Board* generate_board(int rows, int cols, int walls, std::uint64_t seed);

// The tournament's ranges (docs/rules/bullets.md): height 15-50, width 20-50, walls 10-200, round limit 100-2000.
struct BoardRanges {
  int rows_min = 15, rows_max = 50;
  int cols_min = 20, cols_max = 50;
  int walls_min = 10, walls_max = 200;
  int limit_min = 2000, limit_max = 2000;
};

// Parses "A" or "A-B" (A <= B) within [lo, hi]; InputError naming `what` otherwise.
void parse_range(const std::string& text, const std::string& what, int lo, int hi, int& min, int& max);

// `gamelab boards bullets`: board k of the suite is drawn from derive_seed(seed, k) — sizes, wall count
// and limit uniformly within the ranges, then the walls — and written as a position file at round 0.
std::vector<GeneratedBoard> generate_suite(std::uint64_t seed, int count, const BoardRanges& ranges);

// The board options of `gamelab boards bullets` and of the position-taking commands.
BoardRanges board_ranges(const std::map<std::string, std::string>& options);

}  // namespace gamelab::bullets
