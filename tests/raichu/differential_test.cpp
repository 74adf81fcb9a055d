// The engine's move generator against the reference generator written from the rule text
// (reference_movegen.cpp, no shared code): the same successor boards on thousands of positions.
#include <algorithm>
#include <catch2/catch.hpp>

#include "core/rng.hpp"
#include "helpers.hpp"
#include "reference_movegen.hpp"

using namespace raichu_test;

namespace {

std::vector<std::string> engine_successors(const State& s) {
  MoveList moves;
  generate_moves(s, moves);
  std::vector<std::string> out;
  for (const auto& m : moves) out.push_back(board_string(play(s, m)));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> reference_successors(const State& s) {
  auto out = reference_raichu::successors(s.n, side_char(s.side), board_string(s));
  std::sort(out.begin(), out.end());
  return out;
}

// Compares engine and reference on `count` positions of seeded random games on an n x n board.
int compare_random_games(int n, int count, std::uint64_t seed) {
  gamelab::Rng rng(seed);
  int compared = 0;
  while (compared < count) {
    State s = start_position(n);
    while (compared < count && !result(s).over()) {
      const auto engine = engine_successors(s);
      const auto reference = reference_successors(s);
      INFO("position " << position_line(s));
      REQUIRE(engine == reference);
      // Every engine move is a different board: the generator never lists a move twice.
      REQUIRE(std::adjacent_find(engine.begin(), engine.end()) == engine.end());
      ++compared;
      MoveList moves;
      generate_moves(s, moves);
      s = play(s, moves[rng.below(moves.size())]);
    }
  }
  return compared;
}

// A random board: up to n pieces a side of random kinds on random squares.
State random_board(int n, gamelab::Rng& rng) {
  const char kinds[2][3] = {{'w', 'W', '@'}, {'b', 'B', '$'}};
  std::string board(static_cast<std::size_t>(n) * n, '.');
  for (int color = 0; color < 2; ++color) {
    const int pieces = 1 + static_cast<int>(rng.below(n));
    for (int k = 0; k < pieces; ++k) board[rng.below(board.size())] = kinds[color][rng.below(3)];
  }
  return parse_board(n, rng.below(2) ? Black : White, board);
}

}  // namespace

TEST_CASE("engine and reference generators agree on 2,000 random-play positions, n = 8", "[raichu][differential]") {
  CHECK(compare_random_games(8, 2000, 1) == 2000);
}

TEST_CASE("engine and reference generators agree on 2,000 random-play positions, n = 10", "[raichu][differential]") {
  CHECK(compare_random_games(10, 2000, 2) == 2000);
}

TEST_CASE("engine and reference generators agree on random-play positions, n = 12, 14, 16", "[raichu][differential]") {
  CHECK(compare_random_games(12, 500, 3) == 500);
  CHECK(compare_random_games(14, 500, 4) == 500);
  CHECK(compare_random_games(16, 500, 5) == 500);
}

TEST_CASE("engine and reference generators agree on random boards with Raichus", "[raichu][differential]") {
  gamelab::Rng rng(6);
  for (int i = 0; i < 3000; ++i) {
    const int n = 8 + 2 * static_cast<int>(rng.below(5));
    const State s = random_board(n, rng);
    INFO("position " << position_line(s));
    REQUIRE(engine_successors(s) == reference_successors(s));
  }
}

TEST_CASE("can_capture agrees with the capture moves of the generator", "[raichu][differential]") {
  gamelab::Rng rng(11);
  int checked = 0;
  for (int i = 0; i < 3000; ++i) {
    const int n = 8 + 2 * static_cast<int>(rng.below(5));
    const State s = random_board(n, rng);
    for (Color by : {White, Black}) {
      State view = s;
      view.side = by;
      MoveList moves;
      generate_moves(view, moves);
      for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
          bool expected = false;
          for (const auto& m : moves) expected = expected || (m.is_capture() && m.over == square(r, c));
          INFO(position_line(s) << " by " << side_char(by) << " on (" << r << "," << c << ")");
          REQUIRE(can_capture(s, by, square(r, c)) == expected);
          ++checked;
        }
      }
    }
  }
  CHECK(checked > 100000);
}
