#pragma once
#include <string>
#include <vector>

#include "registry/game_entry.hpp"

namespace gamelab {

// Every game gamelab knows, in a fixed order.
const std::vector<GameEntry>& game_registry();

// The game called `name`; InputError listing the known names otherwise.
const GameEntry& find_game(const std::string& name);

}  // namespace gamelab
