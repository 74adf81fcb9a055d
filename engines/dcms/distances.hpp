#pragma once
// Shortest-path distances on a Dog-Cat-Mouse-cheeSe board: the number of king steps (the way every
// piece moves, docs/rules/dcms.md) from one open square to another, walls respected. A diagonal step needs
// only its target square open, as a move into a wall is the only move that fails.
//
// Boards never change during a game, so the table is all-pairs, built once per board by one BFS from
// every open square (O(squares^2): 0.1 M entries on a 15 x 21 board, 15 M on the largest 64 x 64
// one), and shared by every search on that board. distances() caches it per interned board.
#include <cstdint>
#include <memory>
#include <vector>

#include "dcms/board.hpp"

namespace gamelab::dcms {

constexpr int kUnreachable = 0xFFFF;

class Distances {
 public:
  explicit Distances(const Board& board);

  // King steps from a to b (both open squares), kUnreachable when no path exists or either is a wall.
  int at(Square a, Square b) const {
    const int i = index_[a], j = index_[b];
    if (i < 0 || j < 0) return kUnreachable;
    return table_[static_cast<std::size_t>(i) * open_ + static_cast<std::size_t>(j)];
  }
  int open_squares() const { return open_; }
  // The open squares, row-major (index i of the table is squares()[i]).
  const std::vector<Square>& squares() const { return squares_; }

  // BFS distances from `from` with the squares in `blocked` (up to 4) treated as walls, stopping as
  // soon as `to` is reached: kUnreachable if every path to it passes a blocked square. Used for the
  // "a Cat on the only path" evaluation term; allocation-free after the first call on a thread.
  int avoiding(Square from, Square to, const Square* blocked, int blocked_count) const;

 private:
  int open_ = 0;
  std::vector<std::int16_t> index_;   // square -> open-square index, -1 for walls
  std::vector<Square> squares_;
  std::vector<std::uint16_t> table_;  // open_ x open_
  std::vector<std::vector<std::int16_t>> neighbours_;  // open-square index -> open neighbours' indices
};

// The table of an interned board (State::board), built on first use and cached (thread-safe; a
// thread keeps its last table at hand, so repeated calls for one board cost one comparison).
const Distances& distances(const Board* interned);

}  // namespace gamelab::dcms
