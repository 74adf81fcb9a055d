#pragma once
// A game's sparse inputs as the registry gives them (GameEntry::sparse_inputs, `gamelab train`): the
// position file parsed by the game, then both perspectives written by the game's
// active_sparse_inputs(state, side, out) (found by argument-dependent lookup) into a buffer on the
// stack. Which side is perspective 0 is the one thing the two game shapes do differently, so it is
// the one argument: the side to move in a turn-based game (alphabeta_entry.hpp,
// side_to_move_sparse_inputs), side 0 (blue) in a simultaneous one (simultaneous_entry.hpp,
// simultaneous_sparse_inputs) — in each case the side whose result the self-play labels give
// (registry/play_loop.hpp, self_play), so that the model's output speaks for the label's side.
#include <array>
#include <cstdint>
#include <string>
#include <utility>

#include "registry/game_entry.hpp"

namespace gamelab {

// `parse(text, source)` gives the game's state; `views(state)` the two sides, perspective 0's first.
template <int MaxActive, class Parse, class Views>
SparseInputSet sparse_input_set(std::string name, std::uint32_t count, Parse parse, Views views) {
  SparseInputSet set;
  set.name = std::move(name);
  set.count = count;
  set.max_active = MaxActive;
  set.active = [parse, views](const std::string& text, SparseInputs& out) {
    const auto state = parse(text, "position");
    const auto sides = views(state);
    std::uint32_t indices[MaxActive];
    for (int view = 0; view < 2; ++view) {
      const int n = active_sparse_inputs(state, sides[view], indices);
      out.perspective[view].assign(indices, indices + n);
    }
  };
  return set;
}

}  // namespace gamelab
