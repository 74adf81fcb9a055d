#pragma once
// Refereeing Raichu games for the match runner, with the lab's engine or an external bot on either
// side, self-play, and making opening suites. The referee and self-play are the play loops of
// registry/play_loop.hpp over Raichu's Play (match.cpp).
#include <string>
#include <vector>

#include "raichu/state.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::raichu {

GameRecord play_game(const GameRequest& request);
std::vector<std::string> generate_openings(const OpeningRequest& request);

// One labelled self-play game (GameEntry::datagen_game): seeded random plies from the opening (the
// n = 8 start when empty), then the engine on both sides at the request's limits; every position from
// the end of the random plies on is labelled with the final result from its side to move's view (with
// skip_tactical, positions where the side to move has a capture are left out). A game that ends
// during the random plies gives no position.
std::vector<LabelledPosition> datagen_game(const DatagenRequest& request);

// One move from an external bot speaking the tournament's protocol (docs/rules/raichu.md):
// `COMMAND N PLAYER BOARD TIMELIMIT`, the last complete board line printed before the limit counts.
struct BotMove {
  Termination termination = Termination::Normal;
  Move move;           // valid when termination is Normal
  State next;          // valid when termination is Normal
  std::string detail;  // what went wrong, for the record (Normal: the move's text)
};
BotMove ask_external_bot(const PlayerSpec& bot, const State& state);

}  // namespace gamelab::raichu
