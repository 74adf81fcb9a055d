#include "dcms/distances.hpp"

#include <algorithm>
#include <map>
#include <mutex>

namespace gamelab::dcms {

Distances::Distances(const Board& board) : index_(kSquares, -1) {
  for (int r = 0; r < board.rows(); ++r) {
    for (int c = 0; c < board.cols(); ++c) {
      if (board.is_wall(r, c)) continue;
      index_[square(r, c)] = static_cast<std::int16_t>(squares_.size());
      squares_.push_back(square(r, c));
    }
  }
  open_ = static_cast<int>(squares_.size());
  neighbours_.resize(squares_.size());
  for (int i = 0; i < open_; ++i) {
    for (int digit = 1; digit <= 9; ++digit) {
      if (digit == 5) continue;
      // The border is walls, so a step from an open square never leaves the board.
      const int to = index_[squares_[i] + digit_offset(digit)];
      if (to >= 0) neighbours_[i].push_back(static_cast<std::int16_t>(to));
    }
  }
  table_.assign(static_cast<std::size_t>(open_) * open_, kUnreachable);
  std::vector<std::int16_t> queue(squares_.size());
  for (int source = 0; source < open_; ++source) {
    std::uint16_t* row = &table_[static_cast<std::size_t>(source) * open_];
    int head = 0, tail = 0;
    queue[tail++] = static_cast<std::int16_t>(source);
    row[source] = 0;
    while (head < tail) {
      const int at = queue[head++];
      for (const std::int16_t next : neighbours_[at]) {
        if (row[next] != kUnreachable) continue;
        row[next] = static_cast<std::uint16_t>(row[at] + 1);
        queue[tail++] = next;
      }
    }
  }
}

int Distances::avoiding(Square from, Square to, const Square* blocked, int blocked_count) const {
  const int source = index_[from], target = index_[to];
  if (source < 0 || target < 0) return kUnreachable;
  // Per-thread scratch: a visit stamp per open square, so nothing is cleared between calls.
  thread_local std::vector<std::uint32_t> stamp;
  thread_local std::vector<std::int16_t> queue;
  thread_local std::vector<std::uint16_t> dist;
  thread_local std::uint32_t epoch = 0;
  if (stamp.size() < squares_.size()) {
    stamp.assign(squares_.size(), 0);
    queue.resize(squares_.size());
    dist.resize(squares_.size());
    epoch = 0;
  }
  if (++epoch == 0) {
    std::fill(stamp.begin(), stamp.end(), 0);
    epoch = 1;
  }
  for (int k = 0; k < blocked_count; ++k) {
    const int b = index_[blocked[k]];
    if (b >= 0) stamp[b] = epoch;
  }
  if (stamp[source] == epoch || stamp[target] == epoch) return kUnreachable;
  if (source == target) return 0;
  int head = 0, tail = 0;
  queue[tail++] = static_cast<std::int16_t>(source);
  stamp[source] = epoch;
  dist[source] = 0;
  while (head < tail) {
    const int at = queue[head++];
    for (const std::int16_t next : neighbours_[at]) {
      if (stamp[next] == epoch) continue;
      stamp[next] = epoch;
      dist[next] = static_cast<std::uint16_t>(dist[at] + 1);
      if (next == target) return dist[next];
      queue[tail++] = next;
    }
  }
  return kUnreachable;
}

const Distances& distances(const Board* interned) {
  // The last table this thread used: one comparison on the hot path. The shared_ptr keeps the table
  // alive even if the shared cache below drops it.
  thread_local const Board* last_board = nullptr;
  thread_local std::shared_ptr<const Distances> last;
  if (interned == last_board) return *last;
  // Bounded: a run over thousands of generated boards (datagen) must not keep every table forever.
  static constexpr std::size_t kCachedBoards = 64;
  static std::mutex mutex;
  static std::map<const Board*, std::shared_ptr<const Distances>> cache;
  std::shared_ptr<const Distances> table;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    auto it = cache.find(interned);
    if (it != cache.end()) table = it->second;
  }
  if (!table) {
    table = std::make_shared<const Distances>(*interned);  // built outside the lock: boards differ per thread
    const std::lock_guard<std::mutex> lock(mutex);
    if (cache.size() >= kCachedBoards) cache.clear();
    cache.emplace(interned, table);
  }
  last_board = interned;
  last = std::move(table);
  return *last;
}

}  // namespace gamelab::dcms
