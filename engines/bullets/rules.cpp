#include "bullets/rules.hpp"

#include <cassert>

#include "core/enum_names.hpp"

namespace gamelab::bullets {

void generate_actions(const State& state, Side side, ActionList& actions) {
  actions.clear();
  const Board& board = *state.board;
  const int from = state.player[side];
  for (Action a = 0; a < 4; ++a) {
    if (!board.wall(board.step(from, direction_of(a)))) actions.push_back(a);
  }
  for (Action a = 4; a <= kNothing; ++a) actions.push_back(a);
}

State play(const State& state, Action blue, Action red) {
  assert(!state.over());
  assert(blue < kActionCount && red < kActionCount);
  State next = state;
  const Board& board = *state.board;
  const Action actions[2] = {blue, red};
  int to[2];
  for (int side = 0; side < 2; ++side) {
    const int from = state.player[side];
    const Action a = actions[side];
    to[side] = from;
    if (is_move(a)) {
      const int target = board.step(from, direction_of(a));
      if (!board.wall(target)) to[side] = target;
    } else if (is_shot(a)) {
      add_bullet(next, from, direction_of(a));
    }
  }
  if (to[Blue] == to[Red]) {
    to[Blue] = state.player[Blue];
    to[Red] = state.player[Red];
  }
  if (to[Blue] != state.player[Blue]) set_player(next, Blue, to[Blue]);
  if (to[Red] != state.player[Red]) set_player(next, Red, to[Red]);
  set_round(next, state.round + 1);
  update_hits(next);
  return next;
}

Result result(const State& state) {
  switch (state.hit) {
    case 1: return {Outcome::RedWins, EndReason::Hit};
    case 2: return {Outcome::BlueWins, EndReason::Hit};
    case 3: return {Outcome::Draw, EndReason::BothHit};
    default: break;
  }
  if (state.round >= state.limit) return {Outcome::Draw, EndReason::RoundLimit};
  return {};
}

const char* to_string(Outcome outcome) { return name_in(outcome, {"ongoing", "blue wins", "red wins", "draw"}); }  // the enum's order
const char* to_string(EndReason reason) { return name_in(reason, {"none", "hit", "both hit", "round limit"}); }  // the enum's order

}  // namespace gamelab::bullets
