// The engine against the reference referee written from the rule text (reference.cpp, no shared
// code): the same moves, the same position after each of them and the same end, on thousands of
// positions of seeded random games (with and without gaps) and of random boards. Along the way, the
// hash kept by play() equals the hash from scratch and every position survives its FEN.
#include <algorithm>
#include <catch2/catch.hpp>

#include "core/rng.hpp"
#include "helpers.hpp"
#include "reference.hpp"

using namespace ataxx_test;

namespace {

std::string winner_text(const State& s) {
  switch (result(s).outcome) {
    case Outcome::XWins: return "x";
    case Outcome::OWins: return "o";
    case Outcome::Draw: return "draw";
    case Outcome::Ongoing: break;
  }
  return "";
}

// Compares engine and reference on one position; returns the engine's moves.
MoveList compare(const State& s) {
  const std::string fen = fen_string(s);
  INFO("position " << fen);
  const auto reference = ataxx_reference::read_fen(fen);
  MoveList moves;
  generate_moves(s, moves);
  std::vector<std::string> texts;
  for (const Move& m : moves) texts.push_back(move_text(m));
  std::sort(texts.begin(), texts.end());
  REQUIRE(std::adjacent_find(texts.begin(), texts.end()) == texts.end());  // each move once
  REQUIRE(texts == ataxx_reference::legal_moves(reference));
  REQUIRE(count_moves(s) == static_cast<int>(moves.size()));
  REQUIRE(ends_before_moves(s) == ataxx_reference::game_over(reference));
  REQUIRE(ends_before_moves(s) == moves.empty());
  REQUIRE(winner_text(s) == ataxx_reference::winner(reference));
  REQUIRE(s.hash == compute_hash(s));
  REQUIRE(parse_fen(fen) == s);
  for (const Move& m : moves) {
    INFO("move " << move_text(m));
    REQUIRE(fen_string(play(s, m)) == ataxx_reference::write_fen(ataxx_reference::after(reference, move_text(m))));
    REQUIRE(read_uai_move(move_text(m), s) == m);
  }
  return moves;
}

// Gaps placed symmetrically (as the field's positions are), never on the start squares.
State with_random_gaps(gamelab::Rng& rng) {
  State s = start_position();
  const int pairs = static_cast<int>(rng.below(7));
  for (int k = 0; k < pairs; ++k) {
    const int sq = static_cast<int>(rng.below(kSquares));
    const Bitboard both = bit(sq) | bit(kSquares - 1 - sq);  // and its mirror through the centre
    if (both & (s.stones[X] | s.stones[O])) continue;
    s.gaps |= both;
  }
  s.hash = compute_hash(s);
  return s;
}

// Plays seeded random games from `start(rng)` and compares every position until `count` are done.
template <class Start>
int compare_random_games(int count, std::uint64_t seed, Start start) {
  gamelab::Rng rng(seed);
  int compared = 0;
  while (compared < count) {
    State s = start(rng);
    while (compared < count) {
      const MoveList moves = compare(s);
      ++compared;
      if (moves.empty()) break;
      s = play(s, moves[rng.below(moves.size())]);
    }
  }
  return compared;
}

// A random board: each square x, o, a gap or empty with random odds, a random side, and a clock near
// 100 one time in four.
State random_board(gamelab::Rng& rng) {
  const std::uint64_t odds[3] = {rng.below(6), 1 + rng.below(6), rng.below(3)};  // x, o, gap against empty 4
  std::string fen;
  for (int rank = 6; rank >= 0; --rank) {
    for (int file = 0; file < kFiles; ++file) {
      const std::uint64_t roll = rng.below(odds[0] + odds[1] + odds[2] + 4);
      fen += roll < odds[0] ? 'x' : roll < odds[0] + odds[1] ? 'o' : roll < odds[0] + odds[1] + odds[2] ? '-' : '1';
    }
    if (rank) fen += '/';
  }
  // Every empty square is its own digit here, which the strict reader refuses; the reference reads
  // it and writes the shortest form.
  const std::uint64_t clock = rng.below(4) == 0 ? 95 + rng.below(6) : rng.below(20);
  const std::string loose = fen + (rng.below(2) ? " x " : " o ") + std::to_string(clock) + " 1";
  return parse_fen(ataxx_reference::write_fen(ataxx_reference::read_fen(loose)));
}

}  // namespace

TEST_CASE("engine and reference agree along random games from the start", "[ataxx][differential]") {
  CHECK(compare_random_games(1500, 0xA7A0001, [](gamelab::Rng&) { return start_position(); }) == 1500);
}

TEST_CASE("engine and reference agree along random games with gaps", "[ataxx][differential]") {
  CHECK(compare_random_games(1500, 0xA7A0002, with_random_gaps) == 1500);
}

TEST_CASE("engine and reference agree on random boards played to their end", "[ataxx][differential]") {
  // Crowded boards, lone stones, walled-in sides, no stones, clocks at 95..100: passes and every end.
  gamelab::Rng rng(0xA7A0003);
  int compared = 0, passes = 0;
  std::set<EndReason> ends;
  while (compared < 3000) {
    for (State s = random_board(rng);; ++compared) {
      const MoveList moves = compare(s);
      if (moves.empty()) {
        ends.insert(result(s).reason);
        break;
      }
      passes += moves[0].is_pass();
      s = play(s, moves[rng.below(moves.size())]);
    }
  }
  CHECK(passes > 0);
  CHECK(ends == std::set<EndReason>{EndReason::NoStones, EndReason::NoMoves, EndReason::HalfmoveClock});
}
