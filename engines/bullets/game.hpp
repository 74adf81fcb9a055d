#pragma once
// Bullets as seen by the generic searches in engines/search (simultaneous perft, later the
// simultaneous-move searches). Side 0 is Blue, side 1 Red.
#include "bullets/rules.hpp"
#include "bullets/state.hpp"

namespace gamelab::bullets {

struct Game {
  using State = bullets::State;
  using Action = bullets::Action;
  using ActionList = bullets::ActionList;
  static constexpr const char* kName = "bullets";

  static bool ends_before_moves(const State& s) { return bullets::ends_before_moves(s); }
  static void generate_actions(const State& s, int side, ActionList& actions) {
    bullets::generate_actions(s, static_cast<Side>(side), actions);
  }
  static State play(const State& s, const Action& blue, const Action& red) { return bullets::play(s, blue, red); }
};

}  // namespace gamelab::bullets
