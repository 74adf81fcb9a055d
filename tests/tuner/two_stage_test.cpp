// Two-stage SPSA campaigns (tune short, verify long, as fishtest's STC and LTC) and recipes, the
// committed form of a campaign's command, through the gamelab binary.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "core/json_file.hpp"
#include "helpers.hpp"

using gamelab::read_json_file;
using tuner_test::count_lines;
using tuner_test::file_text;
using tuner_test::run_gamelab;

namespace {

std::string two_stage_args(const std::string& dir, const std::string& verify_limit) {
  return "tune spsa raichu --iterations 3 --pairs-per-iteration 1 --limit nodes=100 --seed 4 --verify-games 6 "
         "--sprt elo0=0,elo1=50 --verify-limit " + verify_limit + " --campaign " + dir;
}

}  // namespace

TEST_CASE("a two-stage campaign verifies at its long limit and records both limits", "[spsa][cli]") {
  const std::string dir = tuner_test::fresh_dir("two_stage_campaign");
  const auto r = run_gamelab(two_stage_args(dir, "nodes=800"));
  INFO(r.output);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("verdict continue at nodes=800"));
  const auto config = read_json_file(dir + "/config.json");
  CHECK(config["limits"] == "nodes=100");
  CHECK(config["verify"]["limits"] == "nodes=800");
  const auto verdict = read_json_file(dir + "/verify.json");
  CHECK(verdict["limits"] == "nodes=800");
  CHECK(verdict["tuning_limits"] == "nodes=100");
  CHECK(verdict["games"] == 6);

  // Verifying again at another limit writes its own files and leaves the long-limit verdict alone.
  const std::string before = file_text(dir + "/verify.json");
  const auto other = run_gamelab("tune verify " + dir + " --limit nodes=100 --games 4");
  INFO(other.output);
  REQUIRE(other.status == 0);
  CHECK_THAT(other.output, Catch::Contains("verify-nodes-100.json"));
  CHECK(read_json_file(dir + "/verify-nodes-100.json")["limits"] == "nodes=100");
  CHECK(count_lines(dir + "/verify-nodes-100.jsonl") == 2);
  CHECK(file_text(dir + "/verify.json") == before);

  // The report shows both verifications, each with its limit.
  const auto report = run_gamelab("report " + dir + " --out " + dir + "/report");
  REQUIRE(report.status == 0);
  const std::string md = file_text(dir + "/report/summary.md");
  CHECK_THAT(md, Catch::Contains("- verified at: nodes=800 (tuned at nodes=100)\n"));
  CHECK_THAT(md, Catch::Contains("Verification at nodes=800: tuned against base (verify.json)"));
  CHECK_THAT(md, Catch::Contains("Verification at nodes=100: tuned against base (verify-nodes-100.json)"));
}

TEST_CASE("a verification limit shorter than 8 times the tuning limit is refused", "[spsa][cli]") {
  const std::string dir = tuner_test::fresh_dir("two_stage_short");
  auto r = run_gamelab(two_stage_args(dir, "nodes=700"));
  CHECK(r.status != 0);
  CHECK_THAT(r.output, Catch::Contains("--verify-limit nodes=700: at least 8 x the tuning limit (nodes=800)"));
  CHECK_FALSE(std::filesystem::exists(dir + "/config.json"));
  r = run_gamelab(two_stage_args(dir, "movetime=100"));
  CHECK(r.status != 0);
  CHECK_THAT(r.output, Catch::Contains("--verify-limit: verification needs nodes=N or depth=D"));
}

TEST_CASE("a recipe starts its campaign, and continues it when the folder holds it", "[spsa][cli]") {
  const std::string dir = tuner_test::fresh_dir("recipe_campaign");
  std::filesystem::create_directories(dir);
  const std::string recipe = dir + "/recipe.json";
  std::ofstream(recipe) << R"({"about": "a test", "game": "raichu", "campaign": ")" << dir << R"(/run",
    "params": "tuner/examples/raichu_eval.spsa", "iterations": 4, "pairs_per_iteration": 1, "seed": 4,
    "limit": "nodes=100", "verify_limit": "nodes=800", "verify_games": 0})";
  // The same campaign by the command line, for comparison.
  const std::string direct = tuner_test::fresh_dir("recipe_direct");
  REQUIRE(run_gamelab("tune spsa raichu --params " + std::string(GAMELAB_SOURCE_DIR) +
                      "/tuner/examples/raichu_eval.spsa --iterations 4 --pairs-per-iteration 1 --seed 4 "
                      "--limit nodes=100 --verify-limit nodes=800 --verify-games 0 --campaign " + direct)
              .status == 0);
  // Recipes name paths from the repository's root.
  const auto r = gamelab_test::run_command("cd " + std::string(GAMELAB_SOURCE_DIR) + " && " + GAMELAB_BINARY +
                                           " tune recipe " + std::filesystem::absolute(recipe).string() + " --campaign " +
                                           std::filesystem::absolute(dir + "/run").string());
  INFO(r.output);
  REQUIRE(r.status == 0);
  CHECK(file_text(dir + "/run/journal.jsonl") == file_text(direct + "/journal.jsonl"));
  CHECK(read_json_file(dir + "/run/config.json")["verify"]["limits"] == "nodes=800");
  // Run again: it continues the finished campaign, plays nothing.
  const auto again = gamelab_test::run_command("cd " + std::string(GAMELAB_SOURCE_DIR) + " && " + GAMELAB_BINARY +
                                               " tune recipe " + std::filesystem::absolute(recipe).string() +
                                               " --campaign " + std::filesystem::absolute(dir + "/run").string());
  CHECK(again.status == 0);
  CHECK_THAT(again.output, Catch::Contains("holds the campaign; continuing it"));
  CHECK(count_lines(dir + "/run/journal.jsonl") == 4);
}

TEST_CASE("a recipe with an unknown or missing member is refused by name", "[spsa][cli]") {
  const std::string dir = tuner_test::fresh_dir("recipe_bad");
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/typo.json") << R"({"game": "raichu", "campaign": "x", "iterations": 2, "limit": "nodes=100",
    "verify_limt": "nodes=800"})";
  auto r = run_gamelab("tune recipe " + dir + "/typo.json");
  CHECK(r.status != 0);
  CHECK_THAT(r.output, Catch::Contains("typo.json: unknown recipe member \"verify_limt\""));
  std::ofstream(dir + "/missing.json") << R"({"game": "raichu", "campaign": "x", "limit": "nodes=100"})";
  r = run_gamelab("tune recipe " + dir + "/missing.json");
  CHECK(r.status != 0);
  CHECK_THAT(r.output, Catch::Contains("missing.json: the recipe needs \"iterations\""));
  std::ofstream(dir + "/negative.json") << R"({"game": "raichu", "campaign": "x", "iterations": -3, "limit": "nodes=100"})";
  r = run_gamelab("tune recipe " + dir + "/negative.json");
  CHECK(r.status != 0);
  CHECK_THAT(r.output, Catch::Contains("\"iterations\" must be an integer in [1, 100000000]"));
  CHECK_FALSE(std::filesystem::exists("x"));
}

TEST_CASE("every committed recipe reads and names an existing parameter file", "[spsa]") {
  const std::filesystem::path root(GAMELAB_SOURCE_DIR);
  int recipes = 0;
  for (const auto& entry : std::filesystem::directory_iterator(root / "tuner/recipes")) {
    if (entry.path().extension() != ".json") continue;
    ++recipes;
    INFO(entry.path());
    const auto recipe = read_json_file(entry.path().string());
    CHECK(recipe["game"] == entry.path().stem().string().substr(0, recipe["game"].get<std::string>().size()));
    if (recipe.contains("params")) CHECK(std::filesystem::exists(root / recipe["params"].get<std::string>()));
    CHECK(recipe.contains("verify_limit"));  // every release is verified at a longer limit than it was tuned at
  }
  CHECK(recipes >= 1);
}
