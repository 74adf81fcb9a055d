#pragma once
// Jump chess as seen by the generic searches in engines/search (perft, alpha-beta).
#include "jumpchess/movegen.hpp"
#include "jumpchess/rules.hpp"
#include "jumpchess/state.hpp"

namespace gamelab::jumpchess {

struct Game {
  using State = jumpchess::State;
  using Move = jumpchess::Move;
  using MoveList = jumpchess::MoveList;
  static constexpr const char* kName = "jumpchess";

  static bool ends_before_moves(const State& s) { return jumpchess::ends_before_moves(s); }
  // Never empty for a live state: a side without a piece or a legal move has the pass.
  static void generate_moves(const State& s, MoveList& moves) { jumpchess::generate_moves(s, moves); }
  static State play(const State& s, const Move& m) { return jumpchess::play(s, m); }
};

}  // namespace gamelab::jumpchess
