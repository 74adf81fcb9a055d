// The gamelab command line as a user meets it: exit codes, messages naming the bad input, output.
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "common/run.hpp"
#include "core/text_file.hpp"

namespace {

using gamelab_test::Run;
using gamelab_test::run;

}  // namespace

TEST_CASE("gamelab perft raichu counts the start position", "[cli]") {
  const Run r = run("perft raichu --n 8 --depth 3");
  CHECK(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("raichu perft 3: "));
}

TEST_CASE("gamelab perft raichu --json --divide lists root moves", "[cli]") {
  const Run r = run("perft raichu --depth 2 --divide --json");
  REQUIRE(r.status == 0);
  const auto out = nlohmann::json::parse(r.output);
  CHECK(out["divide"].size() == 22);
  std::uint64_t sum = 0;
  for (const auto& line : out["divide"]) sum += line["nodes"].get<std::uint64_t>();
  CHECK(sum == out["nodes"].get<std::uint64_t>());
  CHECK(out["divide"][0]["result"].get<std::string>().size() == 64);
}

TEST_CASE("gamelab rejects an odd board size with a clear message", "[cli]") {
  const Run r = run("perft raichu --n 9 --depth 1");
  CHECK(r.status != 0);
  CHECK_THAT(r.output, Catch::Contains("n = 9 is not supported"));
}

TEST_CASE("gamelab names a bad board character", "[cli]") {
  const Run r = run("perft raichu --depth 1 --board ........W.W.W.W..w.w.w.w................b.b.b.b..B.B.B.B.......x");
  CHECK(r.status != 0);
  CHECK_THAT(r.output, Catch::Contains("index 63 (row 7, col 7)"));
}

TEST_CASE("gamelab reads a position file and reports a bad one by line and column", "[cli]") {
  gamelab::write_file_atomic("cli_position.txt", "# start, black to move\n8 b ........W.W.W.W..w.w.w.w................b.b.b.b..B.B.B.B........\n");
  const Run good = run("perft raichu --depth 1 --board cli_position.txt");
  CHECK(good.status == 0);
  CHECK_THAT(good.output, Catch::Contains("perft 1: 22 nodes"));
  gamelab::write_file_atomic("cli_position.txt", "8 w ..x\n");
  const Run bad = run("perft raichu --depth 1 --board cli_position.txt");
  CHECK(bad.status != 0);
  CHECK_THAT(bad.output, Catch::Contains("cli_position.txt:1:5"));
  std::remove("cli_position.txt");
}

TEST_CASE("gamelab rejects unknown flags and games", "[cli]") {
  CHECK(run("perft raichu --depht 3").status != 0);
  CHECK(run("perft chess --depth 3").status != 0);
  CHECK(run("perft raichu").status != 0);
}

TEST_CASE("gamelab perft raichu --suite checks the dataset", "[cli]") {
  const Run r = run("perft raichu --suite --max-depth 2");
  CHECK(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("counts match"));
}

TEST_CASE("every command has --help", "[cli]") {
  for (const char* command : {"--help", "perft --help", "perft raichu --help", "show raichu --help", "games --help"}) {
    INFO(command);
    CHECK(run(command).status == 0);
  }
}

TEST_CASE("every committed opening suite is what its made_by command writes", "[cli]") {
  // datasets/openings/: the tuning suites, the release gate's held-out suites (other seeds) and the
  // unbalanced ones (--imbalance); each names the command that made it.
  int suites = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(GAMELAB_DATA_DIR) + "/openings")) {
    if (entry.path().extension() != ".json") continue;
    ++suites;
    INFO(entry.path());
    const auto committed = nlohmann::json::parse(gamelab::read_text_file(entry.path().string()));
    const std::string made_by = committed["made_by"].get<std::string>();
    REQUIRE(made_by.rfind("gamelab openings ", 0) == 0);
    const std::string out = "suite_" + entry.path().filename().string();
    const Run r = run(made_by.substr(std::string("gamelab ").size()) + " --out " + out);
    REQUIRE(r.status == 0);
    CHECK(nlohmann::json::parse(gamelab::read_text_file(out)) == committed);
    std::remove(out.c_str());
  }
  CHECK(suites >= 6);
}
