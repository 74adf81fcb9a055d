// Random play of jump chess's own (the generic checks are the conformance suite's, tests/conformance/):
// games biased towards the target end by the target rule too.
#include <catch2/catch.hpp>

#include "core/rng.hpp"
#include "helpers.hpp"

using namespace jumpchess_test;

TEST_CASE("random games with a bias towards the target end by the target rule too", "[jumpchess][random-play]") {
  // Prefer moves that raise the mover's score: games then end when a side is home, with passes on the
  // way when the other side is out of pieces or blocked.
  gamelab::Rng rng(99);
  int by_target = 0;
  for (int game = 0; game < 200; ++game) {
    State s = start_position();
    while (!ends_before_moves(s)) {
      MoveList moves;
      generate_moves(s, moves);
      Move pick = moves[rng.below(moves.size())];
      if (rng.below(4) != 0) {
        int best = -1;
        for (const Move& m : moves) {
          const State next = play(s, m);
          const int gain = score(next, s.side) * 16 - std::popcount(next.pieces[s.side] & ~target_of(s.side)) -
                           next.piece_count(opponent(s.side));
          if (gain > best) best = gain, pick = m;
        }
      }
      s = play(s, pick);
      REQUIRE(s.hash == compute_hash(s));
    }
    by_target += result(s).reason != EndReason::MoveLimit;
  }
  CHECK(by_target > 0);
}
