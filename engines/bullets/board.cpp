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
  // Every maximal run of open cells, the rows' (axis 0) first, then the columns' (axis 1): `at(a, b)`
  // is the cell b of line a.
  const auto add_runs = [&](int lines, int length, auto at, int stride, int axis) {
    for (int a = 1; a < lines - 1; ++a) {
      for (int b = 1; b < length - 1;) {
        if (wall(at(a, b))) {
          ++b;
          continue;
        }
        int end = b;
        while (!wall(at(a, end))) ++end;
        add_run(at(a, b), end - b, stride, axis);
        b = end;
      }
    }
  };
  add_runs(rows, cols, [&](int r, int c) { return cell(r, c); }, 1, 0);
  add_runs(cols, rows, [&](int c, int r) { return cell(r, c); }, cols, 1);
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
