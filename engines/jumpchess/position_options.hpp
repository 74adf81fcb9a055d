#pragma once
// The position a command names (`gamelab perft|search|show jumpchess ...`): a position file, a board of
// 64 digits or the start, with jump chess's own position options --side and --moves, then the moves
// of --path played from it.
#include <vector>

#include "jumpchess/state.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::jumpchess {

std::vector<PositionOption> position_options();
State load_position(const PositionSpec& spec);

}  // namespace gamelab::jumpchess
