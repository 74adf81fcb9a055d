#pragma once
// The position a command names (`gamelab perft|search|show raichu ...`): --board as a board string or
// a position file, and Raichu's own position options, --n and --side.
#include <map>
#include <string>
#include <vector>

#include "raichu/state.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::raichu {

std::vector<PositionOption> position_options();
State load_position(const PositionSpec& spec);
// The board size `--n` names among a command's options (positions, openings, tables): 8 without it.
int board_size_option(const std::map<std::string, std::string>& options);

}  // namespace gamelab::raichu
