// The generic random-play test every game passes (as OpenSpiel does): seeded random games end, the
// incremental hash matches the hash from scratch after every move, the text form round-trips.
#include <catch2/catch.hpp>

#include "core/rng.hpp"
#include "helpers.hpp"

using namespace raichu_test;

TEST_CASE("500 seeded random games end, keep their hash and round-trip their text", "[raichu][random-play]") {
  gamelab::Rng rng(20261121);
  int decisive = 0, draws = 0;
  for (int game = 0; game < 500; ++game) {
    const int n = 8 + 2 * (game % 5);
    State s = start_position(n);
    while (true) {
      REQUIRE(s.hash == compute_hash(s));
      const State back = parse_position_text(position_line(s), "round-trip");
      REQUIRE(board_string(back) == board_string(s));
      REQUIRE(back.hash == s.hash);
      const Result r = result(s);
      if (r.over()) {
        (r.outcome == Outcome::Draw ? draws : decisive) += 1;
        break;
      }
      REQUIRE(s.ply < s.ply_limit);
      MoveList moves;
      generate_moves(s, moves);
      REQUIRE_FALSE(moves.empty());
      s = play(s, moves[rng.below(moves.size())]);
    }
  }
  CHECK(decisive + draws == 500);
  CHECK(decisive > 0);
}

TEST_CASE("the same seed plays the same random game", "[raichu][random-play]") {
  auto play_game = [](std::uint64_t seed) {
    gamelab::Rng rng(seed);
    State s = start_position(8);
    std::string record;
    while (!result(s).over()) {
      MoveList moves;
      generate_moves(s, moves);
      const Move m = moves[rng.below(moves.size())];
      record += move_text(m, s) + " ";
      s = play(s, m);
    }
    return record;
  };
  CHECK(play_game(7) == play_game(7));
  CHECK(play_game(7) != play_game(8));
}
