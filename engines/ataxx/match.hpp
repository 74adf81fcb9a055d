#pragma once
// Ataxx's games for the match runner (the lab's engine or any UAI engine on a seat) and for datagen
// (self-play): the play loops of registry/play_loop.hpp over Ataxx's Play (match.cpp).
#include <vector>

#include "registry/game_entry.hpp"

namespace gamelab::ataxx {

GameRecord play_game(const GameRequest& request);
std::vector<LabelledPosition> datagen_game(const DatagenRequest& request);

}  // namespace gamelab::ataxx
