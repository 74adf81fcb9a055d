#pragma once
// What every game's sparse inputs must be on any position (docs/tools/train.md §1), for each game's
// inputs test: each perspective's indices below the set's count, none twice, at most max_active; and
// the two perspectives of a position compared as sets (the order within one is the game's).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "registry/game_entry.hpp"

namespace train_test {

inline std::vector<std::uint32_t> sorted(std::vector<std::uint32_t> inputs) {
  std::sort(inputs.begin(), inputs.end());
  return inputs;
}

inline void require_well_formed(const gamelab::SparseInputSet& set, const gamelab::SparseInputs& inputs) {
  for (int view = 0; view < 2; ++view) {
    INFO("perspective " << view);
    const std::vector<std::uint32_t> active = sorted(inputs.perspective[view]);
    REQUIRE(active.size() <= set.max_active);
    REQUIRE((active.empty() || active.back() < set.count));
    REQUIRE(std::adjacent_find(active.begin(), active.end()) == active.end());
  }
}

}  // namespace train_test
