#include "ataxx/state.hpp"

#include "core/zobrist.hpp"

namespace gamelab::ataxx {

static_assert((kFileA & kBoard) == (bit(0) | bit(7) | bit(14) | bit(21) | bit(28) | bit(35) | bit(42)));
static_assert(within_one(bit(square(6, 6))) == (bit(40) | bit(41) | bit(47) | bit(48)));  // no wrap to a7
static_assert(std::popcount(kRings.one[square(3, 3)]) == 8 && std::popcount(kRings.two[square(3, 3)]) == 16);
static_assert(std::popcount(kRings.one[0]) == 3 && std::popcount(kRings.two[0]) == 5);
static_assert(within_one(bit(square(6, 0))) == (bit(5) | bit(6) | bit(12) | bit(13)));  // no wrap to rank 2

HashKeys::HashKeys() {
  const ZobristKeys keys(3 * kSquares + 1 + kHalfmoveLimit + 1, 0x41544158580001ULL);
  for (int sq = 0; sq < kSquares; ++sq) {
    stone[X][sq] = keys[sq];
    stone[O][sq] = keys[kSquares + sq];
    gap[sq] = keys[2 * kSquares + sq];
    flip[sq] = stone[X][sq] ^ stone[O][sq];
  }
  side = keys[3 * kSquares];
  for (int c = 0; c <= kHalfmoveLimit; ++c) clock[c] = keys[3 * kSquares + 1 + c];
}

bool State::operator==(const State& other) const {
  return stones == other.stones && gaps == other.gaps && side == other.side && halfmove == other.halfmove &&
         fullmove == other.fullmove;
}

std::uint64_t compute_hash(const State& state) {
  const HashKeys& keys = hash_keys();
  std::uint64_t hash = state.side == O ? keys.side : 0;
  for (int sq = 0; sq < kSquares; ++sq) {
    if (state.stones[X] & bit(sq)) hash ^= keys.stone[X][sq];
    if (state.stones[O] & bit(sq)) hash ^= keys.stone[O][sq];
    if (state.gaps & bit(sq)) hash ^= keys.gap[sq];
  }
  return hash;
}

State start_position() {
  State state;
  state.stones[X] = bit(square(0, 6)) | bit(square(6, 0));  // a7, g1
  state.stones[O] = bit(square(6, 6)) | bit(square(0, 0));  // g7, a1
  state.hash = compute_hash(state);
  return state;
}

}  // namespace gamelab::ataxx
