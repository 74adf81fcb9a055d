#pragma once
// Refereeing Bullets games for the match runner (the referee loop of registry/play_loop.hpp): seat 0
// is Blue (side 0), seat 1 Red; each seat is the lab's engine or an external bot (external_bot.hpp).
// And Texel tuning data: self-play games of the lab's engine, their positions labelled with the game's
// result from Blue's (side 0's) point of view, as the evaluation sees them (the self-play loop over the
// referee's Play).
#include <string>
#include <vector>

#include "bullets/state.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::bullets {

// One refereed game from request.opening (a position file; its side letter is ignored).
GameRecord play_game(const GameRequest& request);

// Positions where the static evaluation is unreliable: a bullet arrives next to a player next round
// (one of its moves is unsafe), a player is doomed, or a shot would doom a player.
bool tactical(const State& state);

// request.opening: a position file; empty: a board drawn from the tournament's ranges (15-50 x 20-50,
// walls 10-200, round limit 100-2000) with request.seed. Then request.random_plies seeded random joint
// moves (never one that ends the game), then the engine on both sides until the game ends.
std::vector<LabelledPosition> datagen_game(const DatagenRequest& request);

}  // namespace gamelab::bullets
