#pragma once
#include "registry/game_entry.hpp"

namespace gamelab::bullets {

// Bullets' record in the game registry.
GameEntry game_entry();

}  // namespace gamelab::bullets
