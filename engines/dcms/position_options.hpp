#pragma once
// The position a command names (`gamelab perft|search|show dcms ...`): a position file, which
// Dog-Cat-Mouse-cheeSe's --variant must agree with (or, for a setup-phase board, sets); --side names
// the seat `gamelab search` plays.
#include <vector>

#include "dcms/state.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::dcms {

std::vector<PositionOption> position_options();
State load_position(const PositionSpec& spec);

}  // namespace gamelab::dcms
