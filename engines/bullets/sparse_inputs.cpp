#include "bullets/sparse_inputs.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "bullets/eval.hpp"
#include "core/value_bucket.hpp"

namespace gamelab::bullets {

namespace {

constexpr int kWindowSide = 2 * kSparseWindowRadius + 1;
constexpr int kWindowSquares = kWindowSide * kWindowSide - 1;
constexpr int kSquareStates = 2 + 15;  // a wall, them, or a mask of bullet directions
constexpr int kBearings = 4 + 4 * 2;   // the diagonal quadrants; straight, in my run or behind a wall

// Where a range begins (core/value_bucket.hpp); the ranges are the header's.
constexpr std::array kThemDistanceStarts{2, 3, 4, 6, 8, 12, 16, 24, 36};
constexpr std::array kLaneStarts{1, 2, 3, 4, 6, 9};
constexpr std::array kWallStarts{2, 3, 4, 5, 7, 10, 15, 23};
constexpr std::array kRoundsStarts{6, 11, 21, 51, 101, 201, 501};
constexpr std::array kBulletsStarts{1, 3, 6, 11, 21, 41, 81};
constexpr int kThemRanges = kThemDistanceStarts.size() + 1;
constexpr int kLaneRanges = kLaneStarts.size() + 1;
constexpr int kWallRanges = kWallStarts.size() + 1;
constexpr int kWallWalk = kWallStarts.back();  // steps beyond it fall in the last range anyway

static_assert(kSparseThemBase == kWindowSquares * kSquareStates);
static_assert(kSparseLanesBase == kSparseThemBase + kBearings * kThemRanges);
static_assert(kSparseWallsBase == kSparseLanesBase + 2 * kLaneRanges);
static_assert(kSparseRoundsBase == kSparseWallsBase + 4 * kWallRanges);
static_assert(kSparseBulletsBase == kSparseRoundsBase + kRoundsStarts.size() + 1);
static_assert(kSparseInputCount == kSparseBulletsBase + kBulletsStarts.size() + 1);
static_assert(kSparseMaxActive == kWindowSquares + 1 + 2 + 4 + 1 + 1);

// The board's direction that `side` calls `seen`: Blue's frame is the board turned by 180 degrees.
Dir board_dir(int side, Dir seen) { return side == Blue ? reverse(seen) : seen; }

// What stands on the board's (row, col) as the window shows it to `side`: a state of the layout, or -1
// for an empty square.
int square_state(const State& state, int side, int row, int col) {
  const Board& board = *state.board;
  if (row < 0 || row >= board.rows() || col < 0 || col >= board.cols()) return 0;
  const int cell = board.cell(row, col);
  if (board.wall(cell)) return 0;
  if (cell == state.player[1 - side]) return 1;
  int mask = 0;
  for (const Dir seen : kAllDirs) {
    if (state.has_slot(board.slot(cell, board_dir(side, seen), state.round))) mask |= 1 << seen;
  }
  return mask ? 1 + mask : -1;
}

// Where they stand, as a bearing and a distance range in `side`'s frame (`turn` is -1 for Blue).
std::uint32_t them_index(const State& state, int side, int turn) {
  const Board& board = *state.board;
  const int me = state.player[side], them = state.player[1 - side];
  const int dr = turn * (board.row_of(them) - board.row_of(me)), dc = turn * (board.col_of(them) - board.col_of(me));
  int bearing = 0;
  if (dr != 0 && dc != 0) {
    bearing = (dr > 0 ? 2 : 0) + (dc > 0 ? 1 : 0);
  } else {
    const int axis = dr == 0 ? 0 : 1;  // the same row (a row run) or the same column
    const bool in_run = board.cycle_base(me, axis) == board.cycle_base(them, axis);
    const int straight = dr < 0 ? 0 : dr > 0 ? 1 : dc < 0 ? 2 : 3;  // up, down, left, right
    bearing = 4 + 2 * straight + (in_run ? 0 : 1);
  }
  const int range = value_bucket(std::abs(dr) + std::abs(dc), kThemDistanceStarts);
  return kSparseThemBase + static_cast<std::uint32_t>(bearing * kThemRanges + range);
}

}  // namespace

int active_sparse_inputs(const State& state, int side, std::uint32_t* out) {
  const Board& board = *state.board;
  const int me = state.player[side];
  const int turn = side == Blue ? -1 : 1;
  const int row = board.row_of(me), col = board.col_of(me);
  int count = 0;
  int square = 0;
  for (int dr = -kSparseWindowRadius; dr <= kSparseWindowRadius; ++dr) {
    for (int dc = -kSparseWindowRadius; dc <= kSparseWindowRadius; ++dc) {
      if (dr == 0 && dc == 0) continue;
      const int seen = square_state(state, side, row + turn * dr, col + turn * dc);
      if (seen >= 0) out[count++] = static_cast<std::uint32_t>(square * kSquareStates + seen);
      ++square;
    }
  }
  out[count++] = them_index(state, side, turn);
  for (int axis = 0; axis < 2; ++axis) {
    const int range = value_bucket(run_bullets(state, me, axis), kLaneStarts);
    out[count++] = kSparseLanesBase + static_cast<std::uint32_t>(axis * kLaneRanges + range);
  }
  for (const Dir seen : kAllDirs) {
    const Dir d = board_dir(side, seen);
    int steps = 1;
    for (int cell = board.step(me, d); !board.wall(cell) && steps < kWallWalk; cell = board.step(cell, d)) ++steps;
    out[count++] = kSparseWallsBase + static_cast<std::uint32_t>(seen * kWallRanges + value_bucket(steps, kWallStarts));
  }
  // Rounds left, capped where the last range begins (a limit may be as large as 10^9).
  const std::uint32_t rounds_left = std::min<std::uint32_t>(state.limit > state.round ? state.limit - state.round : 0,
                                                            kRoundsStarts.back());
  out[count++] = kSparseRoundsBase + static_cast<std::uint32_t>(value_bucket(static_cast<int>(rounds_left), kRoundsStarts));
  out[count++] = kSparseBulletsBase + static_cast<std::uint32_t>(value_bucket(state.bullet_count(), kBulletsStarts));
  return count;
}

}  // namespace gamelab::bullets
