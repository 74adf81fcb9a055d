#pragma once
// Refereeing Raichu games for the match runner, with the lab's engine or an external bot
// (external_bot.hpp) on either side, self-play, and making opening suites (from the start of the
// board size --n names). The referee and self-play are the play loops of registry/play_loop.hpp over
// Raichu's Play (match.cpp).
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

}  // namespace gamelab::raichu
