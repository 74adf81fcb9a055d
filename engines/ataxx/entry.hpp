#pragma once
#include "registry/game_entry.hpp"

namespace gamelab::ataxx {

GameEntry game_entry();

}  // namespace gamelab::ataxx
