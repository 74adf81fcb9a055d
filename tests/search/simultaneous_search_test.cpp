// Regret matching and the simultaneous-move MCTS on matrix games with known equilibria.
#include <catch2/catch.hpp>

#include "common/search.hpp"
#include "matrix_game.hpp"
#include "search/regret_matching.hpp"
#include "search/simultaneous_mcts.hpp"

using gamelab::search::MctsKnobs;
using gamelab::search::RegretMatching;
using gamelab::search::SimultaneousMcts;
using matrix_test::exploitability;
using matrix_test::MatrixGame;
using Matrix = std::vector<std::vector<double>>;

namespace {

// Payoffs for side 0 in [0, 1].
const Matrix kRockPaperScissors = {{0.5, 0.0, 1.0}, {1.0, 0.5, 0.0}, {0.0, 1.0, 0.5}};
const Matrix kMatchingPennies = {{1.0, 0.0}, {0.0, 1.0}};
// Equilibrium x = (2/3, 1/3)... of this biased game: value 2/3 - found by hand below.
const Matrix kBiased = {{1.0, 0.5}, {0.0, 1.0}};

// Full-information self-play of two regret matchers; returns the exploitability of the averages.
double self_play(const Matrix& a, int rounds) {
  RegretMatching row(a.size()), col(a[0].size());
  std::vector<double> x, y;
  for (int t = 0; t < rounds; ++t) {
    row.strategy(x);
    col.strategy(y);
    std::vector<double> row_values(a.size(), 0.0), col_values(a[0].size(), 0.0);
    for (std::size_t i = 0; i < a.size(); ++i) {
      for (std::size_t j = 0; j < a[0].size(); ++j) {
        row_values[i] += a[i][j] * y[j];
        col_values[j] += (1.0 - a[i][j]) * x[i];
      }
    }
    row.update_full(row_values, x);
    col.update_full(col_values, y);
  }
  return exploitability(a, row.average(), col.average());
}

MctsKnobs rm_knobs() {
  MctsKnobs k;
  k.policy = 1;
  k.bound_depth = 0;
  return k;
}

using gamelab_test::iterations;

}  // namespace

TEST_CASE("regret matching converges on rock-paper-scissors and matching pennies", "[search][regret]") {
  CHECK(self_play(kRockPaperScissors, 20000) < 0.01);
  CHECK(self_play(kMatchingPennies, 20000) < 0.01);
}

TEST_CASE("regret matching finds a non-uniform equilibrium", "[search][regret]") {
  // Side 0: x = (2/3, 1/3); side 1: y = (1/3, 2/3); value 2/3.
  CHECK(self_play(kBiased, 20000) < 0.01);
  RegretMatching row(2), col(2);
  std::vector<double> x, y;
  for (int t = 0; t < 50000; ++t) {
    row.strategy(x);
    col.strategy(y);
    row.update_full({kBiased[0][0] * y[0] + kBiased[0][1] * y[1], kBiased[1][0] * y[0] + kBiased[1][1] * y[1]}, x);
    col.update_full({1 - (kBiased[0][0] * x[0] + kBiased[1][0] * x[1]), 1 - (kBiased[0][1] * x[0] + kBiased[1][1] * x[1])}, y);
  }
  CHECK(row.average()[0] == Approx(2.0 / 3).margin(0.01));
  CHECK(col.average()[0] == Approx(1.0 / 3).margin(0.01));
}

TEST_CASE("MCTS with sampled regret matching approaches the equilibrium of matrix games", "[search][mcts]") {
  for (const Matrix* game : {&kRockPaperScissors, &kMatchingPennies, &kBiased}) {
    SimultaneousMcts<MatrixGame> mcts({}, rm_knobs(), 7);
    const auto r = mcts.search({game}, 0, iterations(200000));
    CHECK(exploitability(*game, r.strategy[0], r.strategy[1]) < 0.03);
  }
}

TEST_CASE("a provably winning action is played without iterations", "[search][mcts]") {
  const Matrix forced = {{0.5, 0.0, 1.0}, {1.0, 1.0, 1.0}, {0.0, 1.0, 0.5}};
  MctsKnobs k = rm_knobs();
  k.bound_depth = 1;
  SimultaneousMcts<MatrixGame> mcts({}, k, 1);
  const auto r = mcts.search({&forced}, 0, iterations(1000));
  CHECK(r.proven);
  CHECK(r.iterations == 0);
  REQUIRE(r.action);
  CHECK(*r.action == 1);
}

TEST_CASE("an action that loses against every reply is never chosen", "[search][mcts]") {
  const Matrix game = {{0.0, 0.0, 0.0}, {0.5, 0.0, 1.0}, {0.5, 1.0, 0.0}};
  for (int policy : {0, 1}) {
    MctsKnobs k = rm_knobs();
    k.policy = policy;
    k.bound_depth = 1;
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
      SimultaneousMcts<MatrixGame> mcts({}, k, seed);
      const auto r = mcts.search({&game}, 0, iterations(300));
      REQUIRE(r.pruned[0][0] == 1);
      REQUIRE(*r.action != 0);
      CHECK(r.strategy[0][0] == 0.0);
    }
  }
}

TEST_CASE("the same seed gives the same search", "[search][mcts]") {
  for (int policy : {0, 1}) {
    MctsKnobs k = rm_knobs();
    k.policy = policy;
    SimultaneousMcts<MatrixGame> a({}, k, 99), b({}, k, 99);
    const auto ra = a.search({&kRockPaperScissors}, 1, iterations(5000));
    const auto rb = b.search({&kRockPaperScissors}, 1, iterations(5000));
    CHECK(ra.strategy[0] == rb.strategy[0]);
    CHECK(ra.strategy[1] == rb.strategy[1]);
    CHECK(*ra.action == *rb.action);
  }
}

TEST_CASE("decoupled UCT prefers the dominant action", "[search][mcts]") {
  const Matrix game = {{0.9, 0.8}, {0.2, 0.1}};
  MctsKnobs k = rm_knobs();
  k.policy = 0;
  k.final_choice = 1;
  SimultaneousMcts<MatrixGame> mcts({}, k, 3);
  const auto r = mcts.search({&game}, 0, iterations(2000));
  CHECK(*r.action == 0);
  CHECK(r.strategy[0][0] > 0.8);
}

namespace {
gamelab::SearchLimits movetime(std::int64_t ms) {
  gamelab::SearchLimits limits;
  limits.movetime_ms = ms;
  return limits;
}
}  // namespace

TEST_CASE("a timed search answers at once when the side has a single action", "[search][mcts]") {
  // Side 0 has one action (one row); side 1 has two. (With the bounds on, a single action left by them
  // is also provably best, and answered as proven.)
  const Matrix game = {{1.0, 0.5}};
  MctsKnobs k = rm_knobs();
  SimultaneousMcts<MatrixGame> timed({}, k, 5);
  const auto r = timed.search({&game}, 0, movetime(60000));
  CHECK(r.early);
  CHECK(r.iterations == 0);
  REQUIRE(r.action);
  CHECK(*r.action == 0);
  // Under a node limit the same search plays its iterations (node-limited games stay the same).
  SimultaneousMcts<MatrixGame> counted({}, k, 5);
  const auto n = counted.search({&game}, 0, iterations(500));
  CHECK_FALSE(n.early);
  CHECK(n.iterations == 500);
  CHECK(*n.action == 0);
}

TEST_CASE("a timed UCT search stops when its most played action can no longer be overtaken", "[search][mcts]") {
  const Matrix game = {{0.9, 0.8}, {0.2, 0.1}};
  MctsKnobs k = rm_knobs();
  k.policy = 0;
  k.final_choice = 1;
  k.exploration = 20;
  SimultaneousMcts<MatrixGame> mcts({}, k, 3);
  // The lead grows with nearly every iteration, the iterations left shrink: settled about halfway.
  const auto r = mcts.search({&game}, 0, movetime(2000));
  CHECK(r.early);
  REQUIRE(r.action);
  CHECK(*r.action == 0);
  // Sampling the mixed strategy (final choice 0) depends on every visit: no early answer there.
  k.final_choice = 0;
  SimultaneousMcts<MatrixGame> sampled({}, k, 3);
  gamelab::SearchLimits capped = movetime(60000);
  capped.nodes = 3000;
  const auto s = sampled.search({&game}, 0, capped);
  CHECK_FALSE(s.early);
  CHECK(s.iterations == 3000);
}
