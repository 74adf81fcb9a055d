#pragma once
// Raichu's Texel hooks (GameEntry::features, GameEntry::datagen_game): the evaluation's sparse
// features of a position text, and one labelled self-play game (match.cpp: the self-play loop of
// registry/play_loop.hpp over the referee's Play).
#include <string>
#include <vector>

#include "registry/game_entry.hpp"

namespace gamelab::raichu {

// The features of a position file's text (side to move's view; indices are raichu::Feature).
std::vector<EvalFeature> position_features(const std::string& position_text);

// Seeded random plies from the opening (the n = 8 start when empty), then the engine plays both sides
// at the request's limits. Every position from the end of the random plies to the end of the game
// is labelled with the final result from its side to move's view; with skip_tactical, positions where
// the side to move has a capture are left out (the static evaluation misjudges them). A game that ends
// during the random plies gives no position.
std::vector<LabelledPosition> datagen_game(const DatagenRequest& request);

}  // namespace gamelab::raichu
