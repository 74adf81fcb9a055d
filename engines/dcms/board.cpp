#include "dcms/board.hpp"

#include <bit>
#include <cassert>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "core/error.hpp"
#include "core/rng.hpp"

namespace gamelab::dcms {

const char* side_name(int side) { return side == kBlue ? "blue" : "red"; }

bool valid_board_size(int rows, int cols) {
  return rows >= kMinRows && rows <= kMaxRows && cols >= kMinCols && cols <= kMaxCols;
}

Board::Board(int rows, int cols) : rows_(rows), cols_(cols) {
  assert(valid_board_size(rows, cols));
  const std::uint64_t full = cols == 64 ? ~0ULL : (1ULL << cols) - 1;
  const std::uint64_t sides = 1ULL | (1ULL << (cols - 1));
  for (int r = 0; r < rows; ++r) walls_[r] = (r == 0 || r == rows - 1) ? full : sides;
}

void Board::set_wall(int row, int col, bool wall) {
  assert(inside(row, col));
  if (wall) {
    walls_[row] |= 1ULL << col;
  } else {
    walls_[row] &= ~(1ULL << col);
  }
}

bool Board::has_wall_border() const {
  for (int r = 0; r < rows_; ++r) {
    if (!is_wall(r, 0) || !is_wall(r, cols_ - 1)) return false;
  }
  for (int c = 0; c < cols_; ++c) {
    if (!is_wall(0, c) || !is_wall(rows_ - 1, c)) return false;
  }
  return true;
}

int Board::wall_count() const {
  int count = 0;
  for (int r = 0; r < rows_; ++r) count += std::popcount(walls_[r]);
  return count;
}

std::uint64_t Board::digest() const {
  std::uint64_t state = static_cast<std::uint64_t>(rows_) << 8 | static_cast<std::uint64_t>(cols_);
  std::uint64_t out = splitmix64(state);
  for (int r = 0; r < rows_; ++r) {
    state ^= walls_[r];
    out ^= splitmix64(state) + static_cast<std::uint64_t>(r);
  }
  return out;
}

const Board* intern(const Board& board) {
  if (!board.has_wall_border()) {
    throw InputError("a Dog-Cat-Mouse-cheeSe board needs walls on rows 0 and r-1 and columns 0 and c-1");
  }
  static std::mutex mutex;
  static std::unordered_multimap<std::uint64_t, std::unique_ptr<const Board>> boards;
  const std::uint64_t key = board.digest();
  const std::lock_guard<std::mutex> lock(mutex);
  auto [first, last] = boards.equal_range(key);
  for (auto it = first; it != last; ++it) {
    if (*it->second == board) return it->second.get();
  }
  return boards.emplace(key, std::make_unique<const Board>(board))->second.get();
}

bool in_own_half(const Board& board, int side, int col) {
  const int twice = 2 * col;
  return side == kBlue ? twice < board.cols() - 1 : twice > board.cols() - 1;
}

bool legal_setup_square(const Board& board, int side, int row, int col) {
  return board.inside(row, col) && !board.is_wall(row, col) && in_own_half(board, side, col);
}

std::vector<Square> setup_squares(const Board& board, int side) {
  std::vector<Square> out;
  for (int r = 0; r < board.rows(); ++r) {
    for (int c = 0; c < board.cols(); ++c) {
      if (legal_setup_square(board, side, r, c)) out.push_back(square(r, c));
    }
  }
  return out;
}

}  // namespace gamelab::dcms
