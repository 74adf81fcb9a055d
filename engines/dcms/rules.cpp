#include "dcms/rules.hpp"

#include "core/enum_names.hpp"

namespace gamelab::dcms {

namespace {

Outcome win_for(int side) { return side == kBlue ? Outcome::BlueWins : Outcome::RedWins; }

}  // namespace

Result result(const State& state) {
  if (state.phase == Phase::Setup) return {};
  if (state.forfeits != 0) {
    const EndReason reason = state.forfeit_kind == Forfeit::Setup ? EndReason::IllegalSetup : EndReason::IllegalMove;
    if (state.forfeits == 3) return {Outcome::Draw, reason};
    return {win_for(state.forfeits == 1 ? kRed : kBlue), reason};
  }
  const bool blue_cheese = state.on_board(kBlue, kCheese);
  const bool red_cheese = state.on_board(kRed, kCheese);
  if (!blue_cheese && !red_cheese) return {Outcome::Draw, EndReason::BothCheesesEaten};
  if (!blue_cheese) return {Outcome::RedWins, EndReason::CheeseEaten};
  if (!red_cheese) return {Outcome::BlueWins, EndReason::CheeseEaten};
  if (state.turn >= state.turn_limit) {
    const int blue = state.piece_count(kBlue);
    const int red = state.piece_count(kRed);
    if (blue == red) return {Outcome::Draw, EndReason::TurnLimit};
    return {blue > red ? Outcome::BlueWins : Outcome::RedWins, EndReason::TurnLimit};
  }
  return {};
}

bool ends_before_moves(const State& state) {
  return state.phase == Phase::Setup || state.forfeits != 0 || !state.on_board(kBlue, kCheese) ||
         !state.on_board(kRed, kCheese) || state.turn >= state.turn_limit;
}

int points(Outcome outcome, int side) {
  switch (outcome) {
    case Outcome::Draw: return 1;
    case Outcome::BlueWins: return side == kBlue ? 3 : 0;
    case Outcome::RedWins: return side == kRed ? 3 : 0;
    case Outcome::Ongoing: return 0;
  }
  return 0;
}

const char* to_string(Outcome outcome) { return name_in(outcome, {"ongoing", "blue wins", "red wins", "draw"}); }  // the enum's order
const char* to_string(EndReason reason) { return name_in(reason, {"none", "illegal setup", "illegal move", "cheeSe eaten", "both cheeSes eaten", "turn limit"}); }  // the enum's order

}  // namespace gamelab::dcms
