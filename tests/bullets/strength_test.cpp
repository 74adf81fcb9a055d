// Strength (issue 7): at fixed iterations the engine scores at least 90% against a random mover and at
// least 70% against a greedy one-step player (tests/bullets/baseline_players.hpp) over 200 seeded games
// on the board suite. Round limit 200 keeps games short (a draw when nobody is hit by then); game 2k and
// 2k+1 use suite board k mod 60 with the engine as Blue, then as Red. Games run in parallel (OpenMP),
// each from its own seed, so the figures do not depend on the thread count.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>

#include "baseline_players.hpp"
#include "bullets/notation.hpp"
#include "common/suite.hpp"
#include "core/text_file.hpp"

using namespace bullets_test;

namespace {

constexpr int kGames = 200;
constexpr std::uint32_t kRoundLimit = 200;
constexpr std::uint64_t kIterations = 500;

struct Tally {
  double score = 0;
  int wins = 0, draws = 0, losses = 0;
};

Tally play_suite(Opponent opponent) {
  const std::vector<std::string> files = gamelab_test::suite_files("bullets");
  REQUIRE(files.size() == 60);
  std::vector<State> starts;
  for (const auto& f : files) {
    State s = parse_position(gamelab::read_text_file(f), f).state;
    s.limit = kRoundLimit;
    starts.push_back(s);
  }
  const ParamSet params = default_params();
  std::vector<double> scores(kGames);
#pragma omp parallel for schedule(dynamic)
  for (int g = 0; g < kGames; ++g) {
    scores[g] = engine_vs_baseline(starts[(g / 2) % starts.size()], g % 2 ? Red : Blue, opponent, params, kIterations,
                                   derive_seed(2026, static_cast<std::uint64_t>(g)));
  }
  Tally t;
  for (double s : scores) {
    t.score += s / kGames;
    t.wins += s == 1.0;
    t.draws += s == 0.5;
    t.losses += s == 0.0;
  }
  std::printf("bullets strength vs %s: %d games, %llu iterations a move, round limit %u: score %.3f (+%d =%d -%d)\n",
              opponent == Opponent::Random ? "random mover" : "greedy one-step player", kGames,
              static_cast<unsigned long long>(kIterations), kRoundLimit, t.score, t.wins, t.draws, t.losses);
  return t;
}

}  // namespace

TEST_CASE("the engine scores at least 90% against a random mover", "[bullets][strength][slow]") {
  CHECK(play_suite(Opponent::Random).score >= 0.9);
}

TEST_CASE("the engine scores at least 70% against a greedy one-step player", "[bullets][strength][slow]") {
  CHECK(play_suite(Opponent::Greedy).score >= 0.7);
}
