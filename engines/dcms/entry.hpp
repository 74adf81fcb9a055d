#pragma once
#include "registry/game_entry.hpp"

namespace gamelab::dcms {

// Dog-Cat-Mouse-cheeSe's record in the game registry.
GameEntry game_entry();

}  // namespace gamelab::dcms
