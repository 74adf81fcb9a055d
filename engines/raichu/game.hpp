#pragma once
// Raichu as seen by the generic searches in engines/search (perft, alpha-beta).
#include "raichu/movegen.hpp"
#include "raichu/rules.hpp"
#include "raichu/state.hpp"

namespace gamelab::raichu {

struct Game {
  using State = raichu::State;
  using Move = raichu::Move;
  using MoveList = raichu::MoveList;
  static constexpr const char* kName = "raichu";

  static bool ends_before_moves(const State& s) { return raichu::ends_before_moves(s); }
  static void generate_moves(const State& s, MoveList& moves) { raichu::generate_moves(s, moves); }
  static State play(const State& s, const Move& m) { return raichu::play(s, m); }
};

}  // namespace gamelab::raichu
