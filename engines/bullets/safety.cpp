#include "bullets/safety.hpp"

#include "bullets/eval.hpp"

namespace gamelab::bullets {

bool hit_or_doomed(const State& s, Side side) { return (s.hit >> side) & 1 || reach(s, side).doomed(); }

bool is_safe(const State& s, Side side, Action action) {
  ActionList theirs;
  generate_actions(s, other(side), theirs);
  for (const Action b : theirs) {
    if (hit_or_doomed(side == Blue ? play(s, action, b) : play(s, b, action), side)) return false;
  }
  return true;
}

std::vector<Action> safe_actions(const State& s, Side side) {
  ActionList mine;
  generate_actions(s, side, mine);
  std::vector<Action> safe;
  for (const Action a : mine) {
    if (is_safe(s, side, a)) safe.push_back(a);
  }
  return safe;
}

}  // namespace gamelab::bullets
