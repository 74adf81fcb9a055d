#pragma once
// Refereeing jump chess games for the match runner (the lab's engine or an external bot on either
// side, see judge.hpp), opening suites, and labelled self-play games for Texel tuning. The referee and
// self-play are the play loops of registry/play_loop.hpp over the game's Play (match.cpp).
#include <string>
#include <vector>

#include "registry/game_entry.hpp"

namespace gamelab::jumpchess {

// One game from request.opening; seat 0 moves first from it. A side with no legal move passes without
// being asked. A bot's fault (timeout, illegal or garbage answer, crash) is a pass and the game goes
// on, as in the tournament; the record keeps the first fault (termination, seat) and the reason lists
// every seat's faults, so the result is the tournament's while the fault stays visible.
GameRecord play_game(const GameRequest& request);

// Seeded random plies from the start, deduplicated, kept when a search scores them within the margin.
std::vector<std::string> generate_openings(const OpeningRequest& request);

// One seeded self-play game (both sides the engine with request.params and request.limits, after
// request.random_plies random moves): every position from then on, except with skip_tactical those
// where the side to move has a hop capture, labelled with the final result for its side to move.
std::vector<LabelledPosition> datagen_game(const DatagenRequest& request);

}  // namespace gamelab::jumpchess
