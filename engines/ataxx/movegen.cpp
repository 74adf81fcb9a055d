#include "ataxx/movegen.hpp"

namespace gamelab::ataxx {

namespace {

// The end rules generate_moves and count_moves need before any move (rules.hpp has them all): a
// clock at the limit, or a side without stones. The third, neither side able to move, shows when
// the side to move has no move: then the pass exists only if the opponent can move.
inline bool clock_or_stones_end(const State& s) {
  return s.halfmove >= kHalfmoveLimit || s.stones[X] == 0 || s.stones[O] == 0;
}

// `b` moved dc files east (dc < 0: west), squares pushed off the board dropped.
template <int dc>
constexpr Bitboard shift_files(Bitboard b) {
  if constexpr (dc == 2) return (b << 2) & ~(kFileA | kFileB);
  if constexpr (dc == 1) return (b << 1) & ~kFileA;
  if constexpr (dc == 0) return b;
  if constexpr (dc == -1) return (b >> 1) & ~kFileG;
  if constexpr (dc == -2) return (b >> 2) & ~(kFileF | kFileG);
}

// The number of (stone, empty square) pairs at king distance exactly 2: the jumps. Counted over the
// 16 offsets of the distance-2 ring at once rather than stone by stone, which keeps it free of
// branches whatever the number of stones. A rank shift needs no mask: `empty` has no bit past the
// board.
inline int count_jumps(Bitboard us, Bitboard empty) {
  const Bitboard east = shift_files<2>(us), west = shift_files<-2>(us);
  const Bitboard near_east = shift_files<1>(us), near_west = shift_files<-1>(us);
  int n = 0;
  for (const Bitboard b : {east, west}) {
    n += std::popcount((b << 14) & empty) + std::popcount((b << 7) & empty) + std::popcount(b & empty) +
         std::popcount((b >> 7) & empty) + std::popcount((b >> 14) & empty);
  }
  for (const Bitboard b : {near_east, us, near_west}) {
    n += std::popcount((b << 14) & empty) + std::popcount((b >> 14) & empty);
  }
  return n;
}

}  // namespace

void generate_moves(const State& s, MoveList& moves) {
  moves.clear();
  if (clock_or_stones_end(s)) return;
  const Bitboard us = s.stones[s.side], empty = s.empty();
  // A destination reached by several stones is one single move: every clone there is the same move.
  for (Bitboard to = within_one(us) & empty; to; to &= to - 1) moves.push_back(Move::single(std::countr_zero(to)));
  for (Bitboard from = us; from; from &= from - 1) {
    const int f = std::countr_zero(from);
    for (Bitboard to = kRings.two[f] & empty; to; to &= to - 1) moves.push_back(Move::jump(f, std::countr_zero(to)));
  }
  if (moves.empty() && can_move(s, opponent(s.side))) moves.push_back(Move::pass());
}

GAMELAB_ATAXX_COUNTS_BITS int count_moves(const State& s) {
  if (clock_or_stones_end(s)) return 0;
  const Bitboard us = s.stones[s.side], empty = s.empty();
  const int n = std::popcount(within_one(us) & empty) + count_jumps(us, empty);
  if (n > 0) return n;
  return can_move(s, opponent(s.side)) ? 1 : 0;
}

}  // namespace gamelab::ataxx
