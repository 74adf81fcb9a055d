#pragma once
// Small helpers for the Ataxx tests: positions from FEN, move lists as text.
#include <set>
#include <stdexcept>
#include <string>

#include "ataxx/game.hpp"
#include "ataxx/movegen.hpp"
#include "ataxx/notation.hpp"
#include "ataxx/rules.hpp"

namespace ataxx_test {

using namespace gamelab::ataxx;

inline std::set<std::string> moves_of(const State& state) {
  MoveList moves;
  generate_moves(state, moves);
  std::set<std::string> out;
  for (const auto& move : moves) out.insert(move_text(move));
  return out;
}

inline State play_text(const State& state, const std::string& text) {
  return play(state, parse_move(text, state, "test move"));
}

inline std::string after(const std::string& fen, const std::string& move) {
  return fen_string(play_text(parse_fen(fen), move));
}

}  // namespace ataxx_test
