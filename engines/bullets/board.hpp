#pragma once
// Bullets (docs/rules/bullets.md): the fixed part of a game — the walls — and the geometry of bullet flight.
//
// Why bullets are cheap here. A bullet never leaves the row (or column) run of open squares it was shot
// into: it flies to the wall, turns round in place for one turn, flies back, turns round again. A run
// of k open squares c0 … c(k-1) is therefore a cycle of 2k phases, and a bullet advances one phase per
// turn whatever else happens:
//     phase p <  k : on c(p),        flying right (or down)
//     phase p >= k : on c(2k-1-p),   flying left  (or up)
// (phase k-1 -> k is the turn round at the far wall, 2k-1 -> 0 at the near one). Every (open square,
// direction) pair is exactly one phase of exactly one cycle, so a board with S open squares has 4S
// bullet "slots". The state stores a bullet by its slot *at round 0* (its phase minus the round,
// modulo the cycle length), which never changes as turns pass: a turn costs O(1) for the bullets
// (only new shots are added), and "is a bullet on square X at round t" is four bit tests, for any t.
//
// Boards are interned (one shared copy per distinct wall layout, kept for the life of the process), so a
// State holds a plain pointer and copies cheaply.
#include <array>
#include <cstdint>
#include <vector>

namespace gamelab::bullets {

constexpr int kMinSize = 5;   // docs/rules/bullets.md: any n, m >= 5
constexpr int kMaxSize = 64;  // the lab's cap (the tournament uses at most 50 x 50)
constexpr int kMaxCells = kMaxSize * kMaxSize;
constexpr int kMaxSlots = 4 * (kMaxSize - 2) * (kMaxSize - 2);
constexpr int kMaxSlotWords = (kMaxSlots + 63) / 64;
constexpr int kCellWords = kMaxCells / 64;

// Directions in the handout's order (the actions 0-3 move, 4-7 shoot in these directions).
enum Dir : std::uint8_t { Up = 0, Down = 1, Left = 2, Right = 3 };
inline Dir reverse(Dir d) { return static_cast<Dir>(d ^ 1); }
inline constexpr Dir kAllDirs[4] = {Up, Down, Left, Right};

// A set of squares (bit = cell index), e.g. the squares holding a bullet at some round.
using CellSet = std::array<std::uint64_t, kCellWords>;
inline bool contains(const CellSet& set, int cell) { return (set[cell >> 6] >> (cell & 63)) & 1; }
inline void insert(CellSet& set, int cell) { set[cell >> 6] |= 1ULL << (cell & 63); }

// Where one bullet is: its square and the direction it flies.
struct BulletPlace {
  int cell;
  Dir dir;
  friend bool operator==(const BulletPlace&, const BulletPlace&) = default;
};

class Board {
 public:
  // `walls[r * cols + c]` is true for a wall. Preconditions (checked by the parser and the generator,
  // asserted here): kMinSize <= rows, cols <= kMaxSize and every border square is a wall.
  Board(int rows, int cols, const std::vector<bool>& walls);

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int cells() const { return rows_ * cols_; }
  int cell(int row, int col) const { return row * cols_ + col; }
  int row_of(int cell) const { return cell / cols_; }
  int col_of(int cell) const { return cell % cols_; }
  bool wall(int cell) const { return (walls_[cell >> 6] >> (cell & 63)) & 1; }
  const CellSet& walls() const { return walls_; }
  int open_squares() const { return slot_count_ / 4; }
  // The square next to `cell` in direction d (cell must not be on the border).
  int step(int cell, Dir d) const { return cell + delta_[d]; }

  // Bullet slots: 4 per open square; the state keeps one bit per slot in slot_words() words.
  int slot_count() const { return slot_count_; }
  int slot_words() const { return (slot_count_ + 63) / 64; }

  // The slot of a bullet that is on `cell` flying `dir` at round `round` (cell must be open).
  int slot(int cell, Dir dir, std::uint32_t round) const {
    const Lane& lane = lanes_[cell][dir >= Left ? 0 : 1];
    const int phase = (dir == Right || dir == Down) ? lane.position : lane.length - 1 - lane.position;
    int index = phase - static_cast<int>(round % lane.length);
    if (index < 0) index += lane.length;
    return lane.base + index;
  }

  // Where the bullet of `slot` is at round `round`.
  BulletPlace place(int slot, std::uint32_t round) const {
    const Cycle& cycle = cycles_[slot_cycle_[slot]];
    const int phase = phase_of(cycle, slot, round);
    const int half = cycle.length / 2;
    if (phase < half) return {cycle.first + phase * cycle.stride, cycle.vertical ? Down : Right};
    return {cycle.first + (cycle.length - 1 - phase) * cycle.stride, cycle.vertical ? Up : Left};
  }

  // The bullet of `slot` from round `round` on, for stepping it a round at a time (Flight::step()) where
  // place() would divide each round.
  struct Flight {
    int row, col;     // the run's first square (leftmost or topmost)
    bool vertical;    // a column run (else a row run)
    int length;       // the cycle: 2k phases for a run of k squares
    int phase;        // at the round
    // The square's offset along the run now, then one round on.
    int offset() const { return phase < length / 2 ? phase : length - 1 - phase; }
    // The square it is on now.
    int at_row() const { return vertical ? row + offset() : row; }
    int at_col() const { return vertical ? col : col + offset(); }
    void step() { phase = phase + 1 == length ? 0 : phase + 1; }
  };
  Flight flight(int slot, std::uint32_t round) const {
    const Cycle& cycle = cycles_[slot_cycle_[slot]];
    return {row_of(cycle.first), col_of(cycle.first), cycle.vertical, cycle.length, phase_of(cycle, slot, round)};
  }

  // True if any slot set in `slots` holds a bullet on `cell` at round `round`: four bit tests.
  bool bullet_on(const std::uint64_t* slots, int cell, std::uint32_t round) const {
    for (int axis = 0; axis < 2; ++axis) {
      const Lane& lane = lanes_[cell][axis];
      const int shift = static_cast<int>(round % lane.length);
      int forward = lane.position - shift;
      if (forward < 0) forward += lane.length;
      int backward = lane.length - 1 - lane.position - shift;
      if (backward < 0) backward += lane.length;
      const int a = lane.base + forward, b = lane.base + backward;
      if (((slots[a >> 6] >> (a & 63)) | (slots[b >> 6] >> (b & 63))) & 1) return true;
    }
    return false;
  }

  // The row (axis 0) or column (axis 1) cycle through `cell`: its length 2k in phases.
  int cycle_length(int cell, int axis) const { return lanes_[cell][axis].length; }
  // The first slot of that cycle: its slots are [cycle_base, cycle_base + cycle_length), so the bullets
  // that will ever pass over `cell` along that axis are the set slots in that range.
  int cycle_base(int cell, int axis) const { return lanes_[cell][axis].base; }

 private:
  // A cell's place in its row run (axis 0) or column run (axis 1).
  struct Lane {
    std::uint16_t base = 0;     // first slot of the run's cycle
    std::uint8_t length = 0;    // 2k phases
    std::uint8_t position = 0;  // index of the cell in the run, 0 = leftmost / topmost
  };
  struct Cycle {
    int base;
    int length;
    int first;   // the run's leftmost / topmost cell
    int stride;  // 1 for a row run, cols for a column run
    bool vertical;
  };

  // Where in its cycle the bullet of `slot` is at `round`.
  static int phase_of(const Cycle& cycle, int slot, std::uint32_t round) {
    return static_cast<int>((slot - cycle.base + round % cycle.length) % cycle.length);
  }

  int rows_, cols_;
  CellSet walls_{};
  int delta_[4];
  int slot_count_ = 0;
  std::vector<std::array<Lane, 2>> lanes_;  // per cell (walls: unused)
  std::vector<Cycle> cycles_;
  std::vector<std::uint16_t> slot_cycle_;  // per slot: its cycle
};

// The one shared Board with these walls (created on first use; never freed). Thread-safe.
const Board* intern_board(int rows, int cols, const std::vector<bool>& walls);

}  // namespace gamelab::bullets
