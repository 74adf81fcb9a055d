#pragma once
// Seeded positions for the engine's tests: the committed board suite, random legal placements, then a
// few random turns; both variants. Only positions still in play are kept.
#include <algorithm>
#include <filesystem>
#include <vector>

#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "helpers.hpp"

namespace dcms_test {

inline std::vector<State> suite_setups(Variant variant) {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(GAMELAB_DATA_DIR) + "/boards/dcms")) {
    if (entry.path().extension() == ".txt") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  std::vector<State> out;
  for (const auto& f : files) out.push_back(setup_state(*parse_position_text(gamelab::read_text_file(f), f).board, variant));
  return out;
}

inline State random_play_position(const State& setup, gamelab::Rng& rng, int max_turns) {
  Placement p[2];
  for (int side = 0; side < 2; ++side) {
    const auto squares = setup_squares(*setup.board, side);
    p[side] = placement_at(squares, setup.variant, rng.below(placement_count(*setup.board, setup.variant, side)));
  }
  State s = place_pieces(setup, p[0], p[1]);
  const int turns = static_cast<int>(rng.below(static_cast<std::uint64_t>(max_turns) + 1));
  for (int t = 0; t < turns && !ends_before_moves(s); ++t) {
    ActionList a, b;
    generate_actions(s, kBlue, a);
    generate_actions(s, kRed, b);
    const State next = play(s, a[rng.below(a.size())], b[rng.below(b.size())]);
    if (ends_before_moves(next)) break;
    s = next;
  }
  return s;
}

// `count` positions in play, alternating variants, from seed `seed`.
inline std::vector<State> random_positions(int count, std::uint64_t seed, int max_turns = 12) {
  const std::vector<State> setups[2] = {suite_setups(Variant::Mouse), suite_setups(Variant::Full)};
  gamelab::Rng rng(seed);
  std::vector<State> out;
  while (static_cast<int>(out.size()) < count) {
    const auto& pool = setups[out.size() % 2];
    const State s = random_play_position(pool[rng.below(pool.size())], rng, max_turns);
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
