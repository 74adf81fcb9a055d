// Bullets' sparse inputs (engines/bullets/sparse_inputs.hpp) through the registry: positions worked out
// by hand, and random play on generated boards of many sizes (well formed, and Blue's view of a
// position is Red's view of its 180-degree turn with the players swapped).
#include <catch2/catch.hpp>

#include "bullets/generator.hpp"
#include "bullets/helpers.hpp"
#include "bullets/sparse_inputs.hpp"
#include "positions_for_training.hpp"
#include "core/rng.hpp"
#include "registry/game_registry.hpp"
#include "train/sparse_inputs_checks.hpp"

namespace {

namespace bl = gamelab::bullets;

gamelab::SparseInputs bullets_inputs(const bl::State& s) {
  gamelab::SparseInputs inputs;
  gamelab::find_game("bullets").sparse_inputs.active(bl::position_text(s, bl::Red), inputs);
  return inputs;
}

// The position turned by 180 degrees with the players swapped: walls, players and bullets turned (a
// bullet's direction reversed), the same round and limit. (tests/bullets/eval_test.cpp turns
// positions the same way for the evaluation's symmetry.)
bl::State turned(const bl::State& s) {
  const bl::Board& b = *s.board;
  const auto turn = [&](int cell) { return b.cells() - 1 - cell; };
  std::vector<bool> walls(static_cast<std::size_t>(b.cells()));
  for (int c = 0; c < b.cells(); ++c) walls[static_cast<std::size_t>(turn(c))] = b.wall(c);
  std::vector<bl::BulletPlace> bullets;
  for (const auto& p : bl::bullets_now(s)) bullets.push_back({turn(p.cell), bl::reverse(p.dir)});
  return bl::make_state(bl::intern_board(b.rows(), b.cols(), walls), turn(s.player[bl::Red]), turn(s.player[bl::Blue]),
                        bullets, s.round, s.limit);
}

}  // namespace

TEST_CASE("bullets's sparse inputs: the window, where they stand, runs, walls, rounds and bullets, Blue's view first",
          "[train][bullets]") {
  const gamelab::SparseInputSet& set = gamelab::find_game("bullets").sparse_inputs;
  CHECK(set.name == "bullets-window-v1");
  CHECK(set.count == 1002);
  CHECK(set.max_active == 57);
  // Red at (1, 1) of a 5 x 5 room, Blue at (5, 5): Red's window holds 33 walls (the squares above and
  // to the left), Blue 4 down and 4 right (816 + 3 x 10 + 5), no bullet in its runs (936, 943), walls
  // 1 up, 5 down, 1 left, 5 right (950, 963, 968, 981), 2,000 rounds left (993), no bullet (994).
  // Blue, turned, sees the same: the start is symmetric.
  const auto room = bullets_inputs(bullets_test::drawn(bullets_test::kRoom));
  train_test::require_well_formed(set, room);
  std::vector<std::uint32_t> expected;
  for (int dr = -3; dr <= 3; ++dr) {
    for (int dc = -3; dc <= 3; ++dc) {
      const int square = (dr + 3) * 7 + (dc + 3);
      if (dr < 0 || dc < 0) expected.push_back(static_cast<std::uint32_t>((square < 24 ? square : square - 1) * 17));
    }
  }
  CHECK(expected.size() == 33);
  for (std::uint32_t i : {851, 936, 943, 950, 963, 968, 981, 993, 994}) expected.push_back(i);
  CHECK(room.perspective[0] == expected);
  CHECK(room.perspective[1] == expected);
  // A bullet two squares to Red's right flying left, and its twin two squares to Blue's left flying
  // right: each sees a bullet at (0, +2) flying towards it (square 25, state 1 + 4), one bullet in its
  // row run (937), two on the board (995).
  const auto shot = bullets_inputs(bullets_test::drawn(
      {"#######", "#R.<..#", "#.....#", "#.....#", "#.....#", "#..>.B#", "#######"}));
  train_test::require_well_formed(set, shot);
  for (int view = 0; view < 2; ++view) {
    const auto active = train_test::sorted(shot.perspective[view]);
    CHECK(std::binary_search(active.begin(), active.end(), 25u * 17 + 5));
    CHECK(std::binary_search(active.begin(), active.end(), 937u));
    CHECK(std::binary_search(active.begin(), active.end(), 995u));
  }
  CHECK(shot.perspective[0] == shot.perspective[1]);
  // In one row: 4 to the right in my run (816 + 10 x 10 + 3) for both (Blue's right is the board's
  // left), or behind a wall (816 + 11 x 10 + 3).
  const std::vector<std::string> open = {"#######", "#R...B#", "#.....#", "#.....#", "#######"};
  const std::vector<std::string> blocked = {"#######", "#R.#.B#", "#.....#", "#.....#", "#######"};
  const auto in_run = bullets_inputs(bullets_test::drawn(open)), behind = bullets_inputs(bullets_test::drawn(blocked));
  for (int view = 0; view < 2; ++view) {
    const auto seen = train_test::sorted(in_run.perspective[view]), walled = train_test::sorted(behind.perspective[view]);
    CHECK(std::binary_search(seen.begin(), seen.end(), 919u));
    CHECK(std::binary_search(walled.begin(), walled.end(), 929u));
  }
}

TEST_CASE("bullets's sparse inputs on random play: well formed, and the 180-degree turn swaps the perspectives",
          "[train][bullets]") {
  const gamelab::SparseInputSet& set = gamelab::find_game("bullets").sparse_inputs;
  for (const auto& s : bullets_train_test::random_play_positions(800, 33)) {
    INFO(bl::diagram(s));
    const auto inputs = bullets_inputs(s);
    train_test::require_well_formed(set, inputs);
    const auto turn = bullets_inputs(turned(s));
    REQUIRE(train_test::sorted(turn.perspective[0]) == train_test::sorted(inputs.perspective[1]));
    REQUIRE(train_test::sorted(turn.perspective[1]) == train_test::sorted(inputs.perspective[0]));
  }
}
