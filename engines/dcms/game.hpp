#pragma once
// Dog-Cat-Mouse-cheeSe as seen by the generic searches in engines/search (simultaneous perft, and the
// simultaneous-move searches to come).
#include "dcms/actions.hpp"
#include "dcms/rules.hpp"
#include "dcms/state.hpp"

namespace gamelab::dcms {

struct Game {
  using State = dcms::State;
  using Action = dcms::Action;
  using ActionList = dcms::ActionList;
  static constexpr const char* kName = "dcms";

  static bool ends_before_moves(const State& s) { return dcms::ends_before_moves(s); }
  static void generate_actions(const State& s, int side, ActionList& actions) {
    dcms::generate_actions(s, side, actions);
  }
  static State play(const State& s, const Action& blue, const Action& red) { return dcms::play(s, blue, red); }
};

}  // namespace gamelab::dcms
