#pragma once
// An external Bullets bot speaking the tournament's protocol (docs/rules/bullets.md): the program is
// started afresh every turn, reads the tournament's input on standard input and prints one integer 0-8.
//
// Faults, as the tournament treats them, and how the lab records them (docs/rules/bullets.md §8):
//  - output that is not exactly one integer 0-8 (blanks and line ends around it allowed): the game is
//    forfeited at once — termination "illegal", the bot's seat at fault;
//  - no output within the time limit: the turn is played as 8 and the game goes on, as in the
//    tournament; the lab still records it: the joint move is marked, and a game that then ends by the
//    rules keeps its score but is recorded with termination "timeout" (or "crash" when the bot exited
//    or died without output) and the first seat that failed, so the match counts it;
//  - a valid answer counts even if the bot then crashes or lingers (only the output is read);
//  - a program that cannot be started at all forfeits ("crash").
#include <string>

#include "bullets/rules.hpp"
#include "registry/play_loop.hpp"

namespace gamelab::bullets {

// The action played (8 when there was no answer), the fault (Normal: a valid answer in time), whether
// the game is lost at once (garbage, or no program) and what went wrong, for the record.
using BotAnswer = loop::Answer<Action>;

// Asks `bot` for `side`'s action in `state` (not over), within bot.time_limit_s seconds.
BotAnswer ask_external_bot(const PlayerSpec& bot, const State& state, Side side);

}  // namespace gamelab::bullets
