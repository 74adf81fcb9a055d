#pragma once
// Dog-Cat-Mouse-cheeSe positions for the tests: the boards of the committed suite, and seeded random
// play from a setup (random legal placements, then random turns).
#include <cstdint>
#include <string>
#include <vector>

#include "common/suite.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "dcms/actions.hpp"
#include "dcms/notation.hpp"
#include "dcms/rules.hpp"
#include "dcms/setup.hpp"

namespace gamelab_test::dcms {

// The boards of the committed suite (datasets/boards/dcms), in file-name order.
inline std::vector<gamelab::dcms::Board> suite_boards() {
  std::vector<gamelab::dcms::Board> out;
  for (const auto& f : suite_files("dcms")) {
    out.push_back(*gamelab::dcms::parse_position_text(gamelab::read_text_file(f), f).board);
  }
  return out;
}

// A random legal placement for both sides on `setup`, then up to `max_turns` random turns, stopping
// before a turn that would end the game: the last position in play.
inline gamelab::dcms::State random_play(const gamelab::dcms::State& setup, gamelab::Rng& rng, int max_turns) {
  using namespace gamelab::dcms;
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

}  // namespace gamelab_test::dcms
