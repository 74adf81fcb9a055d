// `gamelab search/params/bench bullets` as a user meets them, and the registry's Texel hooks.
#include <catch2/catch.hpp>
#include <cstdio>
#include <sstream>
#include <string>

#include "bullets/entry.hpp"
#include "bullets/eval.hpp"
#include "common/run.hpp"
#include "core/text_file.hpp"
#include "helpers.hpp"
#include "registry/game_registry.hpp"

using namespace bullets_test;

namespace {

using gamelab_test::Run;
using gamelab_test::run;

// The lines that do not depend on the clock: the strategies and the action.
std::string stable_part(const std::string& output) {
  std::istringstream in(output);
  std::string line, out;
  while (std::getline(in, line)) {
    if (line.rfind("strategy", 0) == 0 || line.rfind("best", 0) == 0) out += line + "\n";
  }
  return out;
}

const std::vector<std::string> kOpen = {"############", "#R.....v...#", "#..#....<..#", "#.....#....#", "#..>.......#",
                                        "#........B.#", "############"};

}  // namespace

TEST_CASE("gamelab search bullets prints both strategies and the action as one integer", "[bullets][cli][search]") {
  gamelab::write_file_atomic("bullets_search_open.txt", tournament_text(kOpen, 3, 'R'));
  const Run a = run("search bullets --board bullets_search_open.txt --limit nodes=800 --seed 4");
  REQUIRE(a.status == 0);
  CHECK_THAT(a.output, Catch::Contains("strategy R  ") && Catch::Contains("strategy B  ") &&
                           Catch::Contains("800 iterations"));
  const std::string stable = stable_part(a.output);
  CHECK_THAT(stable, Catch::Matches("(?:.|\n)*best [0-8]\n"));
  CHECK(stable_part(run("search bullets --board bullets_search_open.txt --limit nodes=800 --seed 4").output) == stable);
  // No limit: the engine's default iterations.
  CHECK_THAT(run("search bullets --board bullets_search_open.txt").output, Catch::Contains("10000 iterations"));
  // From standard input, as a tournament program would get it; a depth is refused.
  CHECK(run("search bullets --board - --limit nodes=100 < bullets_search_open.txt").status == 0);
  const Run depth = run("search bullets --board bullets_search_open.txt --limit depth=4");
  CHECK(depth.status != 0);
  CHECK_THAT(depth.output, Catch::Contains("not a depth"));
  std::remove("bullets_search_open.txt");

  // Blue on its start square: Red plays the exact hunt's first step and says when it would hit.
  std::vector<std::string> start = kOpen;
  start[5] = "#.........B#";  // kOpen has Blue one square left of its start
  gamelab::write_file_atomic("bullets_search_start.txt", tournament_text(start, 3, 'R'));
  const Run plan = run("search bullets --board bullets_search_start.txt --limit nodes=800");
  REQUIRE(plan.status == 0);
  CHECK_THAT(plan.output, Catch::Contains("the exact hunt: a player that stays is hit at round 16"));
  std::remove("bullets_search_start.txt");

  gamelab::write_file_atomic("bullets_search_trap.txt", tournament_text(kTrap, 0, 'B'));
  const Run trap = run("search bullets --board bullets_search_trap.txt --limit nodes=500 --json");
  REQUIRE(trap.status == 0);
  CHECK_THAT(trap.output, Catch::Contains("\"best\": \"6\"") && Catch::Contains("proven best by the bounds"));
  std::remove("bullets_search_trap.txt");
}

TEST_CASE("gamelab params bullets lists the weights, the aggression and the mcts knobs", "[bullets][cli][search]") {
  const Run r = run("params bullets --spsa");
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("eval_doomed, int, -1200") && Catch::Contains("engine_aggression, int, 8") &&
                           Catch::Contains("mcts_exploration, int"));
}

TEST_CASE("the registry's Texel hooks: features of a position file, labelled self-play", "[bullets][texel]") {
  const gamelab::GameEntry& game = gamelab::find_game("bullets");
  REQUIRE(game.eval_weights == static_cast<std::size_t>(kFeatureCount));
  const std::string text = tournament_text(kTrap, 0, 'B');
  const auto sparse = game.features(text);
  const auto direct = features(drawn(kTrap));
  REQUIRE(sparse.size() == direct.size());
  for (std::size_t k = 0; k < sparse.size(); ++k) {
    CHECK(sparse[k].index == direct[k].index);
    CHECK(sparse[k].value == direct[k].value);
  }

  gamelab::DatagenRequest request;
  request.opening = tournament_text(kOpen) + "limit 40\n";
  request.seed = 3;
  request.params = default_params();
  request.limits.nodes = 100;
  request.random_plies = 4;
  request.skip_tactical = false;
  const auto positions = game.datagen_game(request);
  REQUIRE_FALSE(positions.empty());
  for (const auto& p : positions) {
    CHECK(p.result == positions.front().result);
    CHECK((p.result == 0.0 || p.result == 0.5 || p.result == 1.0));
    CHECK_FALSE(parse_position(p.position, "datagen").state.over());
  }
  const auto again = game.datagen_game(request);
  REQUIRE(again.size() == positions.size());
  CHECK(again.front().position == positions.front().position);
  CHECK(again.back().position == positions.back().position);
  request.skip_tactical = true;
  for (const auto& p : game.datagen_game(request)) CHECK_FALSE(tactical(parse_position(p.position, "datagen").state));
}
