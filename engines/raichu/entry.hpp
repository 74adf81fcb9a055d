#pragma once
#include "registry/game_entry.hpp"

namespace gamelab::raichu {

// Raichu's record in the game registry.
GameEntry game_entry();

}  // namespace gamelab::raichu
