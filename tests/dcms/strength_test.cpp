// Strength of the Dog-Cat-Mouse-cheeSe engine at fixed iterations against the reference opponents
// (opponents.hpp): 200 seeded games per opponent and variant on the committed board suite, colours
// alternating (game g: board g/2, the engine blue in even games). Slow: run with make test-slow; the
// figures are printed for the report.
#include <cstdio>

#include "opponents.hpp"
#include "positions.hpp"

using namespace dcms_test;

namespace {

constexpr int kGames = 200;
constexpr std::uint64_t kIterations = 10000;

double score_against(Opponent opponent, Variant variant) {
  const auto setups = suite_setups(variant);
  const gamelab::ParamSet params = default_params();
  gamelab::SearchLimits limits;
  limits.nodes = kIterations;
  double points = 0;
  int wins = 0, draws = 0, losses = 0;
  for (int g = 0; g < kGames; ++g) {
    const double p = engine_game(setups[static_cast<std::size_t>(g / 2) % setups.size()], g % 2, opponent, params, limits,
                                 gamelab::derive_seed(20261123, static_cast<std::uint64_t>(g)));
    points += p;
    wins += p == 1.0;
    draws += p == 0.5;
    losses += p == 0.0;
  }
  std::printf("dcms strength, %s variant, %llu iterations, vs %s: W-D-L %d-%d-%d, score %.3f\n", variant_name(variant),
              static_cast<unsigned long long>(kIterations), opponent == Opponent::Random ? "random" : "greedy", wins, draws,
              losses, points / kGames);
  return points / kGames;
}

}  // namespace

TEST_CASE("the engine beats a random mover in at least 90% of the points", "[dcms][strength][slow]") {
  CHECK(score_against(Opponent::Random, Variant::Full) >= 0.9);
  CHECK(score_against(Opponent::Random, Variant::Mouse) >= 0.9);
}

TEST_CASE("the engine beats a greedy one-step player in at least 70% of the points", "[dcms][strength][slow]") {
  CHECK(score_against(Opponent::Greedy, Variant::Full) >= 0.7);
}

// The mouse variant on mirrored boards is a race that competent players tie: moves are king steps, so
// on boards wider than tall both Mice need the same number of steps from the middle to the far column,
// and the greedy player places like the engine's own best guess and then runs straight. Most games
// are draws (both cheeSes eaten in one turn, or the Mice trade); the engine wins the races the walls
// make uneven and the ones its placement model wins, and should never be the worse side.
TEST_CASE("in the mouse variant the engine scores at least as well as the greedy player", "[dcms][strength][slow]") {
  CHECK(score_against(Opponent::Greedy, Variant::Mouse) >= 0.5);
}
