#pragma once
// One game of a game the lab has no code for, played by running its referee program
// (referee_spec.hpp), and such games as entries the match runner, the tuners and the gate look up by
// name like the lab's own (a GameEntry built at run time).
//
// For each game the lab writes one small executable per player (a /bin/sh script in a fresh
// temporary folder, named after the engine) that starts the player's command with its parameters
// and node budget (GAMELAB_PARAMS, GAMELAB_NODES: external_call.hpp) and passes on its arguments;
// {first} and {second} become their paths. So each player carries its own values although the
// referee starts both. The referee runs without a shell in its own process group, killed whole at
// the game's timeout; the lab watches whether it started the players at all.
#include <cstdint>
#include <string>

#include "eval/match/referee_spec.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::eval {

struct RefereeGame {
  gamelab::GameRecord record;  // a referee fault: termination not Normal and fault -1, score 0.5
  bool referee_fault = false;
  bool started[2] = {false, false};  // whether the referee ran each seat's program
  std::string opening;               // the JSON result's "opening", if it gave one
  std::string log;                   // what it printed, cut to spec.log_bytes (docs/tools/referee.md)
};

// Plays one game: `request.players` in seat order (seat 0 is {first}), `pair` and `game` (1 or 2) for
// the placeholders and the log. The players must be external programs (their commands as
// ExternalCall made them, with their parameters and budget).
RefereeGame play_referee_game(const RefereeSpec& spec, const GameRequest& request, std::uint64_t pair, int game);

// Registers the referee's game (checked) so that find_match_game finds it, in this process; the
// same definition again is a no-op, another under the same name an InputError. Not thread-safe:
// call it before any game is played.
const GameEntry& register_referee_game(const RefereeSpec& spec);
// The referee definition of a registered referee game, or null for the lab's own games.
const RefereeSpec* referee_of(const std::string& game);

// The game called `name`: a registered referee game, else the lab's (find_game's InputError).
const GameEntry& find_match_game(const std::string& name);

}  // namespace gamelab::eval
