#include "dcms/protocol.hpp"

#include "dcms/notation.hpp"

namespace gamelab::dcms {

namespace {

std::string board_lines(const Board& board) {
  std::string out;
  for (const auto& row : board_rows(board)) out += row + "\n";
  return out;
}

}  // namespace

std::string setup_request(const State& setup, int side) {
  const Board& b = *setup.board;
  return "setup " + std::to_string(side) + " " + std::to_string(b.rows()) + " " + std::to_string(b.cols()) + " " +
         variant_name(setup.variant) + "\n" + board_lines(b);
}

std::string move_request(const State& state, int side) {
  const Board& b = *state.board;
  return "move " + std::to_string(side) + " " + std::to_string(b.rows()) + " " + std::to_string(b.cols()) + " " +
         std::to_string(state.turn) + "\n" + board_lines(b) + pieces_map_text(state) + "\n";
}

}  // namespace gamelab::dcms
