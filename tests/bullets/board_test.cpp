// The bullet geometry of board.hpp: every (open square, direction) is exactly one slot at every round, a
// slot advances exactly as a bullet flies (docs/rules/bullets.md §3 step 3), and "is a bullet on X at round t" agrees
// with flying every bullet turn by turn.
#include <catch2/catch.hpp>
#include <set>

#include "bullets/generator.hpp"
#include "core/rng.hpp"
#include "helpers.hpp"

using namespace bullets_test;

namespace {

// One step of one bullet by the rule text: on if the square ahead is open, else turn round in place.
BulletPlace fly(const Board& board, BulletPlace b) {
  const int ahead = board.step(b.cell, b.dir);
  if (board.wall(ahead)) return {b.cell, reverse(b.dir)};
  return {ahead, b.dir};
}

std::vector<const Board*> sample_boards() {
  return {generate_board(15, 20, 10, 1), generate_board(15, 20, 200, 2), generate_board(50, 50, 200, 3),
          generate_board(23, 41, 120, 4), generate_board(5, 5, 0, 5), generate_board(64, 64, 900, 6),
          generate_board(7, 9, 40, 7)};
}

}  // namespace

TEST_CASE("every open square and direction is exactly one slot, at every round", "[bullets][board]") {
  for (const Board* board : sample_boards()) {
    CHECK(board->slot_count() == 4 * board->open_squares());
    for (std::uint32_t round : {0u, 1u, 2u, 7u, 99u, 1999u, 123456u}) {
      std::set<int> seen;
      for (int cell = 0; cell < board->cells(); ++cell) {
        if (board->wall(cell)) continue;
        for (int d = 0; d < 4; ++d) {
          const int slot = board->slot(cell, static_cast<Dir>(d), round);
          REQUIRE(slot >= 0);
          REQUIRE(slot < board->slot_count());
          REQUIRE(board->place(slot, round) == BulletPlace{cell, static_cast<Dir>(d)});
          seen.insert(slot);
        }
      }
      CHECK(static_cast<int>(seen.size()) == board->slot_count());
    }
  }
}

TEST_CASE("a slot moves from round to round exactly as a bullet flies", "[bullets][board]") {
  for (const Board* board : sample_boards()) {
    for (int slot = 0; slot < board->slot_count(); ++slot) {
      BulletPlace flown = board->place(slot, 0);
      for (std::uint32_t round = 1; round <= 130; ++round) {
        flown = fly(*board, flown);
        REQUIRE(board->place(slot, round) == flown);
      }
    }
  }
}

TEST_CASE("bullet_on and bullet_squares_at agree with flying every bullet turn by turn", "[bullets][board]") {
  gamelab::Rng rng(99);
  for (const Board* board : sample_boards()) {
    std::vector<BulletPlace> bullets;
    std::vector<int> open;
    for (int cell = 0; cell < board->cells(); ++cell) {
      if (!board->wall(cell)) open.push_back(cell);
    }
    for (int k = 0; k < 40; ++k) {
      bullets.push_back({open[rng.below(open.size())], static_cast<Dir>(rng.below(4))});
    }
    const std::uint32_t start = static_cast<std::uint32_t>(rng.below(1000));
    const State s = make_state(board, open.front(), open.back(), bullets, start, 5000);
    std::vector<BulletPlace> flown = bullets;
    for (std::uint32_t round = start; round < start + 150; ++round) {
      std::set<int> occupied;
      for (const auto& b : flown) occupied.insert(b.cell);
      const CellSet squares = bullet_squares_at(s, round);
      for (int cell : open) {
        REQUIRE(s.bullet_on(cell, round) == (occupied.count(cell) == 1));
        REQUIRE(contains(squares, cell) == (occupied.count(cell) == 1));
      }
      for (auto& b : flown) b = fly(*board, b);
    }
  }
}

TEST_CASE("boards are interned: the same walls give the same board", "[bullets][board]") {
  CHECK(generate_board(20, 30, 50, 11) == generate_board(20, 30, 50, 11));
  CHECK(generate_board(20, 30, 50, 11) != generate_board(20, 30, 50, 12));
}

TEST_CASE("a copied state equals its original on the largest board", "[bullets][board]") {
  const Board* board = generate_board(64, 64, 100, 8);
  State s = start_state(board);
  for (int turn = 0; turn < 30 && !s.over(); ++turn) s = play(s, turn % 2 ? kShootLeft : kShootUp, turn % 3 ? kShootDown : kShootRight);
  const State copy = s;
  CHECK(copy == s);
  CHECK(copy.bullet_count() == s.bullet_count());
  State assigned;
  assigned = s;
  CHECK(assigned == s);
  CHECK(compute_hash(assigned) == s.hash);
}
