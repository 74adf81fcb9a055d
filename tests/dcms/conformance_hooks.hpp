#pragma once
// What the conformance suite's typed checks need of Dog-Cat-Mouse-cheeSe beyond its adapter
// (conformance/game_types.hpp): its MCTS's search game, whose states carry the search's configuration
// (the evaluation's weights ranking quiet moves) beside the position.
#include <vector>

#include "dcms/game.hpp"

template <>
struct conformance::LeafSearch<gamelab::dcms::Game> {
  using SearchGame = gamelab::dcms::SearchGame;
  struct Leaves {
    explicit Leaves(const std::vector<int>& weights) { config.weights = weights.data(); }
    Leaves(const Leaves&) = delete;  // the states point at config
    SearchGame::State operator()(const gamelab::dcms::State& s) const { return {s, &config}; }
    gamelab::dcms::SearchConfig config;
  };
  static const gamelab::dcms::State& position(const SearchGame::State& s) { return s.state; }
};
