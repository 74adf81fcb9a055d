#include "bullets/hunt.hpp"

#include <algorithm>
#include <cstdlib>

namespace gamelab::bullets {

std::vector<int> walk_steps(const Board& board, int from, int blocked) {
  std::vector<int> steps(static_cast<std::size_t>(board.cells()), -1);
  std::vector<int> queue{from};
  steps[from] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const int at = queue[head];
    for (const Dir d : kAllDirs) {
      const int to = board.step(at, d);
      if (board.wall(to) || to == blocked || steps[to] >= 0) continue;
      steps[to] = steps[at] + 1;
      queue.push_back(to);
    }
  }
  return steps;
}

FiringMap firing_map(const Board& board, int target) {
  FiringMap map;
  map.target = target;
  map.time.assign(static_cast<std::size_t>(board.cells()), static_cast<std::uint16_t>(kNoFiringTime));
  // Breadth-first search with several starts at different times (Dial's buckets: the times are small
  // integers and every step costs one round). A firing square k squares from the target along its run
  // starts at time k.
  std::vector<std::vector<int>> buckets(static_cast<std::size_t>(board.cells() + kMaxSize + 1));
  int pending = 0;
  for (const Dir d : kAllDirs) {
    int cell = target;
    for (int k = 1; !board.wall(board.step(cell, d)); ++k) {
      cell = board.step(cell, d);
      map.time[cell] = static_cast<std::uint16_t>(k);
      buckets[k].push_back(cell);
      ++pending;
    }
  }
  for (std::size_t t = 0; t + 1 < buckets.size() && pending > 0; ++t) {
    for (std::size_t i = 0; i < buckets[t].size(); ++i) {
      const int at = buckets[t][i];
      --pending;
      if (map.time[at] != t) continue;  // reached sooner from another start
      for (const Dir d : kAllDirs) {
        const int to = board.step(at, d);
        if (board.wall(to) || to == target || map.time[to] <= t + 1) continue;
        map.time[to] = static_cast<std::uint16_t>(t + 1);
        buckets[t + 1].push_back(to);
        ++pending;
      }
    }
  }
  return map;
}

std::optional<int> time_to_bullet(const State& s, int cell, int max_rounds) {
  const Board& board = *s.board;
  int best = max_rounds + 1;
  for (int axis = 0; axis < 2; ++axis) {
    const int base = board.cycle_base(cell, axis), length = board.cycle_length(cell, axis);
    // A bullet of slot b is on `cell` at round + k when b is the slot of `cell` at round + k; that slot
    // steps back by one each round, so k = (slot now - b) mod length, for either direction over it.
    const int forward = board.slot(cell, axis == 0 ? Right : Down, s.round) - base;
    const int backward = board.slot(cell, axis == 0 ? Left : Up, s.round) - base;
    for (int bit = base, end = base + length; bit < end;) {
      const int word = bit >> 6, offset = bit & 63;
      const int take = std::min(64 - offset, end - bit);
      std::uint64_t set = s.slots[word] & ((take == 64 ? ~0ULL : ((1ULL << take) - 1)) << offset);
      while (set) {
        const int b = word * 64 + __builtin_ctzll(set) - base;
        set &= set - 1;
        const int k = std::min((forward - b + length) % length, (backward - b + length) % length);
        best = std::min(best, k);
      }
      bit += take;
    }
  }
  if (best > max_rounds) return std::nullopt;
  return best;
}

std::optional<std::uint32_t> earliest_hit_round(const State& s, Side shooter) {
  const FiringMap map = firing_map(*s.board, s.player[other(shooter)]);
  const int t = map.at(s.player[shooter]);
  if (t == kNoFiringTime) return std::nullopt;
  return s.round + static_cast<std::uint32_t>(t);
}

std::optional<std::uint32_t> earliest_hit_round_exhaustive(const State& s, Side shooter) {
  const Board& board = *s.board;
  const int target = s.player[other(shooter)];
  const std::vector<int> steps = walk_steps(board, s.player[shooter], target);
  std::optional<std::uint32_t> best;
  for (int cell = 0; cell < board.cells(); ++cell) {
    if (steps[cell] < 0) continue;
    const std::uint32_t shot_round = s.round + static_cast<std::uint32_t>(steps[cell]);
    for (const Dir d : kAllDirs) {
      if (board.wall(board.step(cell, d))) continue;  // the bullet turns round onto the shooter
      const int slot = board.slot(cell, d, shot_round);
      const int cycle = board.cycle_length(cell, d >= Left ? 0 : 1);
      for (int k = 1; k <= cycle; ++k) {
        if (board.place(slot, shot_round + static_cast<std::uint32_t>(k)).cell != target) continue;
        const std::uint32_t hit = shot_round + static_cast<std::uint32_t>(k);
        if (!best || hit < *best) best = hit;
        break;
      }
    }
  }
  return best;
}

}  // namespace gamelab::bullets
