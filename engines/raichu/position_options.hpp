#pragma once
// The position a command names (`gamelab perft|search|show raichu ...`): --board as a board string or
// a position file, and Raichu's own position options, --n and --side.
#include <vector>

#include "raichu/state.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::raichu {

std::vector<PositionOption> position_options();
State load_position(const PositionSpec& spec);

}  // namespace gamelab::raichu
