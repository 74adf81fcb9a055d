#pragma once
// An external Raichu bot speaking the tournament's protocol (docs/rules/raichu.md): the program is
// started afresh every move as `COMMAND N PLAYER BOARD TIMELIMIT`, and the last complete board line it
// prints before the limit is its move.
#include <string>

#include "raichu/state.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::raichu {

struct BotMove {
  Termination termination = Termination::Normal;
  Move move;           // valid when termination is Normal
  State next;          // valid when termination is Normal
  std::string detail;  // what went wrong, for the record (Normal: the move's text)
};
BotMove ask_external_bot(const PlayerSpec& bot, const State& state);

}  // namespace gamelab::raichu
