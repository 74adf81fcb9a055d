#pragma once
// Small helpers for Raichu tests: boards from row strings, move lists as readable text.
#include <set>
#include <string>
#include <vector>

#include "raichu/movegen.hpp"
#include "raichu/notation.hpp"
#include "raichu/rules.hpp"

namespace raichu_test {

using namespace gamelab::raichu;

inline State from_rows(const std::vector<std::string>& rows, Color side) {
  std::string flat;
  for (const auto& row : rows) flat += row;
  return parse_board(static_cast<int>(rows.size()), side, flat, "test board");
}

inline std::set<std::string> moves_of(const State& state) {
  MoveList moves;
  generate_moves(state, moves);
  std::set<std::string> out;
  for (const auto& move : moves) out.insert(move_text(move, state));
  return out;
}

// Moves of the piece standing on (row, col) only.
inline std::set<std::string> moves_from(const State& state, int row, int col) {
  std::set<std::string> out;
  const std::string prefix = "(" + std::to_string(row) + "," + std::to_string(col) + ")";
  for (const auto& text : moves_of(state)) {
    if (text.rfind(prefix, 0) == 0) out.insert(text);
  }
  return out;
}

inline State play_text(const State& state, const std::string& text) {
  MoveList moves;
  generate_moves(state, moves);
  for (const auto& move : moves) {
    if (move_text(move, state) == text) return play(state, move);
  }
  throw std::runtime_error("no legal move " + text);
}

}  // namespace raichu_test
