#pragma once
#include "registry/game_entry.hpp"

namespace gamelab::jumpchess {

// Jump chess's record in the game registry.
GameEntry game_entry();

}  // namespace gamelab::jumpchess
