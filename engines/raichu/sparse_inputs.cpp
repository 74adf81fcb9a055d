#include "raichu/sparse_inputs.hpp"

namespace gamelab::raichu {

namespace {

// offset(n) = 6 * (sum of m * m over the even sizes 8 <= m < n).
constexpr std::uint32_t size_offset(int n) {
  std::uint32_t offset = 0;
  for (int m = kMinN; m < n; m += 2) offset += 6 * static_cast<std::uint32_t>(m * m);
  return offset;
}
static_assert(size_offset(kMaxN + 2) == kSparseInputCount);

}  // namespace

std::uint32_t sparse_input_index(int n, Color perspective, int square, Piece piece) {
  int row = row_of(square), col = col_of(square);
  if (perspective == Black) {
    row = n - 1 - row;
    col = n - 1 - col;
  }
  const int owner = color_of(piece) == perspective ? 0 : 1;
  const int table = owner * 3 + type_of(piece) - 1;
  return size_offset(n) + static_cast<std::uint32_t>((table * n + row) * n + col);
}

int active_sparse_inputs(const State& state, Color perspective, std::uint32_t* out) {
  int count = 0;
  for (Color c : {White, Black}) {
    for_each_piece(state, c, [&](int sq) {
      out[count++] = sparse_input_index(state.n, perspective, sq, static_cast<Piece>(state.board[sq]));
    });
  }
  return count;
}

}  // namespace gamelab::raichu
