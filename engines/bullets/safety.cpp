#include "bullets/safety.hpp"

#include "bullets/eval.hpp"

namespace gamelab::bullets {

bool hit_or_doomed(const State& s, Side side) { return (s.hit >> side) & 1 || reach(s, side).doomed(); }

std::vector<Action> safe_actions(const State& s, Side side) {
  ActionList mine, theirs;
  generate_actions(s, side, mine);
  generate_actions(s, other(side), theirs);
  std::vector<Action> safe;
  for (const Action a : mine) {
    bool ok = true;
    for (std::size_t j = 0; ok && j < theirs.size(); ++j) {
      const State t = side == Blue ? play(s, a, theirs[j]) : play(s, theirs[j], a);
      ok = !hit_or_doomed(t, side);
    }
    if (ok) safe.push_back(a);
  }
  return safe;
}

}  // namespace gamelab::bullets
