// The searching engine: the narrowed actions keep every one-turn outcome, a forced win is found and
// proven, dominated actions are pruned and never chosen, the same seed gives the same search, and
// limits behave.
#include <set>

#include "common/search.hpp"
#include "dcms/engine.hpp"
#include "dcms/search_actions.hpp"
#include "positions.hpp"

using namespace dcms_test;

namespace {

using gamelab_test::iterations;

gamelab::ParamSet params_with(std::initializer_list<std::pair<const char*, int>> values) {
  return gamelab_test::with_values(default_params(), values);
}

// Which pieces a joint move removes: the one-turn outcome that captures and game ends depend on.
int removed_mask(const State& before, const State& after) {
  int mask = 0;
  for (int piece = 0; piece < kPieces; ++piece) mask |= (before.pos[piece] != kNoSquare && after.pos[piece] == kNoSquare) << piece;
  return mask;
}

std::set<int> one_turn_outcomes(const State& s, const ActionList& blue, const ActionList& red) {
  std::set<int> out;
  for (const Action& a : blue) {
    for (const Action& b : red) out.insert(removed_mask(s, play(s, a, b)));
  }
  return out;
}

}  // namespace

TEST_CASE("the search's actions keep every capture the rules allow in one turn", "[dcms][engine][actions]") {
  const std::vector<int> weights = default_params().values();
  int narrowed = 0, with_captures = 0;
  for (const State& s : random_positions(120, 5, 20)) {
    ActionList full[2], all[2], kept[2];
    for (int side = 0; side < 2; ++side) {
      generate_actions(s, side, full[side]);
      search_actions(s, side, 0, weights.data(), all[side]);
      REQUIRE(std::vector<Action>(all[side].begin(), all[side].end()) ==
              std::vector<Action>(full[side].begin(), full[side].end()));
      search_actions(s, side, 2, weights.data(), kept[side]);
      REQUIRE(kept[side].size() > 0);
      for (const Action& a : kept[side]) REQUIRE(std::find(full[side].begin(), full[side].end(), a) != full[side].end());
      // An engaged piece keeps every destination.
      for (int rank = kMouse; rank <= kDog; ++rank) {
        if (!engaged(s, side, rank)) continue;
        std::set<Square> full_to, kept_to;
        for (const Action& a : full[side]) full_to.insert(a.to[rank - 1]);
        for (const Action& a : kept[side]) kept_to.insert(a.to[rank - 1]);
        REQUIRE(full_to == kept_to);
      }
      narrowed += kept[side].size() < full[side].size();
    }
    const auto outcomes = one_turn_outcomes(s, full[0], full[1]);
    INFO(position_text(s));
    REQUIRE(one_turn_outcomes(s, kept[0], kept[1]) == outcomes);
    with_captures += outcomes.size() > 1;
  }
  CHECK(narrowed > 100);
  CHECK(with_captures > 10);
}

TEST_CASE("a Mouse one step from an unprotected cheeSe wins: proven, and played at once", "[dcms][engine]") {
  // Blue's Mouse stands next to red's cheeSe; red's Cat is next to the cheeSe too, but the cheeSe goes
  // at rank 0 before anything can take the Mouse. Red's Mouse is three steps from blue's cheeSe.
  const State s = position("full", kOpen, "S 2 1, C 1 2, D 3 2, M 2 5, s 2 6, c 1 5, d 3 6, m 2 4");
  for (const auto& params : {default_params(), params_with({{"mcts_policy", 1}, {"mcts_final_choice", 0}})}) {
    Engine engine(params, 3);
    const MoveSearch found = engine.choose_action(s, kBlue, iterations(2000));
    REQUIRE(found.action);
    CHECK(found.proven);
    CHECK(found.iterations == 0);
    CHECK(found.action->to[0] == square(2, 6));
  }
  // The same for red, in the mirror image.
  const State m = mirrored(s);
  Engine engine(default_params(), 3);
  const MoveSearch found = engine.choose_action(m, kRed, iterations(2000));
  CHECK(found.proven);
  CHECK(found.action->to[0] == square(2, 1));
  // Without the bounds, the MCTS finds it too.
  Engine no_bounds(params_with({{"mcts_bound_depth", 0}}), 3);
  const MoveSearch searched = no_bounds.choose_action(s, kBlue, iterations(3000));
  CHECK_FALSE(searched.proven);
  CHECK(searched.action->to[0] == square(2, 6));
  CHECK(searched.value > 0.7);
}

TEST_CASE("dominated actions are pruned and never chosen", "[dcms][engine]") {
  // The last turn (59 of 60): blue's Mouse can eat red's cheeSe (a sure win); any other action ends
  // in a draw on the piece count at best. Red's Mouse is too far to reply.
  const State s = position("mouse", kOpen, "S 2 1, M 2 5, s 2 6, m 1 4", 59);
  for (const auto& params :
       {default_params(), params_with({{"mcts_policy", 1}, {"mcts_final_choice", 0}, {"dcms_purify", 0}}),
        params_with({{"mcts_policy", 0}, {"mcts_final_choice", 0}, {"dcms_purify", 0}})}) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      Engine engine(params, seed);
      const MoveSearch found = engine.choose_action(s, kBlue, iterations(500));
      REQUIRE(found.action);
      CHECK(found.action->to[0] == square(2, 6));
      for (std::size_t k = 0; k < found.actions[0].size(); ++k) {
        const bool takes = found.actions[0][k].to[0] == square(2, 6);
        CHECK(found.pruned[0][k] == (takes ? 0 : 1));
        if (!takes) CHECK(found.strategy[0][k] == 0.0);
      }
    }
  }
  // Red, whose every action loses here, has none pruned: there is nothing better to keep.
  Engine engine(default_params(), 1);
  const MoveSearch red = engine.choose_action(s, kRed, iterations(500));
  for (const char p : red.pruned[1]) CHECK(p == 0);
}

TEST_CASE("the same seed gives the same search — another seed may not", "[dcms][engine]") {
  const auto positions = random_positions(6, 21, 8);
  for (const auto& params : {default_params(), params_with({{"mcts_policy", 1}, {"mcts_final_choice", 0}})}) {
    bool some_difference = false;
    for (const State& s : positions) {
      for (int side = 0; side < 2; ++side) {
        Engine a(params, 42), b(params, 42), c(params, 43);
        const MoveSearch x = a.choose_action(s, side, iterations(800));
        const MoveSearch y = b.choose_action(s, side, iterations(800));
        const MoveSearch z = c.choose_action(s, side, iterations(800));
        REQUIRE(x.action);
        CHECK(*x.action == *y.action);
        CHECK(x.strategy[0] == y.strategy[0]);
        CHECK(x.strategy[1] == y.strategy[1]);
        CHECK(x.nodes == y.nodes);
        CHECK(x.value == y.value);
        some_difference = some_difference || x.strategy[side] != z.strategy[side];
      }
    }
    CHECK(some_difference);
  }
}

TEST_CASE("an engine's successive searches differ in seed but replay exactly", "[dcms][engine]") {
  const State s = random_positions(1, 8, 4)[0];
  Engine a(default_params(), 5), b(default_params(), 5);
  for (int k = 0; k < 3; ++k) {
    const MoveSearch x = a.choose_action(s, kBlue, iterations(300));
    const MoveSearch y = b.choose_action(s, kBlue, iterations(300));
    CHECK(x.strategy[0] == y.strategy[0]);
  }
}

TEST_CASE("limits: iterations are exact — a time limit keeps its margin", "[dcms][engine]") {
  const State s = random_positions(1, 3, 4)[0];
  Engine engine(default_params(), 1);
  const MoveSearch found = engine.choose_action(s, kRed, iterations(777));
  CHECK((found.proven || found.iterations == 777));
  CHECK(Engine::time_budget_ms(5000) == 4750);
  CHECK(Engine::time_budget_ms(1000) == 950);
  CHECK(Engine::time_budget_ms(100) == 80);
  CHECK(Engine::time_budget_ms(30) == 15);
  CHECK(Engine::time_budget_ms(1) == 1);
  gamelab::SearchLimits timed;
  timed.movetime_ms = 60;
  const MoveSearch quick = engine.choose_action(s, kBlue, timed);
  CHECK(quick.action);
  CHECK((quick.proven || quick.iterations > 0));
  CHECK(quick.iterations <= Engine::kTimeIterationCap);
}

TEST_CASE("the purified choice draws only among the well-played actions", "[dcms][engine]") {
  gamelab::Rng rng(1);
  const std::vector<double> strategy = {0.05, 0.5, 0.3, 0.15};
  std::set<std::size_t> seen;
  for (int k = 0; k < 200; ++k) seen.insert(purified_choice(strategy, 50, rng));
  CHECK(seen == std::set<std::size_t>{1, 2});
  seen.clear();
  for (int k = 0; k < 400; ++k) seen.insert(purified_choice(strategy, 0, rng));
  CHECK(seen.size() == 4);
  CHECK(purified_choice(strategy, 100, rng) == 1);
}
