#include "bullets/board.hpp"

#include <cassert>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

namespace gamelab::bullets {

Board::Board(int rows, int cols, const std::vector<bool>& walls)
    : rows_(rows), cols_(cols), delta_{-cols, cols, -1, 1}, lanes_(static_cast<std::size_t>(rows) * cols) {
  assert(rows >= kMinSize && rows <= kMaxSize && cols >= kMinSize && cols <= kMaxSize);
  assert(walls.size() == static_cast<std::size_t>(rows) * cols);
  for (int c = 0; c < rows * cols; ++c) {
    if (walls[c]) insert(walls_, c);
  }
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      assert(wall(cell(r, c)) || (r > 0 && c > 0 && r < rows - 1 && c < cols - 1));
    }
  }
  // One cycle per maximal run of open squares, rows first (axis 0), then columns (axis 1).
  auto add_run = [&](int first, int length, int stride, int axis) {
    const int base = slot_count_;
    cycles_.push_back({base, 2 * length, first, stride, axis == 1});
    for (int i = 0; i < length; ++i) {
      lanes_[first + i * stride][axis] = {static_cast<std::uint16_t>(base), static_cast<std::uint8_t>(2 * length),
                                          static_cast<std::uint8_t>(i)};
    }
    slot_cycle_.insert(slot_cycle_.end(), 2 * length, static_cast<std::uint16_t>(cycles_.size() - 1));
    slot_count_ += 2 * length;
  };
  for (int r = 1; r < rows - 1; ++r) {
    for (int c = 1; c < cols - 1;) {
      if (wall(cell(r, c))) {
        ++c;
        continue;
      }
      int end = c;
      while (!wall(cell(r, end))) ++end;
      add_run(cell(r, c), end - c, 1, 0);
      c = end;
    }
  }
  for (int c = 1; c < cols - 1; ++c) {
    for (int r = 1; r < rows - 1;) {
      if (wall(cell(r, c))) {
        ++r;
        continue;
      }
      int end = r;
      while (!wall(cell(end, c))) ++end;
      add_run(cell(r, c), end - r, cols, 1);
      r = end;
    }
  }
  assert(slot_count_ <= kMaxSlots);
}

const Board* intern_board(int rows, int cols, const std::vector<bool>& walls) {
  using Key = std::pair<std::pair<int, int>, std::vector<bool>>;
  static std::mutex mutex;
  static std::map<Key, std::unique_ptr<const Board>> boards;
  std::lock_guard<std::mutex> lock(mutex);
  Key key{{rows, cols}, walls};
  auto it = boards.find(key);
  if (it == boards.end()) {
    it = boards.emplace(std::move(key), std::make_unique<const Board>(rows, cols, walls)).first;
  }
  return it->second.get();
}

}  // namespace gamelab::bullets
