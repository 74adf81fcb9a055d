#pragma once
// Ataxx moves and their generation (docs/rules/ataxx.md §2, §3).
#include <cstdint>

#include "ataxx/state.hpp"
#include "core/move_list.hpp"

namespace gamelab::ataxx {

// A single move (a clone) has from == to; a double move (a jump) from != to; the pass has both on
// kPassSquare, one past the board.
constexpr std::uint8_t kPassSquare = kSquares;

struct Move {
  std::uint8_t from = kPassSquare;
  std::uint8_t to = kPassSquare;
  static constexpr Move single(int to) { return {static_cast<std::uint8_t>(to), static_cast<std::uint8_t>(to)}; }
  static constexpr Move jump(int from, int to) {
    return {static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
  }
  static constexpr Move pass() { return {}; }
  bool is_pass() const { return to == kPassSquare; }
  bool is_single() const { return from == to && to != kPassSquare; }
  bool is_jump() const { return from != to; }
  friend bool operator==(const Move&, const Move&) = default;
};

// An upper bound on the moves of any position, proved in docs/rules/ataxx.md §3: a jump joins a stone
// to an empty square at king distance 2, and each of the 240 such pairs of squares gives at most one
// jump (from its stone end); singles are at most the 47 empty squares (each side has a stone while the
// game goes on); the pass comes only when there is nothing else.
constexpr std::size_t kMaxMoves = 240 + 47;
using MoveList = gamelab::MoveList<Move, kMaxMoves>;

// Every legal move of the side to move, each once: singles by destination (in square order), then
// jumps by origin and destination; the pass alone when the side has no move and the game goes on.
// Empty exactly when the game is over (ends_before_moves, rules.hpp).
void generate_moves(const State& state, MoveList& moves);

// The number of moves generate_moves would list, without listing them (perft's last ply).
int count_moves(const State& state);

// Whether `c` has a single or double move in `state` (whoever is to move).
inline bool can_move(const State& state, Color c) { return (within_two(state.stones[c]) & state.empty()) != 0; }

}  // namespace gamelab::ataxx
