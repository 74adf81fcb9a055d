#include "bullets/analysis.hpp"

#include <algorithm>
#include <cstdlib>
#include <queue>
#include <tuple>

#include "bullets/hunt.hpp"

namespace gamelab::bullets {

namespace {

// `set` moved by `by` cells towards higher indices (negative: lower), bits falling off dropped.
CellSet shifted(const CellSet& set, int by) {
  CellSet out{};
  const int n = kCellWords;
  if (by >= 0) {
    const int words = by >> 6, bits = by & 63;
    for (int i = n - 1; i >= words; --i) {
      std::uint64_t v = set[i - words] << bits;
      if (bits && i - words - 1 >= 0) v |= set[i - words - 1] >> (64 - bits);
      out[i] = v;
    }
  } else {
    const int words = (-by) >> 6, bits = (-by) & 63;
    for (int i = 0; i + words < n; ++i) {
      std::uint64_t v = set[i + words] >> bits;
      if (bits && i + words + 1 < n) v |= set[i + words + 1] << (64 - bits);
      out[i] = v;
    }
  }
  return out;
}

bool empty(const CellSet& set) {
  return std::all_of(set.begin(), set.end(), [](std::uint64_t w) { return w == 0; });
}

int first_cell(const CellSet& set) {
  for (int i = 0; i < kCellWords; ++i) {
    if (set[i]) return i * 64 + __builtin_ctzll(set[i]);
  }
  return -1;
}

// `cell` if `set` holds it (the plan then ends where it stands), else the set's first square.
int nearest(const CellSet& set, int cell) { return contains(set, cell) ? cell : first_cell(set); }

// Walking in space-time: the squares the shooter can stand on alive, round after round.
class Walker {
 public:
  Walker(const Board& board, int target) : board_(board), cols_(board.cols()) {
    // Squares a walker may step onto: open, and not the target (the collision sends it back: the same
    // as staying, which is always among the choices).
    for (int cell = 0; cell < board.cells(); ++cell) {
      if (!board.wall(cell) && cell != target) insert(open_, cell);
    }
  }

  // Where the walker can be one round later, from `now`, with `danger` holding the squares a bullet is
  // on at that round.
  CellSet step(const CellSet& now, const CellSet& danger) const {
    CellSet moved = now;
    const CellSet up = shifted(now, -cols_), down = shifted(now, cols_), left = shifted(now, -1), right = shifted(now, 1);
    for (int i = 0; i < kCellWords; ++i) {
      moved[i] |= (up[i] | down[i] | left[i] | right[i]) & open_[i];
      moved[i] &= ~danger[i];
    }
    return moved;
  }

  // A square of `before` from which one action leads to `cell`, and that action (a move, or 8).
  std::pair<int, Action> predecessor(const CellSet& before, int cell) const {
    if (contains(before, cell)) return {cell, kNothing};
    for (const Dir d : kAllDirs) {
      const int from = board_.step(cell, reverse(d));
      if (!board_.wall(from) && contains(before, from)) return {from, static_cast<Action>(d)};
    }
    return {-1, kNothing};
  }

 private:
  const Board& board_;
  int cols_;
  CellSet open_{};
};

// A shot to try: fired from `square` in direction `dir` by a shooter standing there at round `round`
// (played in the turn from `round` to `round` + 1), its bullet on the target at round `hit`.
struct Shot {
  std::uint32_t hit;
  std::uint32_t round;
  int square;
  Dir dir;
  bool operator>(const Shot& o) const {
    return std::tie(hit, round, square, dir) > std::tie(o.hit, o.round, o.square, o.dir);
  }
};

// The actions that walk `path` (one square set per round, `path[k]` holding `end` at its last round)
// backwards from `end`: the action of each turn, in play order.
std::vector<Action> walk_back(const Walker& walker, const std::vector<CellSet>& path, std::size_t last, int end) {
  std::vector<Action> actions(last);
  int cell = end;
  for (std::size_t k = last; k > 0; --k) {
    const auto [from, action] = walker.predecessor(path[k - 1], cell);
    actions[k - 1] = action;
    cell = from;
  }
  return actions;
}

}  // namespace

std::optional<HitPlan> plan_hit(const State& s, Side shooter) {
  const Board& board = *s.board;
  const int target = s.player[other(shooter)];
  const int start = s.player[shooter];
  const std::uint32_t limit = s.limit;
  if (s.over()) return std::nullopt;

  // A bullet already flying towards the target, the first round it is on it.
  std::optional<std::uint32_t> flying;
  if (const auto k = time_to_bullet(s, target, static_cast<int>(limit - s.round)); k && *k > 0) {
    flying = s.round + static_cast<std::uint32_t>(*k);
  }
  // No square of the target's runs within walking reach and no bullet on its way: never.
  const FiringMap map = firing_map(board, target);
  if (map.at(start) == kNoFiringTime && !flying) return std::nullopt;

  // The target's runs: (square, its distance to the target, the direction towards the target).
  struct Firing {
    int square;
    int distance;
    Dir towards;
  };
  std::vector<Firing> firing;
  for (const Dir d : kAllDirs) {
    int cell = target;
    for (int k = 1; !board.wall(board.step(cell, d)); ++k) {
      cell = board.step(cell, d);
      firing.push_back({cell, k, reverse(d)});
    }
  }

  const Walker walker(board, target);
  std::vector<CellSet> reach;  // reach[k]: where the shooter can stand alive at round s.round + k
  reach.push_back(CellSet{});
  insert(reach[0], start);
  std::priority_queue<Shot, std::vector<Shot>, std::greater<Shot>> shots;

  // Survives the shot `shot` until its hit: the path after the shot, or nothing.
  const auto survive = [&](const Shot& shot) -> std::optional<std::vector<Action>> {
    State with = s;
    set_round(with, shot.round);
    add_bullet(with, shot.square, shot.dir);
    std::vector<CellSet> path(1);
    const std::uint32_t first = shot.round + 1;
    // The shooter stays on its square during the shooting turn.
    if (contains(bullet_squares_at(with, first), shot.square)) return std::nullopt;
    insert(path[0], shot.square);
    for (std::uint32_t round = first + 1; round <= shot.hit; ++round) {
      path.push_back(walker.step(path.back(), bullet_squares_at(with, round)));
      if (empty(path.back())) return std::nullopt;
    }
    return walk_back(walker, path, path.size() - 1, nearest(path.back(), shot.square));
  };

  for (std::uint32_t round = s.round;; ++round) {
    const std::size_t k = round - s.round;
    const CellSet& here = reach[k];
    if (empty(here)) return std::nullopt;  // hit whatever it does
    if (flying && *flying == round) {
      HitPlan plan;
      plan.hit_round = round;
      plan.actions = walk_back(walker, reach, k, nearest(here, start));
      return plan;
    }
    if (round >= limit) return std::nullopt;
    for (const Firing& f : firing) {
      if (!contains(here, f.square)) continue;
      shots.push({round + static_cast<std::uint32_t>(f.distance), round, f.square, f.towards});
      // Away from the target: it turns round at the wall and comes back over the shooter's square
      // (a wall right there turns it onto the shooter at once).
      const Dir away = reverse(f.towards);
      if (board.wall(board.step(f.square, away))) continue;
      const int slot = board.slot(f.square, away, round);
      const int cycle = board.cycle_length(f.square, away >= Left ? 0 : 1);
      for (int j = 1; j <= cycle; ++j) {
        if (board.place(slot, round + static_cast<std::uint32_t>(j)).cell == target) {
          shots.push({round + static_cast<std::uint32_t>(j), round, f.square, away});
          break;
        }
      }
    }
    // A shot still to be found is fired at round + 1 or later and hits at round + 2 or later.
    while (!shots.empty() && shots.top().hit <= round + 1) {
      const Shot shot = shots.top();
      shots.pop();
      if (shot.hit > limit || (flying && *flying < shot.hit)) continue;
      const auto after = survive(shot);
      if (!after) continue;
      HitPlan plan;
      plan.hit_round = shot.hit;
      plan.shot_round = shot.round;
      plan.shot_square = shot.square;
      plan.actions = walk_back(walker, reach, shot.round - s.round, shot.square);
      plan.actions.push_back(static_cast<Action>(4 + shot.dir));
      plan.actions.insert(plan.actions.end(), after->begin(), after->end());
      return plan;
    }
    reach.push_back(walker.step(here, bullet_squares_at(s, round + 1)));
  }
}

std::optional<std::string> unreachable_proof(const State& s, Side shooter) {
  const Board& board = *s.board;
  const int target = s.player[other(shooter)];
  const FiringMap map = firing_map(board, target);
  if (map.at(s.player[shooter]) != kNoFiringTime) return std::nullopt;
  // The shooter's area: every square it can walk to (never through the target).
  const std::vector<int> steps = walk_steps(board, s.player[shooter], target);
  const auto area = std::count_if(steps.begin(), steps.end(), [](int k) { return k >= 0; });
  const auto at = [&](int cell) {
    return "(" + std::to_string(board.row_of(cell)) + ", " + std::to_string(board.col_of(cell)) + ")";
  };
  int firing = 0;
  for (const Dir d : kAllDirs) {
    for (int cell = board.step(target, d); !board.wall(cell); cell = board.step(cell, d)) ++firing;
  }
  return "no shot can ever reach " + at(target) + ": the " + std::to_string(firing) +
         " squares of its row and column runs (the only squares whose bullets pass over it) lie outside the " +
         std::to_string(area) + " squares the shooter can walk to from " + at(s.player[shooter]);
}

std::string plan_text(const HitPlan& plan) {
  std::string out;
  for (const Action a : plan.actions) out += static_cast<char>('0' + a);
  return out;
}

}  // namespace gamelab::bullets
