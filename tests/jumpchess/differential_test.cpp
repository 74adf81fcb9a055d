// The engine's move generator against the reference generator written from the rule text
// (reference_movegen.cpp, no shared code): the same set of resulting boards, each listed once by the
// engine, on thousands of positions from seeded random play and on random crowded boards.
#include <algorithm>
#include <catch2/catch.hpp>

#include "core/rng.hpp"
#include "helpers.hpp"
#include "reference_movegen.hpp"

using namespace jumpchess_test;

namespace {

std::vector<std::string> engine_successors(const State& s) {
  std::vector<std::string> out;
  for (const Move& m : moves_of(s)) out.push_back(board_digits(play(s, m)));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> reference_successors(const State& s) {
  auto out = reference_jumpchess::successors(board_digits(s), s.side == Black ? '1' : '2');
  std::sort(out.begin(), out.end());
  return out;
}

void compare(const State& s) {
  const auto engine = engine_successors(s);
  INFO("position\n" << position_text(s));
  // Each board once: the generator never lists two moves with the same result.
  REQUIRE(std::adjacent_find(engine.begin(), engine.end()) == engine.end());
  REQUIRE(engine == reference_successors(s));
}

// Compares engine and reference on every position of seeded random games until `count` are done.
// Returns how many of them had a chain capturing two or more pieces among their moves.
int compare_random_games(int count, std::uint64_t seed) {
  gamelab::Rng rng(seed);
  int compared = 0, multi_captures = 0;
  while (compared < count) {
    State s = start_position();
    while (compared < count && !ends_before_moves(s)) {
      compare(s);
      ++compared;
      const auto moves = moves_of(s);
      multi_captures += std::any_of(moves.begin(), moves.end(), [](const Move& m) { return std::popcount(m.captured) >= 2; });
      s = play(s, moves[rng.below(moves.size())]);
    }
  }
  return multi_captures;
}

// A random board: 0..9 pieces a side on random squares (crowded boards give long, branching chains).
State random_board(gamelab::Rng& rng) {
  Bitboard pieces[2] = {0, 0};
  for (Color c : {Black, White}) {
    const int count = static_cast<int>(rng.below(kPiecesPerSide + 1));
    while (std::popcount(pieces[c]) < count) {
      const int sq = static_cast<int>(rng.below(kSquares));
      if (!((pieces[Black] | pieces[White]) & bit(sq))) pieces[c] |= bit(sq);
    }
  }
  return make_position(pieces[Black], pieces[White], rng.below(2) ? White : Black, 0, 0, "random board");
}

}  // namespace

TEST_CASE("engine and reference generators agree on 6,000 random-play positions", "[jumpchess][differential]") {
  CHECK(compare_random_games(3000, 1) > 0);
  CHECK(compare_random_games(3000, 2) > 0);
}

TEST_CASE("engine and reference generators agree on 4,000 random boards", "[jumpchess][differential]") {
  gamelab::Rng rng(6);
  int passes = 0;
  for (int i = 0; i < 4000; ++i) {
    const State s = random_board(rng);
    compare(s);
    passes += moves_of(s)[0].is_pass();
  }
  CHECK(passes > 0);  // boards where the side to move has no piece
}

TEST_CASE("engine and reference generators agree on crowded boards with 9 pieces a side",
          "[jumpchess][differential]") {
  // 18 pieces in a 4 x 6 or 5 x 5 block: the densest hop networks, many loops cut by the no-revisit rule.
  gamelab::Rng rng(7);
  std::size_t most = 0;
  for (int i = 0; i < 2000; ++i) {
    const int rows = 4 + static_cast<int>(rng.below(2)), cols = rows == 4 ? 6 : 5;
    const int top = static_cast<int>(rng.below(kSize - rows + 1)), left = static_cast<int>(rng.below(kSize - cols + 1));
    std::vector<int> cells;
    for (int r = top; r < top + rows; ++r) {
      for (int c = left; c < left + cols; ++c) cells.push_back(square(r, c));
    }
    rng.shuffle(std::span<int>(cells));
    Bitboard pieces[2] = {0, 0};
    for (int k = 0; k < 2 * kPiecesPerSide; ++k) pieces[k % 2] |= bit(cells[k]);
    const State s = make_position(pieces[Black], pieces[White], i % 2 ? White : Black, 0, 0, "crowded");
    compare(s);
    most = std::max(most, moves_of(s).size());
  }
  CHECK(most > 40);
}

TEST_CASE("engine and reference generators agree on hop networks with long branching chains",
          "[jumpchess][differential]") {
  // Most pieces on squares with row + col odd (the squares hopped over by a piece on an even square),
  // a few on even squares: every piece on an even square has a web of chains, captures mixed in.
  gamelab::Rng rng(8);
  int longest = 0;
  for (int i = 0; i < 2000; ++i) {
    Bitboard pieces[2] = {0, 0};
    const int movers = 1 + static_cast<int>(rng.below(3));
    for (int k = 0; k < 2 * kPiecesPerSide;) {
      const int sq = static_cast<int>(rng.below(kSquares));
      const bool even = (row_of(sq) + col_of(sq)) % 2 == 0;
      if (((pieces[Black] | pieces[White]) & bit(sq)) || even != (k < movers)) continue;
      const Color c = k < movers ? Black : static_cast<Color>(rng.below(2));
      if (std::popcount(pieces[c]) == kPiecesPerSide) continue;
      pieces[c] |= bit(sq);
      ++k;
    }
    const State s = make_position(pieces[Black], pieces[White], Black, 0, 0, "hop network");
    compare(s);
    for (const Move& m : moves_of(s)) longest = std::max<int>(longest, m.hops);
  }
  CHECK(longest >= 10);
}

TEST_CASE("a position with more moves than the move list holds inline: 341 boards, as the reference finds",
          "[jumpchess][differential]") {
  // Found by hill-climbing the move count over random boards; the list moves to the heap past 256.
  const State s = parse_board_digits("00000000/00000000/00102020/01010201/00201020/01020202/01201010/00000000", Black);
  compare(s);
  MoveList moves;
  generate_moves(s, moves);
  CHECK(moves.size() == 341);
  CHECK(moves.spilled());
  const MoveList copy = moves;
  REQUIRE(copy.size() == moves.size());
  CHECK(same_result(copy[340], moves[340]));
  generate_moves(start_position(), moves);  // reusing a spilled list
  CHECK(moves.size() == 31);
}
