#include "bullets/search_actions.hpp"

#include <cstdlib>

namespace gamelab::bullets {

bool surely_loses(const State& s, Side side, Action action) {
  const Board& board = *s.board;
  const int from = s.player[side];
  const std::uint32_t next = s.round + 1;
  if (is_shot(action)) {
    // The shooter stays; its own bullet stays on its square if a wall is right ahead.
    if (board.wall(board.step(from, direction_of(action)))) return true;
    return s.bullet_on(from, next);
  }
  int to = from;
  if (is_move(action) && !board.wall(board.step(from, direction_of(action)))) to = board.step(from, direction_of(action));
  if (!s.bullet_on(to, next)) return false;
  if (to == from) return true;
  // A collision sends both players back: only if the other player stands on `to` or next to it.
  const int them = s.player[other(side)];
  const int gap = std::abs(board.row_of(to) - board.row_of(them)) + std::abs(board.col_of(to) - board.col_of(them));
  return gap > 1;
}

void generate_search_actions(const State& s, Side side, ActionList& actions) {
  ActionList all;
  generate_actions(s, side, all);
  actions.clear();
  for (const Action a : all) {
    if (!surely_loses(s, side, a)) actions.push_back(a);
  }
  if (actions.empty()) actions = all;
}

}  // namespace gamelab::bullets
