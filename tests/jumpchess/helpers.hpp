#pragma once
// Small helpers for jump chess tests: positions from readable rows, moves as paths and boards.
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "jumpchess/movegen.hpp"
#include "jumpchess/notation.hpp"
#include "jumpchess/path.hpp"
#include "jumpchess/rules.hpp"

namespace jumpchess_test {

using namespace gamelab::jumpchess;
using Set = std::set<std::string>;

// 8 rows of 8 characters: '.' empty, 'b' black, 'w' white.
inline State from_rows(const std::vector<std::string>& rows, Color side, int black_moves = 0, int white_moves = 0) {
  if (rows.size() != 8) throw std::logic_error("from_rows needs 8 rows");
  Bitboard pieces[2] = {0, 0};
  for (int r = 0; r < 8; ++r) {
    if (rows[r].size() != 8) throw std::logic_error("from_rows needs rows of 8: " + rows[r]);
    for (int c = 0; c < 8; ++c) {
      if (rows[r][c] == 'b') pieces[Black] |= bit(square(r, c));
      else if (rows[r][c] == 'w') pieces[White] |= bit(square(r, c));
      else if (rows[r][c] != '.') throw std::logic_error("from_rows: bad character in " + rows[r]);
    }
  }
  return make_position(pieces[Black], pieces[White], side, black_moves, white_moves, "test position");
}

inline std::vector<Move> moves_of(const State& state) {
  MoveList list;
  generate_moves(state, list);
  return {list.begin(), list.end()};
}

// The path of every move, as text ("pass" for a pass).
inline Set paths_of(const State& state) {
  Set out;
  for (const Move& m : moves_of(state)) out.insert(move_text(m));
  return out;
}

// The resulting board (64 digits) of every move.
inline Set results_of(const State& state) {
  Set out;
  for (const Move& m : moves_of(state)) out.insert(board_digits(play(state, m)));
  return out;
}

// Moves of the piece on (row, col) only, as paths.
inline Set paths_from(const State& state, int row, int col) {
  Set out;
  const std::string prefix = "[(" + std::to_string(row) + "," + std::to_string(col) + ")";
  for (const auto& text : paths_of(state)) {
    if (text.rfind(prefix, 0) == 0) out.insert(text);
  }
  return out;
}

// The position after the path given as text (it must replay).
inline State play_text(const State& state, const std::string& path) {
  return play_path(state, parse_path(path), "test path " + path);
}

}  // namespace jumpchess_test
