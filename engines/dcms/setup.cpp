#include "dcms/setup.hpp"

#include <cassert>

namespace gamelab::dcms {

namespace {

std::string cell_text(const Cell& cell) {
  return "(" + std::to_string(cell.row) + "," + std::to_string(cell.col) + ")";
}

std::string half_text(const Board& board, int side) {
  const std::string limit = std::to_string(board.cols() - 1);
  return std::string(side_name(side)) + "'s half (columns with 2*col " + (side == kBlue ? "< " : "> ") + limit + ")";
}

}  // namespace

std::string placement_problem(const Board& board, Variant variant, int side, const Placement& placement) {
  const int ranks = rank_count(variant);
  if (placement.count != ranks) {
    return "the " + std::string(variant == Variant::Mouse ? "mouse" : "full") + " variant needs " +
           std::to_string(ranks) + " squares (" + (ranks == 2 ? "cheeSe, Mouse" : "cheeSe, Mouse, Cat, Dog") +
           "), got " + std::to_string(placement.count);
  }
  for (int rank = 0; rank < ranks; ++rank) {
    const Cell& cell = placement.cells[rank];
    const std::string what = std::string("the ") + rank_name(rank) + " at " + cell_text(cell);
    if (!board.inside(cell.row, cell.col)) {
      return what + " is outside the " + std::to_string(board.rows()) + "x" + std::to_string(board.cols()) + " board";
    }
    if (board.is_wall(cell.row, cell.col)) return what + " is on a wall";
    if (!in_own_half(board, side, cell.col)) return what + " is not in " + half_text(board, side);
  }
  return {};
}

std::uint64_t placement_count(const Board& board, Variant variant, int side) {
  const std::uint64_t squares = setup_squares(board, side).size();
  std::uint64_t count = 1;
  for (int rank = 0; rank < rank_count(variant); ++rank) count *= squares;
  return count;
}

Placement placement_at(const std::vector<Square>& squares, Variant variant, std::uint64_t index) {
  Placement placement;
  placement.count = rank_count(variant);
  const std::uint64_t base = squares.size();
  assert(base > 0);
  for (int rank = placement.count - 1; rank >= 0; --rank) {
    const Square sq = squares[index % base];
    index /= base;
    placement.cells[rank] = {row_of(sq), col_of(sq)};
  }
  return placement;
}

State place_pieces(const State& setup, const Placement& blue, const Placement& red) {
  State state = setup;
  state.phase = Phase::Play;
  const Placement* placements[2] = {&blue, &red};
  for (int side = 0; side < 2; ++side) {
    if (!placement_problem(*state.board, state.variant, side, *placements[side]).empty()) {
      state.forfeits |= static_cast<std::uint8_t>(1 << side);
      state.forfeit_kind = Forfeit::Setup;
      continue;
    }
    for (int rank = 0; rank < rank_count(state.variant); ++rank) {
      const Cell& cell = placements[side]->cells[rank];
      put_piece(state, piece_index(side, rank), square(cell.row, cell.col));
    }
  }
  return state;
}

}  // namespace gamelab::dcms
