#include "jumpchess/sparse_inputs.hpp"

#include <algorithm>

namespace gamelab::jumpchess {

std::uint32_t sparse_input_index(Color perspective, Color owner, int square) {
  const int seen = perspective == Black ? square : kSquares - 1 - square;
  return static_cast<std::uint32_t>((owner == perspective ? 0 : kSquares) + seen);
}

std::uint32_t sparse_clock_index(int moves_made) {
  return static_cast<std::uint32_t>(2 * kSquares + std::clamp(moves_made / 20, 0, 9));
}

int active_sparse_inputs(const State& state, Color perspective, std::uint32_t* out) {
  int count = 0;
  for (Color c : {Black, White}) {
    for (Bitboard bits = state.pieces[c]; bits; bits &= bits - 1) {
      out[count++] = sparse_input_index(perspective, c, std::countr_zero(bits));
    }
  }
  out[count++] = sparse_clock_index(state.moves_made[perspective]);
  return count;
}

}  // namespace gamelab::jumpchess
