#pragma once
// Search limits, parameter sets and engines as the engines' tests build them.
#include <cstdint>
#include <initializer_list>
#include <utility>

#include "core/limits.hpp"
#include "core/params.hpp"
#include "search/alphabeta.hpp"

namespace gamelab_test {

// A search limited to depth `d`.
inline gamelab::SearchLimits depth(int d) {
  gamelab::SearchLimits limits;
  limits.depth = d;
  return limits;
}

// A search limited to `n` nodes (iterations, for the tree searches).
inline gamelab::SearchLimits iterations(std::uint64_t n) {
  gamelab::SearchLimits limits;
  limits.nodes = n;
  return limits;
}

// `params` with some values changed.
inline gamelab::ParamSet with_values(gamelab::ParamSet params,
                                     std::initializer_list<std::pair<const char*, int>> values) {
  for (const auto& [name, value] : values) params.set(name, value);
  return params;
}

// An alpha-beta engine for `Game` with the weights and search knobs of `params`.
template <class Game>
gamelab::search::AlphaBeta<Game> alphabeta(const gamelab::ParamSet& params) {
  return gamelab::search::AlphaBeta<Game>(params.values(), gamelab::search::AlphaBetaKnobs::from(params));
}

}  // namespace gamelab_test
