// The placement search: legal placements on every board of the suite for both sides and variants,
// the same seed the same choice, and a board symmetric top-bottom played both ways up.
#include <set>

#include "dcms/engine.hpp"
#include "dcms/setup_search.hpp"
#include "positions.hpp"

using namespace dcms_test;

TEST_CASE("the placement search returns a legal placement on every board", "[dcms][setup-search]") {
  const gamelab::ParamSet params = default_params();
  const gamelab::SearchLimits none;
  for (const Variant variant : {Variant::Mouse, Variant::Full}) {
    const auto setups = suite_setups(variant);
    for (std::size_t k = 0; k < setups.size(); k += 3) {
      const State& setup = setups[k];
      for (int side = 0; side < 2; ++side) {
        Engine engine(params, k);
        const PlacementSearch found = engine.choose_placement(setup, side, none);
        INFO(position_text(setup) << side_name(side));
        CHECK(placement_problem(*setup.board, variant, side, found.placement).empty());
        CHECK(found.placement.count == rank_count(variant));
        CHECK_FALSE(found.candidates[side].empty());
        CHECK(found.candidates[side].size() <= 24);
        double total = 0;
        for (const double p : found.strategy[side]) total += p;
        CHECK(total == Approx(1.0));
        CHECK(found.nodes > 0);
        for (const Placement& p : found.candidates[other(side)]) {
          CHECK(placement_problem(*setup.board, variant, other(side), p).empty());
        }
      }
    }
  }
}

TEST_CASE("the placement candidates put the cheeSe far from the enemy and the Cat beside it", "[dcms][setup-search]") {
  const State setup = setup_state(board_of(kOpen), Variant::Full);
  const auto candidates = placement_candidates(*setup.board, Variant::Full, kBlue, EngineKnobs{});
  REQUIRE_FALSE(candidates.empty());
  const Placement& first = candidates[0];
  CHECK(first.cells[kCheese].col == 1);  // the column farthest from red's half
  const int cat_distance = std::max(std::abs(first.cells[kCat].row - first.cells[kCheese].row),
                                    std::abs(first.cells[kCat].col - first.cells[kCheese].col));
  CHECK(cat_distance == 1);
}

TEST_CASE("the same seed gives the same placement", "[dcms][setup-search]") {
  const State setup = suite_setups(Variant::Full)[4];
  for (int side = 0; side < 2; ++side) {
    Engine a(default_params(), 9), b(default_params(), 9);
    const auto x = a.choose_placement(setup, side, {});
    const auto y = b.choose_placement(setup, side, {});
    CHECK(x.placement == y.placement);
    CHECK(x.strategy[side] == y.strategy[side]);
  }
}

TEST_CASE("on a board symmetric top-bottom the placement is played both ways up", "[dcms][setup-search]") {
  const State setup = setup_state(board_of(kOpen), Variant::Mouse);  // the open board: symmetric
  std::set<int> cheese_rows;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Engine engine(default_params(), seed);
    const auto found = engine.choose_placement(setup, kBlue, {});
    cheese_rows.insert(found.placement.cells[kCheese].row);
    // The candidates keep only the upper cheeSe squares; the flip gives the lower ones.
    for (const Placement& p : found.candidates[kBlue]) CHECK(p.cells[kCheese].row <= 2);
  }
  CHECK(cheese_rows.size() >= 2);
}

TEST_CASE("a deadline already passed gives the first candidate at once", "[dcms][setup-search]") {
  const State setup = suite_setups(Variant::Full)[1];
  gamelab::Rng rng(1);
  const gamelab::ParamSet params = default_params();
  const auto values = params.values();
  const auto found = search_placement(setup, kRed, values.data(), EngineKnobs::from(params),
                                      gamelab::search::MctsKnobs::from(params), rng, std::chrono::steady_clock::now());
  CHECK(found.out_of_time);
  CHECK(placement_problem(*setup.board, setup.variant, kRed, found.placement).empty());
}
