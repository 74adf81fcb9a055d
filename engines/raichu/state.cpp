#include "raichu/state.hpp"


#include "core/zobrist.hpp"

namespace gamelab::raichu {

namespace {

// Keys: 8 piece codes x 256 squares, then one for "Black to move". Fixed seed: hashes are stable.
const ZobristKeys& keys() {
  static const ZobristKeys table(8 * kSquares + 1, 0x5241494348550001ULL);
  return table;
}
inline std::uint64_t piece_key(std::uint8_t piece, int sq) { return keys()[piece * kSquares + sq]; }
inline std::uint64_t side_key() { return keys()[8 * kSquares]; }

}  // namespace

std::uint64_t side_to_move_key() { return side_key(); }

bool valid_board_size(int n) { return n >= kMinN && n <= kMaxN && n % 2 == 0; }

bool State::operator==(const State& other) const {
  return board == other.board && side == other.side && n == other.n && ply == other.ply &&
         ply_limit == other.ply_limit;
}

std::uint64_t compute_hash(const State& state) {
  std::uint64_t hash = state.side == Black ? side_key() : 0;
  for (int sq = 0; sq < kSquares; ++sq) {
    if (state.board[sq] != Empty) hash ^= piece_key(state.board[sq], sq);
  }
  return hash;
}

void put_piece(State& state, int sq, Piece piece) {
  state.board[sq] = piece;
  state.pieces[color_of(piece)][sq >> 6] |= 1ULL << (sq & 63);
  ++state.counts[color_of(piece)];
  state.hash ^= piece_key(piece, sq);
}

void remove_piece(State& state, int sq) {
  const std::uint8_t piece = state.board[sq];
  state.board[sq] = Empty;
  state.pieces[color_of(piece)][sq >> 6] &= ~(1ULL << (sq & 63));
  --state.counts[color_of(piece)];
  state.hash ^= piece_key(piece, sq);
}

State start_position(int n) {
  State state;
  state.n = static_cast<std::uint8_t>(n);
  for (int col = 0; col < n; ++col) {
    if (col % 2 == 0) {
      put_piece(state, square(1, col), WhitePikachu);
      put_piece(state, square(n - 3, col), BlackPichu);
    } else {
      put_piece(state, square(2, col), WhitePichu);
      put_piece(state, square(n - 2, col), BlackPikachu);
    }
  }
  return state;
}

}  // namespace gamelab::raichu
