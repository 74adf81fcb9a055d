#pragma once
// What the conformance suite's typed checks need of Bullets beyond its adapter (conformance/game_types.hpp):
// its MCTS's search game, whose states are the adapter's.
#include <vector>

#include "bullets/game.hpp"

template <>
struct conformance::LeafSearch<gamelab::bullets::Game> {
  using SearchGame = gamelab::bullets::SearchGame;
  struct Leaves {
    explicit Leaves(const std::vector<int>&) {}
    const SearchGame::State& operator()(const gamelab::bullets::State& s) const { return s; }
  };
  static const gamelab::bullets::State& position(const SearchGame::State& s) { return s; }
};
