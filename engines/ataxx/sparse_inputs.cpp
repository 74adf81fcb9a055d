#include "ataxx/sparse_inputs.hpp"

#include <algorithm>

namespace gamelab::ataxx {

namespace {

// The most tuples any move can change: every square of the 3 x 3 block around `to` (the destination
// and all eight neighbours flipped, more than a move can change), with each jump origin at distance 2.
constexpr int most_changed_tuples() {
  int most = 0;
  for (int to = 0; to < kSquares; ++to) {
    const Bitboard block = within_one(bit(to));
    most = std::max(most, std::popcount(tuples_of(block)));
    for (Bitboard from = kRings.two[to]; from; from &= from - 1) {
      most = std::max(most, std::popcount(tuples_of(block | bit(std::countr_zero(from)))));
    }
  }
  return most;
}
static_assert(most_changed_tuples() == kMaxChangedTuples);

// Every square is in 1 (a corner), 2 (an edge) or 4 tuples, and every tuple holds 4 squares.
static_assert(std::popcount(kTupleTables.tuples_of_square[square(0, 0)]) == 1);
static_assert(std::popcount(kTupleTables.tuples_of_square[square(3, 0)]) == 2);
static_assert(std::popcount(kTupleTables.tuples_of_square[square(3, 3)]) == 4);
// The field's index for a tuple without gaps (bullet's Ataxx2Tuples): ours 1, theirs 2, powers 1, 3, 9, 27.
static_assert(tuple_input(0, bit(square(0, 0)), 0, 0) == 1);
static_assert(tuple_input(35, 0, bit(square(6, 6)), 0) == 35 * 81 + 2 * 27);
static_assert(tuple_input(7, bit(square(1, 2)), bit(square(2, 1)), 0) == 7 * 81 + 9 + 2 * 3);
// The gapped block: the codes with a digit 3 in order; the last is four gaps.
static_assert(tuple_input(0, 0, 0, bit(square(0, 0))) == kGappedInputsFrom);
static_assert(tuple_input(35, 0, 0, within_one(bit(square(6, 6)))) == kSparseInputCount - 1);

}  // namespace

int active_sparse_inputs(const State& state, Color perspective, std::uint32_t* out) {
  const Bitboard ours = state.stones[perspective], theirs = state.stones[opponent(perspective)];
  for (int t = 0; t < kTuples; ++t) out[t] = tuple_input(t, ours, theirs, state.gaps);
  return kTuples;
}

}  // namespace gamelab::ataxx
