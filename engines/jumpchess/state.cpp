#include "jumpchess/state.hpp"

#include "core/zobrist.hpp"

namespace gamelab::jumpchess {

namespace {

// Keys: 2 colours x 64 squares, then one for "White to move". Fixed seed: hashes are stable.
const ZobristKeys& keys() {
  static const ZobristKeys table(2 * kSquares + 1, 0x4a554d5043480001ULL);
  return table;
}

}  // namespace

std::uint64_t piece_key(Color c, int sq) { return keys()[c * kSquares + sq]; }
std::uint64_t side_to_move_key() { return keys()[2 * kSquares]; }

std::uint64_t compute_hash(const State& state) {
  std::uint64_t hash = state.side == White ? side_to_move_key() : 0;
  for (Color c : {Black, White}) {
    for (Bitboard set = state.pieces[c]; set; set &= set - 1) hash ^= piece_key(c, std::countr_zero(set));
  }
  return hash;
}

void put_piece(State& state, Color c, int sq) {
  state.pieces[c] |= bit(sq);
  state.hash ^= piece_key(c, sq);
}

State start_position() {
  static constexpr int kBlackStart[kPiecesPerSide][2] = {{0, 0}, {1, 1}, {2, 0}, {2, 2}, {3, 1},
                                                         {4, 0}, {4, 2}, {5, 1}, {6, 0}};
  State state;
  for (const auto& [row, col] : kBlackStart) {
    put_piece(state, Black, square(row, col));
    put_piece(state, White, square(kSize - 1 - row, kSize - 1 - col));  // turned by 180 degrees
  }
  return state;
}

}  // namespace gamelab::jumpchess
