#pragma once
// The end of a Dog-Cat-Mouse-cheeSe game (docs/rules/dcms.md §6 End) and the tournament's points.
#include <cstdint>

#include "core/enum_names.hpp"
#include "dcms/state.hpp"

namespace gamelab::dcms {

enum class Outcome : std::uint8_t { Ongoing, BlueWins, RedWins, Draw };
enum class EndReason : std::uint8_t {
  None,
  IllegalSetup,      // a side placed a piece outside its half or on a wall (both: draw)
  IllegalMove,       // a side's move string was illegal (both in the same turn: draw)
  CheeseEaten,       // one cheeSe was eaten: its side lost
  BothCheesesEaten,  // both in the same turn: draw
  TurnLimit,         // turn_limit turns played: more pieces on the board wins, equal draws
};

using Result = GameResult<Outcome, EndReason>;

// The end rules, in this order:
//  1. forfeits (illegal setup or move string): that side lost; both sides in the same step: draw;
//  2. a side whose cheeSe is off the board lost; both cheeSes off the board: draw;
//  3. after turn_limit turns, the side with more pieces on the board wins, equal counts draw. Both
//     cheeSes are on the board whenever this rule is reached, so counting them or not gives the same
//     result; piece_count() counts them.
// A setup-phase state is Ongoing (the game has not started).
Result result(const State& state);

// The game is over whatever the actions (rules 1-3 above), or it has not started (setup phase): no
// actions are generated from such a state.
bool ends_before_moves(const State& state);

// Tournament points for `side`: win 3, draw 1, loss 0 (an ongoing game scores 0).
int points(Outcome outcome, int side);

const char* to_string(Outcome outcome);
const char* to_string(EndReason reason);

}  // namespace gamelab::dcms
