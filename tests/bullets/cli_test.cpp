// `gamelab perft/show/boards bullets` as a user meets them: exit codes, messages naming the input.
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "common/run.hpp"
#include "core/text_file.hpp"
#include "helpers.hpp"

namespace {

using gamelab_test::Run;
using gamelab_test::run;


}  // namespace

TEST_CASE("gamelab perft bullets reads a position file", "[bullets][cli]") {
  gamelab::write_file_atomic("bullets_cli_room.txt", bullets_test::tournament_text(bullets_test::kRoom));
  const Run r = run("perft bullets --board bullets_cli_room.txt --depth 1");
  CHECK(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("bullets perft 1: 49 nodes"));
  const Run divide = run("perft bullets --board bullets_cli_room.txt --depth 2 --divide --json");
  REQUIRE(divide.status == 0);
  const auto out = nlohmann::json::parse(divide.output);
  CHECK(out["divide"].size() == 49);
  CHECK(out["divide"][0]["move"] == "B0 R1");
  std::uint64_t sum = 0;
  for (const auto& line : out["divide"]) sum += line["nodes"].get<std::uint64_t>();
  CHECK(sum == out["nodes"].get<std::uint64_t>());
  std::remove("bullets_cli_room.txt");
}

TEST_CASE("gamelab perft bullets reports a bad position by file, line and column", "[bullets][cli]") {
  std::string text = bullets_test::tournament_text(bullets_test::kRoom);
  text.replace(text.find("B   "), 1, "X");
  gamelab::write_file_atomic("bullets_cli_bad.txt", text);
  const Run r = run("perft bullets --board bullets_cli_bad.txt --depth 1");
  CHECK(r.status != 0);
  CHECK_THAT(r.output, Catch::Contains("bullets_cli_bad.txt:7:21: 'X' is not a cell's first character"));
  std::remove("bullets_cli_bad.txt");
  CHECK(run("perft bullets --board no_such_file.txt --depth 1").status != 0);
}

TEST_CASE("gamelab perft bullets without --board uses a generated board", "[bullets][cli]") {
  const Run r = run("perft bullets --rows 20 --cols 30 --walls 50 --seed 4 --depth 2 --threads 2");
  CHECK(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("bullets perft 2: "));
  CHECK(run("perft bullets --rows 4 --depth 1").status != 0);
}

TEST_CASE("gamelab show bullets prints the diagram", "[bullets][cli]") {
  const Run r = run("show bullets --rows 15 --cols 20 --seed 1");
  CHECK(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("#R") && Catch::Contains("round 0/2000, 0 bullets"));
}

TEST_CASE("gamelab boards bullets writes the same boards for the same seed", "[bullets][cli]") {
  std::filesystem::remove_all("bullets_cli_boards");
  const Run r = run("boards bullets --seed 3 --count 4 --rows 15-20 --out bullets_cli_boards");
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("wrote 4 bullets boards"));
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator("bullets_cli_boards")) {
    ++files;
    const auto p = bullets_test::parse_position(gamelab::read_text_file(entry.path().string()), entry.path().string());
    CHECK(p.state.board->rows() <= 20);
  }
  CHECK(files == 4);
  CHECK(run("boards bullets --seed 3 --count 4 --rows 3-20 --out bullets_cli_boards").status != 0);
  std::filesystem::remove_all("bullets_cli_boards");
}

TEST_CASE("gamelab analyse bullets --records explains each loss over several files, with the bullets that hit",
          "[bullets][cli]") {
  // Two committed clock matches, read as one: the release's four losses, each named by its file, with
  // the bullets on the loser's square at the hit, and the losses counted per band and per kind.
  const std::string dir = std::string(GAMELAB_SOURCE_DIR) + "/reports/bullets/experiments/";
  const std::string first = dir + "clock-long256/records.jsonl", second = dir + "clock-long/records.jsonl";
  const Run r = run("analyse bullets --records " + first + " " + second + " --engine release");
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains(first + " pair 17 (small sparse long): release (seat 0) lost: blue hit at round 829"));
  CHECK_THAT(r.output, Catch::Contains("hit by its own bullet of round 118 (711 rounds before)\n"));
  CHECK_THAT(r.output, Catch::Contains(second + " pair 25 (small sparse long): release (seat 0) lost: blue hit at round 1089"));
  CHECK_THAT(r.output, Catch::Contains("4 of 160 games lost by release: small sparse long 4\n"));
  CHECK_THAT(r.output, Catch::Contains("by kind: hit by its own older bullet 2, hit by the opponent's bullet fired within 10 rounds 1, "
                                       "hit by the opponent's older bullet 1\n"));
  // A missing file is refused by name before anything is printed.
  const Run missing = run("analyse bullets --records " + first + " no_such_records.jsonl");
  CHECK(missing.status != 0);
  CHECK_THAT(missing.output, Catch::Contains("no_such_records.jsonl"));
  CHECK_THAT(missing.output, !Catch::Contains("pair 17"));
}
