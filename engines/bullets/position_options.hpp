#pragma once
// The position a command names (`gamelab perft|search|show bullets ...`): --board FILE (or - for
// standard input), else a board generated from Bullets' own position options, --seed, --rows, --cols,
// --walls and --rounds.
#include <cstdint>
#include <vector>

#include "bullets/notation.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::bullets {

std::vector<PositionOption> position_options();
// --seed, default 1: the generated board's, and the search's.
std::uint64_t seed_option(const PositionSpec& spec);
Position load_position(const PositionSpec& spec);

}  // namespace gamelab::bullets
