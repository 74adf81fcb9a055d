#pragma once
// Seeded positions for the engine's tests: the committed board suite, random legal placements, then a
// few random turns; both variants. Only positions still in play are kept.
#include <vector>

#include "common/dcms_positions.hpp"
#include "core/rng.hpp"
#include "helpers.hpp"

namespace dcms_test {

inline std::vector<State> suite_setups(Variant variant) {
  std::vector<State> out;
  for (const Board& board : gamelab_test::dcms::suite_boards()) out.push_back(setup_state(board, variant));
  return out;
}

// `count` positions in play, alternating variants, from seed `seed`.
inline std::vector<State> random_positions(int count, std::uint64_t seed, int max_turns = 12) {
  const std::vector<State> setups[2] = {suite_setups(Variant::Mouse), suite_setups(Variant::Full)};
  gamelab::Rng rng(seed);
  std::vector<State> out;
  while (static_cast<int>(out.size()) < count) {
    const auto& pool = setups[out.size() % 2];
    const State s = gamelab_test::dcms::random_play(pool[rng.below(pool.size())], rng, max_turns);
    if (!ends_before_moves(s)) out.push_back(s);
  }
  return out;
}

// The position mirrored left-right with the colours swapped: blue's piece at (r, c) becomes red's at
// (r, cols-1-c) and the other way round.
inline State mirrored(const State& s) {
  const Board& b = *s.board;
  Board m(b.rows(), b.cols());
  for (int r = 0; r < b.rows(); ++r) {
    for (int c = 0; c < b.cols(); ++c) m.set_wall(r, c, b.is_wall(r, b.cols() - 1 - c));
  }
  State out = setup_state(m, s.variant, s.turn_limit);
  out.phase = s.phase;
  out.turn = s.turn;
  for (int side = 0; side < 2; ++side) {
    for (int rank = 0; rank < kRanks; ++rank) {
      const Square sq = s.at(side, rank);
      if (sq != kNoSquare) out.pos[piece_index(other(side), rank)] = square(row_of(sq), b.cols() - 1 - col_of(sq));
    }
  }
  out.hash = compute_hash(out);
  return out;
}

}  // namespace dcms_test
