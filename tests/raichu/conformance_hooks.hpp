#pragma once
// What the conformance suite's typed checks need of Raichu beyond its adapter (conformance/game_types.hpp):
// a position seen from the other side.
#include <bit>
#include <string>

#include "raichu/game.hpp"
#include "raichu/notation.hpp"

template <>
struct conformance::ColourMirror<gamelab::raichu::Game> {
  // Rows and columns reversed, colours swapped.
  static gamelab::raichu::State mirrored(const gamelab::raichu::State& s) {
    const std::string board = gamelab::raichu::board_string(s);
    std::string out(board.rbegin(), board.rend());
    for (char& ch : out) {
      const std::string from = "wWb B@$", to = "bBw W$@";
      const auto k = from.find(ch);
      if (k != std::string::npos && ch != ' ') ch = to[k];
    }
    return gamelab::raichu::parse_board(s.n, gamelab::raichu::opponent(s.side), out);
  }
};
