#pragma once
// Jump chess moves and their generation (docs/rules/jumpchess.md).
//
// A move is identified by the board it leads to. For a step that is (from, to); for a hop chain it is
// (from, landing square, set of captured pieces): two chains of one piece to one landing square are the
// same move exactly when they capture the same pieces (hopped own pieces stay, so they leave no trace).
// Two different pieces never make the same board, and no move leaves the board unchanged (a chain never
// returns to its start square). The generator lists each resulting board once and keeps the first chain
// it found to it, packed into the move, so every move can be written out as a path and replayed.
#include <cstdint>

#include "jumpchess/move_list.hpp"
#include "jumpchess/state.hpp"

namespace gamelab::jumpchess {

// Directions, in the order the generator tries them; a hop chain stores one per hop (2 bits).
enum Direction : std::uint8_t { Up = 0, Down = 1, Left = 2, Right = 3 };
constexpr int kRowStep[4] = {-1, 1, 0, 0};
constexpr int kColStep[4] = {0, 0, -1, 1};

// Every square a chain visits has the start's row parity and column parity (a hop moves two squares
// in a line), and no square is visited twice, so a chain visits at most 16 squares: at most 15 hops on
// 8 x 8. The 99-hop limit of the rules therefore never binds here, and 15 directions fit in 32 bits.
constexpr int kMaxChainHops = kSquares / 4 - 1;
static_assert(kMaxChainHops <= kMaxHops && 2 * kMaxChainHops <= 32);

struct Move {
  enum Kind : std::uint8_t { Pass = 0, Step = 1, Hops = 2 };
  Bitboard captured;    // enemy pieces removed by the chain (0 for steps and passes)
  std::uint32_t dirs;   // direction of hop k in bits 2k and 2k+1
  std::uint8_t from;    // origin square (0 for a pass)
  std::uint8_t to;      // final square (0 for a pass)
  std::uint8_t hops;    // number of hops (0 for a step or a pass)
  std::uint8_t kind;

  bool is_pass() const { return kind == Pass; }
  Direction direction(int hop) const { return static_cast<Direction>((dirs >> (2 * hop)) & 3); }
  static Move pass() { return Move{0, 0, 0, 0, 0, Pass}; }
  static Move step(int from, int to) {
    return Move{0, 0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), 0, Step};
  }
};

// Whether two moves lead to the same board (whatever chain each one keeps).
inline bool same_result(const Move& a, const Move& b) {
  return a.kind == b.kind && a.from == b.from && a.to == b.to && a.captured == b.captured;
}

// Inline room for 256 moves (4 KB); real positions have a few dozen. See move_list.hpp.
using MoveList = SpillingList<Move, 256>;

// Every legal move of the side to move, each resulting board once, pieces in square order (steps of a
// piece first, then its chains in depth-first order). When the side has no piece or no step and no hop,
// the list holds the single move Move::pass(). Does not look at the end rules: see ends_before_moves().
void generate_moves(const State& state, MoveList& moves);

}  // namespace gamelab::jumpchess
