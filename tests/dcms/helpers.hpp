#pragma once
// Small helpers for Dog-Cat-Mouse-cheeSe tests: positions from compact rows ('#' wall, '.' empty) and
// a list of pieces, moves played from their strings, actions as readable text.
#include <catch2/catch.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "dcms/actions.hpp"
#include "dcms/notation.hpp"
#include "dcms/referee.hpp"
#include "dcms/rules.hpp"
#include "dcms/setup.hpp"

namespace dcms_test {

using namespace gamelab::dcms;

// The tournament's board rows from compact rows: '#' -> "WWWW", '.' -> four blanks.
inline std::vector<std::string> wide_rows(const std::vector<std::string>& compact) {
  std::vector<std::string> out;
  for (const auto& row : compact) {
    std::string wide;
    for (char ch : row) wide += ch == '#' ? "WWWW" : "    ";
    out.push_back(wide);
  }
  return out;
}

inline Board board_of(const std::vector<std::string>& compact) { return parse_board_rows(wide_rows(compact), "test board"); }

// A position file's text: header, board, then `pieces` as "S 1 1, M 2 2, s 1 6" (comma separated).
inline std::string position_file(const char* variant, const std::vector<std::string>& compact, const std::string& pieces,
                                 int turn = 0) {
  std::string text = std::string(variant) + " " + std::to_string(compact.size()) + " " +
                     std::to_string(compact.empty() ? 0 : compact[0].size()) + " " + std::to_string(turn) + "\n";
  for (const auto& row : wide_rows(compact)) text += row + "\n";
  std::size_t start = 0;
  while (start < pieces.size()) {
    std::size_t comma = pieces.find(',', start);
    if (comma == std::string::npos) comma = pieces.size();
    std::string item = pieces.substr(start, comma - start);
    while (!item.empty() && item.front() == ' ') item.erase(item.begin());
    if (!item.empty()) text += item + "\n";
    start = comma + 1;
  }
  return text;
}

inline State position(const char* variant, const std::vector<std::string>& compact, const std::string& pieces,
                      int turn = 0) {
  return parse_position_text(position_file(variant, compact, pieces, turn), "test position");
}

// The open 5 x 8 board most rule tests use: blue sets up on columns 1-3, red on 4-6.
inline const std::vector<std::string> kOpen = {
    "########",
    "#......#",
    "#......#",
    "#......#",
    "########",
};

inline Action action_of(const State& s, int side, const std::string& text) {
  const MoveParse parsed = parse_move(s, side, text);
  if (!parsed.ok()) throw std::runtime_error("bad test move: " + parsed.message);
  return parsed.action;
}

inline State after(const State& s, const std::string& blue, const std::string& red) {
  return play(s, action_of(s, kBlue, blue), action_of(s, kRed, red));
}

inline std::set<std::string> action_texts(const State& s, int side) {
  ActionList actions;
  generate_actions(s, side, actions);
  std::set<std::string> out;
  for (const auto& a : actions) out.insert(move_text(a, side));
  return out;
}

// "S 1 1, M 2 3, ..." for the pieces on the board, in S s M m C c D d order.
inline std::string pieces_of(const State& s) {
  std::string out;
  for (int rank = 0; rank < kRanks; ++rank) {
    for (int side = 0; side < 2; ++side) {
      const Square sq = s.at(side, rank);
      if (sq == kNoSquare) continue;
      if (!out.empty()) out += ", ";
      out += std::string(1, piece_letter(side, rank)) + " " + std::to_string(row_of(sq)) + " " + std::to_string(col_of(sq));
    }
  }
  return out;
}

}  // namespace dcms_test
