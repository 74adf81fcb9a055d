#include "bullets/state.hpp"

#include <bit>
#include <cassert>

#include "core/rng.hpp"
#include "core/zobrist.hpp"

namespace gamelab::bullets {

namespace {

// Keys: Blue's squares, Red's squares, then bullet slots. Fixed seed: hashes are stable across runs.
const ZobristKeys& keys() {
  static const ZobristKeys table(2 * kMaxCells + kMaxSlots, 0x42554c4c45545301ULL);
  return table;
}
inline std::uint64_t player_key(Side side, int cell) { return keys()[side * kMaxCells + cell]; }
inline std::uint64_t slot_key(int slot) { return keys()[2 * kMaxCells + slot]; }
// Rounds go up to the limit (any 32-bit value), so their keys are computed rather than tabled.
inline std::uint64_t round_key(std::uint32_t round) {
  std::uint64_t mix = 0x524f554e44000000ULL ^ round;
  return splitmix64(mix);
}

template <class F>
void for_each_slot(const State& state, F&& f) {
  for (int w = 0; w < state.words; ++w) {
    std::uint64_t bits = state.slots[w];
    while (bits) {
      f(w * 64 + std::countr_zero(bits));
      bits &= bits - 1;
    }
  }
}

}  // namespace

int State::bullet_count() const {
  int count = 0;
  for (int w = 0; w < words; ++w) count += std::popcount(slots[w]);
  return count;
}

bool State::operator==(const State& other) const {
  return board == other.board && round == other.round && limit == other.limit && player == other.player &&
         hit == other.hit && words == other.words &&
         std::memcmp(slots.data(), other.slots.data(), sizeof(std::uint64_t) * words) == 0;
}

std::uint64_t compute_hash(const State& state) {
  std::uint64_t hash = round_key(state.round) ^ player_key(Blue, state.player[Blue]) ^
                       player_key(Red, state.player[Red]);
  for_each_slot(state, [&](int slot) { hash ^= slot_key(slot); });
  return hash;
}

void add_bullet(State& state, int cell, Dir dir) {
  assert(!state.board->wall(cell));
  const int slot = state.board->slot(cell, dir, state.round);
  const std::uint64_t bit = 1ULL << (slot & 63);
  if (state.slots[slot >> 6] & bit) return;
  state.slots[slot >> 6] |= bit;
  state.hash ^= slot_key(slot);
}

void set_player(State& state, Side side, int cell) {
  state.hash ^= player_key(side, state.player[side]) ^ player_key(side, cell);
  state.player[side] = static_cast<std::uint16_t>(cell);
}

void set_round(State& state, std::uint32_t round) {
  state.hash ^= round_key(state.round) ^ round_key(round);
  state.round = round;
}

void update_hits(State& state) {
  state.hit = static_cast<std::uint8_t>((state.bullet_on(state.player[Blue], state.round) ? 1 : 0) |
                                        (state.bullet_on(state.player[Red], state.round) ? 2 : 0));
}

State make_state(const Board* board, int blue, int red, const std::vector<BulletPlace>& bullets,
                 std::uint32_t round, std::uint32_t limit) {
  assert(!board->wall(blue) && !board->wall(red) && blue != red);
  State state;
  state.board = board;
  state.words = static_cast<std::uint16_t>(board->slot_words());
  state.round = round;
  state.limit = limit;
  state.player = {static_cast<std::uint16_t>(blue), static_cast<std::uint16_t>(red)};
  for (const auto& bullet : bullets) {
    const int slot = board->slot(bullet.cell, bullet.dir, round);
    state.slots[slot >> 6] |= 1ULL << (slot & 63);
  }
  update_hits(state);
  state.hash = compute_hash(state);
  return state;
}

State start_state(const Board* board, std::uint32_t limit) {
  return make_state(board, start_square(*board, Blue), start_square(*board, Red), {}, 0, limit);
}

std::vector<BulletPlace> bullets_at(const State& state, std::uint32_t at_round) {
  std::vector<BulletPlace> out;
  for_each_slot(state, [&](int slot) { out.push_back(state.board->place(slot, at_round)); });
  return out;
}

CellSet bullet_squares_at(const State& state, std::uint32_t at_round) {
  CellSet set{};
  for_each_slot(state, [&](int slot) { insert(set, state.board->place(slot, at_round).cell); });
  return set;
}

std::vector<std::uint8_t> bullet_masks(const State& state) {
  std::vector<std::uint8_t> masks(static_cast<std::size_t>(state.board->cells()), 0);
  for_each_slot(state, [&](int slot) {
    const BulletPlace place = state.board->place(slot, state.round);
    masks[place.cell] |= static_cast<std::uint8_t>(1u << place.dir);
  });
  return masks;
}

}  // namespace gamelab::bullets
