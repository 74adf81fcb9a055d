// The generic random-play test every game passes (as OpenSpiel does): seeded random games end within
// the move limit, the incremental hash matches the hash from scratch after every move, the text forms
// round-trip, and the same seed plays the same game.
#include <catch2/catch.hpp>

#include "core/rng.hpp"
#include "helpers.hpp"

using namespace jumpchess_test;

TEST_CASE("500 seeded random games end, keep their hash and round-trip their text", "[jumpchess][random-play]") {
  gamelab::Rng rng(20261121);
  int by_limit = 0, by_target = 0, passes = 0;
  for (int game = 0; game < 500; ++game) {
    State s = start_position();
    int plies = 0;
    while (true) {
      REQUIRE(s.hash == compute_hash(s));
      const State back = parse_position_text(position_text(s), "round-trip");
      REQUIRE(back == s);
      REQUIRE(back.hash == s.hash);
      REQUIRE(parse_board_digits(board_digits(s), s.side).pieces == s.pieces);
      REQUIRE(s.moves_made[Black] == s.moves_made[White] + (s.side == White ? 1 : 0));
      const Result r = result(s);
      if (r.over()) {
        (r.reason == EndReason::MoveLimit ? by_limit : by_target) += 1;
        CHECK(ends_before_moves(s));
        break;
      }
      REQUIRE(plies < 2 * kMoveLimit);
      MoveList moves;
      generate_moves(s, moves);
      REQUIRE_FALSE(moves.empty());
      const Move m = moves[rng.below(moves.size())];
      passes += m.is_pass();
      s = play(s, m);
      ++plies;
    }
  }
  CHECK(by_limit + by_target == 500);
  CHECK(by_limit > 0);
}

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

TEST_CASE("the same seed plays the same random game", "[jumpchess][random-play]") {
  auto play_game = [](std::uint64_t seed) {
    gamelab::Rng rng(seed);
    State s = start_position();
    std::string record;
    while (!ends_before_moves(s)) {
      MoveList moves;
      generate_moves(s, moves);
      const Move m = moves[rng.below(moves.size())];
      record += move_text(m) + " ";
      s = play(s, m);
    }
    return record;
  };
  CHECK(play_game(7) == play_game(7));
  CHECK(play_game(7) != play_game(8));
}
