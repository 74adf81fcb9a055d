// The exact hunt (engines/bullets/analysis.hpp): the earliest hit on a player that never moves, checked
// against brute force over the real rules, replayed move by move, and against the firing map on boards
// without bullets.
#include <catch2/catch.hpp>

#include <span>
#include <unordered_set>

#include "bullets/analysis.hpp"
#include "bullets/generator.hpp"
#include "bullets/hunt.hpp"
#include "bullets/notation.hpp"
#include "common/suite.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "helpers.hpp"

using namespace bullets_test;
using gamelab::Rng;

namespace {

Outcome win_of(Side side) { return side == Blue ? Outcome::BlueWins : Outcome::RedWins; }

State joint(const State& s, Side shooter, Action a) {
  return shooter == Blue ? play(s, a, kNothing) : play(s, kNothing, a);
}

// The fewest turns after which `shooter`, playing every action sequence against a player that only
// ever plays 8, has won: breadth-first over distinct positions, at most `depth` turns; 0 if none.
int brute_force_hit(const State& start, Side shooter, int depth) {
  std::vector<State> layer{start};
  std::unordered_set<std::uint64_t> seen{start.hash};
  for (int turn = 1; turn <= depth && !layer.empty(); ++turn) {
    std::vector<State> next;
    for (const State& s : layer) {
      for (Action a = 0; a < kActionCount; ++a) {
        const State t = joint(s, shooter, a);
        const Result r = result(t);
        if (r.outcome == win_of(shooter)) return turn;
        if (r.over() || !seen.insert(t.hash).second) continue;
        next.push_back(t);
      }
    }
    layer = std::move(next);
  }
  return 0;
}

// A random small board (walls scattered inside), both players and a few bullets on open squares.
State random_position(Rng& rng) {
  const int rows = 5 + static_cast<int>(rng.below(4)), cols = 5 + static_cast<int>(rng.below(4));
  std::vector<bool> walls(static_cast<std::size_t>(rows * cols), false);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const bool border = r == 0 || c == 0 || r == rows - 1 || c == cols - 1;
      walls[static_cast<std::size_t>(r * cols + c)] = border || rng.below(100) < 18;
    }
  }
  const Board* board = intern_board(rows, cols, walls);
  std::vector<int> open;
  for (int cell = 0; cell < board->cells(); ++cell) {
    if (!board->wall(cell)) open.push_back(cell);
  }
  if (open.size() < 3) return random_position(rng);  // too crowded: draw another
  rng.shuffle(std::span<int>(open));
  std::vector<BulletPlace> bullets;
  const int count = static_cast<int>(rng.below(5));
  for (int k = 0; k < count; ++k) {
    const int cell = open[2 + rng.below(open.size() - 2)];
    bullets.push_back({cell, static_cast<Dir>(rng.below(4))});
  }
  const std::uint32_t round = static_cast<std::uint32_t>(rng.below(20));
  return make_state(board, open[0], open[1], bullets, round, round + 40);
}

// Plays the plan against a player that stays: the shooter wins at the plan's round, never before.
void check_replay(const State& start, Side shooter, const HitPlan& plan) {
  State s = start;
  REQUIRE(plan.actions.size() == plan.hit_round - start.round);
  for (std::size_t k = 0; k < plan.actions.size(); ++k) {
    INFO("turn " << k << " of plan " << plan_text(plan));
    REQUIRE_FALSE(s.over());
    s = joint(s, shooter, plan.actions[k]);
  }
  REQUIRE(result(s).outcome == win_of(shooter));
  REQUIRE(s.round == plan.hit_round);
}

}  // namespace

TEST_CASE("the exact hunt finds the earliest hit that brute force over the rules finds", "[bullets][analysis]") {
  Rng rng(20261127);
  int compared = 0, hits = 0, none = 0;
  for (int k = 0; k < 400; ++k) {
    const State s = random_position(rng);
    if (s.over()) continue;
    const Side shooter = static_cast<Side>(rng.below(2));
    const int depth = 6;
    const int brute = brute_force_hit(s, shooter, depth);
    const auto plan = plan_hit(s, shooter);
    INFO("position\n" << position_text(s, shooter) << "shooter " << side_letter(shooter));
    if (brute) {
      REQUIRE(plan);
      REQUIRE(plan->hit_round == s.round + static_cast<std::uint32_t>(brute));
      ++hits;
    } else if (plan) {
      REQUIRE(plan->hit_round > s.round + static_cast<std::uint32_t>(depth));
    } else {
      ++none;
    }
    if (plan) check_replay(s, shooter, *plan);
    ++compared;
  }
  CHECK(compared > 350);
  CHECK(hits > 100);  // the comparison is not vacuous either way
  CHECK(none > 10);
}

TEST_CASE("the plan walks round its own shot: a bullet it fires away comes back over its square", "[bullets][analysis]") {
  // Red's best square is next to a wall: a shot away from Blue would turn round onto it; the plan
  // shoots towards Blue and the replay confirms no step of it is hit.
  const State s = drawn({"#######", "#R...B#", "#######", "#######", "#######"});
  const auto plan = plan_hit(s, Red);
  REQUIRE(plan);
  CHECK(plan->hit_round == 4);  // shot at once, 4 squares to fly
  CHECK(plan_text(*plan) == "7888");
  check_replay(s, Red, *plan);
}

TEST_CASE("a bullet flying through the only corridor makes the plan wait for it", "[bullets][analysis]") {
  // Red must pass the corridor's square (1, 3) to reach Blue's column; the bullet bouncing in the
  // corridor's column is there at some rounds, and the plan never stands on it.
  const State s = drawn({"#######", "#R.#..#", "#..v..#", "#.#...#", "#.#..B#", "#######"});
  const auto plan = plan_hit(s, Red);
  REQUIRE(plan);
  check_replay(s, Red, *plan);
  CHECK(plan->hit_round == s.round + static_cast<std::uint32_t>(brute_force_hit(s, Red, 8)));
}

TEST_CASE("a bullet already on its way is a plan without a shot", "[bullets][analysis]") {
  const State s = drawn({"#######", "#R>..B#", "#.....#", "#######", "#######"});
  const auto plan = plan_hit(s, Red);
  REQUIRE(plan);
  CHECK_FALSE(plan->shot_round);
  CHECK(plan->hit_round == 3);
  check_replay(s, Red, *plan);
}

TEST_CASE("no plan where no shot can reach, with the proof — none past the round limit", "[bullets][analysis]") {
  // Blue is walled into a corner: the only square of its runs, (1, 6), is outside Red's room.
  const State pocket = drawn({"########", "#R...#.#", "#....#B#", "########", "########"});
  CHECK_FALSE(plan_hit(pocket, Red));
  const auto proof = unreachable_proof(pocket, Red);
  REQUIRE(proof);
  CHECK_THAT(*proof, Catch::Contains("no shot can ever reach (2, 6)") && Catch::Contains("the 1 squares") &&
                         Catch::Contains("the 8 squares"));
  CHECK_FALSE(unreachable_proof(drawn(kRoom), Red));
  // In the open room Red needs 8 rounds (4 steps to a corner of Blue's runs, 4 of flight): with a
  // round limit of 7 there is no plan, with 8 there is.
  const auto room = plan_hit(drawn(kRoom), Red);
  REQUIRE(room);
  CHECK(room->hit_round == 8);
  CHECK_FALSE(plan_hit(drawn(kRoom, 0, 7), Red));
  CHECK(plan_hit(drawn(kRoom, 0, 8), Red));
}

TEST_CASE("without bullets the exact hunt agrees with the firing map on the suite's boards", "[bullets][analysis]") {
  int boards = 0;
  for (const std::string& file : gamelab_test::suite_files("bullets")) {
    const State s = parse_position(gamelab::read_text_file(file), file).state;
    for (const Side shooter : {Blue, Red}) {
      const auto plan = plan_hit(s, shooter);
      const auto firing = earliest_hit_round(s, shooter);
      INFO(file << " shooter " << side_letter(shooter));
      if (firing && *firing <= s.limit) {
        REQUIRE(plan);
        CHECK(plan->hit_round == *firing);
        check_replay(s, shooter, *plan);
      } else {
        CHECK_FALSE(plan);
        if (!firing) CHECK(unreachable_proof(s, shooter));
      }
    }
    ++boards;
  }
  CHECK(boards == 60);
}
