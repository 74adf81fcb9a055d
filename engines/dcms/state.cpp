#include "dcms/state.hpp"

#include "core/zobrist.hpp"

namespace gamelab::dcms {

namespace {

// Keys: 8 pieces x 4096 squares, then one per turn number. Fixed seed: hashes are stable.
constexpr std::size_t kTurnKeys = kMaxTurnLimit + 1;
const ZobristKeys& keys() {
  static const ZobristKeys table(kPieces * kSquares + kTurnKeys, 0x44434d5300000004ULL);
  return table;
}

}  // namespace

const char* rank_name(int rank) {
  static const char* const names[kRanks] = {"cheeSe", "Mouse", "Cat", "Dog"};
  return names[rank];
}

std::uint64_t piece_key(int piece, Square sq) { return keys()[static_cast<std::size_t>(piece) * kSquares + sq]; }
std::uint64_t turn_key(int turn) { return keys()[kPieces * kSquares + static_cast<std::size_t>(turn)]; }

int State::piece_count(int side) const {
  int count = 0;
  for (int rank = 0; rank < kRanks; ++rank) count += on_board(side, rank) ? 1 : 0;
  return count;
}

State setup_state(const Board& board, Variant variant, int turn_limit) {
  State state;
  state.board = intern(board);
  state.variant = variant;
  state.turn_limit = static_cast<std::uint8_t>(turn_limit);
  state.phase = Phase::Setup;
  state.hash = compute_hash(state);
  return state;
}

std::uint64_t compute_hash(const State& state) {
  std::uint64_t hash = turn_key(state.turn);
  for (int piece = 0; piece < kPieces; ++piece) {
    if (state.pos[piece] != kNoSquare) hash ^= piece_key(piece, state.pos[piece]);
  }
  return hash;
}

void put_piece(State& state, int piece, Square sq) {
  state.pos[piece] = sq;
  state.hash ^= piece_key(piece, sq);
}

void remove_piece(State& state, int piece) {
  state.hash ^= piece_key(piece, state.pos[piece]);
  state.pos[piece] = kNoSquare;
}

}  // namespace gamelab::dcms
