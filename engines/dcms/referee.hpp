#pragma once
// The referee: the tournament's answers (setup tuples, move strings) checked and applied, with the
// penalties of docs/rules/dcms.md. A setup that breaks the placement rule, or a move string that does not
// parse or names a piece it may not move, loses at once; both sides at once: a draw. A timeout is a
// null move (every piece stays); pass stay_action() (actions.hpp) or the empty string for it.
#include <string>
#include <string_view>

#include "dcms/notation.hpp"
#include "dcms/rules.hpp"

namespace gamelab::dcms {

struct RefereeSetup {
  State state;             // in play (turn 0), or over with Forfeit::Setup
  std::string problem[2];  // per side: why its setup was illegal (empty if legal)
};

// Both setup answers in the tournament's form, e.g. "((3, 1), (4, 2))", for a setup-phase state.
RefereeSetup referee_setup(const State& setup, std::string_view blue, std::string_view red);

struct RefereeTurn {
  State state;          // after the joint move, or (an illegal string) the same position, over
  MoveParse parse[2];   // per side: the parsed action or the reason it was illegal
};

// One turn from both move strings. If either is illegal no piece moves and the offending side (or
// both) forfeits with Forfeit::Move; otherwise the turn is played (play()).
RefereeTurn referee_turn(const State& state, std::string_view blue, std::string_view red);

}  // namespace gamelab::dcms
