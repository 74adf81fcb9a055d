#pragma once
// What the conformance suite's typed checks need of jump chess beyond its adapter (conformance/game_types.hpp):
// a position seen from the other side.
#include <bit>

#include "jumpchess/game.hpp"
#include "jumpchess/notation.hpp"
#include "jumpchess/rules.hpp"

template <>
struct conformance::ColourMirror<gamelab::jumpchess::Game> {
  // Turned by 180 degrees, colours (and move counts) swapped.
  static gamelab::jumpchess::State mirrored(const gamelab::jumpchess::State& s) {
    using namespace gamelab::jumpchess;
    Bitboard pieces[2] = {0, 0};
    for (Color c : {Black, White}) {
      for (Bitboard set = s.pieces[c]; set; set &= set - 1) pieces[opponent(c)] |= bit(kSquares - 1 - std::countr_zero(set));
    }
    return make_position(pieces[Black], pieces[White], opponent(s.side), s.moves_made[White], s.moves_made[Black], "mirrored");
  }
};
