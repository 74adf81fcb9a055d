#pragma once
// The setup (docs/rules/dcms.md §3 Setup): each side names one square per piece in rank order (cheeSe, Mouse,
// then Cat and Dog in `full`). Blue's squares must have 2*col < c-1, red's 2*col > c-1, none on a wall;
// a side's pieces may share a square. A side breaking this loses at once; both: draw.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "dcms/state.hpp"

namespace gamelab::dcms {

struct Cell {
  int row = 0;
  int col = 0;
  friend bool operator==(const Cell&, const Cell&) = default;
};

// One side's setup answer as given (any integers: checking them is the referee's job).
struct Placement {
  std::array<Cell, kRanks> cells{};  // rank order
  int count = 0;                     // rank_count(variant) for a well-formed answer
  friend bool operator==(const Placement&, const Placement&) = default;
};

// Empty if `placement` is legal for `side`; otherwise why not (the first broken rule), e.g.
// "the Mouse at (3,5) is not in blue's half (columns with 2*col < 7)".
std::string placement_problem(const Board& board, Variant variant, int side, const Placement& placement);

// Legal placements, for search: every choice of one legal setup square per piece (setup_squares() in
// board.hpp), pieces of one side allowed on one square, so there are |squares|^ranks of them.
std::uint64_t placement_count(const Board& board, Variant variant, int side);
// Placement number `index` (0 <= index < placement_count) in the order for_each_placement visits:
// the cheeSe's square varies slowest, the last piece's fastest.
Placement placement_at(const std::vector<Square>& squares, Variant variant, std::uint64_t index);

template <class Visit>
void for_each_placement(const Board& board, Variant variant, int side, Visit&& visit) {
  const std::vector<Square> squares = setup_squares(board, side);
  const std::uint64_t count = placement_count(board, variant, side);
  for (std::uint64_t index = 0; index < count; ++index) visit(placement_at(squares, variant, index));
}

// The state after both setups: the game starts (turn 0). A side whose placement is illegal forfeits
// (State::forfeits, Forfeit::Setup) and none of its pieces is placed; the other side's are.
State place_pieces(const State& setup, const Placement& blue, const Placement& red);

}  // namespace gamelab::dcms
