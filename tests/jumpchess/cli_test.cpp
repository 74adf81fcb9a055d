// `gamelab perft|show jumpchess` as a user meets them: counts, position files, paths, exit codes and
// messages naming the bad input.
#include <catch2/catch.hpp>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "common/run.hpp"
#include "core/text_file.hpp"

namespace {

using gamelab_test::Run;
using gamelab_test::run;

const std::string kStartFile =
    "# the start position\n"
    "1 0 0 0 0 0 0 0\n"
    "0 1 0 0 0 0 0 2\n"
    "1 0 1 0 0 0 2 0\n"
    "0 1 0 0 0 2 0 2\n"
    "1 0 1 0 0 0 2 0\n"
    "0 1 0 0 0 2 0 2\n"
    "1 0 0 0 0 0 2 0\n"
    "0 0 0 0 0 0 0 2\n"
    "white\n"
    "moves 1 0\n";

}  // namespace

TEST_CASE("gamelab perft jumpchess counts 31 moves from the start", "[jumpchess][cli]") {
  const Run r = run("perft jumpchess --depth 1");
  CHECK(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("jumpchess perft 1: 31 nodes"));
  CHECK_THAT(run("perft jumpchess --depth 3 --threads 2").output, Catch::Contains("perft 3: 31282 nodes"));
}

TEST_CASE("gamelab perft jumpchess --divide --json lists each move's path and resulting board", "[jumpchess][cli]") {
  const Run r = run("perft jumpchess --depth 2 --divide --json");
  REQUIRE(r.status == 0);
  const auto out = nlohmann::json::parse(r.output);
  CHECK(out["divide"].size() == 31);
  std::uint64_t sum = 0;
  for (const auto& line : out["divide"]) sum += line["nodes"].get<std::uint64_t>();
  CHECK(sum == out["nodes"].get<std::uint64_t>());
  CHECK(out["divide"][0]["move"] == "[(0,0), (1,0)]");
  CHECK(out["divide"][0]["result"].get<std::string>().size() == 64);
  CHECK_THAT(out["position"].get<std::string>(), Catch::EndsWith("black\nmoves 0 0\n"));
}

TEST_CASE("gamelab reads a jumpchess position file and reports a bad one by line and column", "[jumpchess][cli]") {
  gamelab::write_file_atomic("jumpchess_cli_position.txt", kStartFile);
  const Run good = run("perft jumpchess --depth 1 --board jumpchess_cli_position.txt");
  CHECK(good.status == 0);
  CHECK_THAT(good.output, Catch::Contains("perft 1: 31 nodes"));
  CHECK(run("perft jumpchess --depth 1 --board jumpchess_cli_position.txt --side white").status == 0);
  const Run disagree = run("perft jumpchess --depth 1 --board jumpchess_cli_position.txt --side black");
  CHECK(disagree.status != 0);
  CHECK_THAT(disagree.output, Catch::Contains("--side black disagrees with jumpchess_cli_position.txt"));
  std::string bad = kStartFile;
  bad[bad.find("0 1 0 0 0 2 0 2")] = '7';
  gamelab::write_file_atomic("jumpchess_cli_position.txt", bad);
  const Run r = run("perft jumpchess --depth 1 --board jumpchess_cli_position.txt");
  CHECK(r.status != 0);
  CHECK_THAT(r.output, Catch::Contains("jumpchess_cli_position.txt:5:1: value '7' (row 3, col 0)"));
  std::remove("jumpchess_cli_position.txt");
}

TEST_CASE("gamelab takes a 64-digit board with --side and --moves, and names a bad one", "[jumpchess][cli]") {
  const std::string start = "10000000/01000002/10100020/01000202/10100020/01000202/10000020/00000002";
  const Run white = run("perft jumpchess --depth 1 --board " + start + " --side white");
  CHECK(white.status == 0);
  CHECK_THAT(white.output, Catch::Contains("perft 1: 31 nodes"));
  const Run near_end = run("perft jumpchess --depth 3 --board " + start + " --moves '199 199'");
  CHECK(near_end.status == 0);
  CHECK_THAT(near_end.output, Catch::Contains("perft 3: 0 nodes"));
  const Run short_board = run("perft jumpchess --depth 1 --board 1000000");
  CHECK(short_board.status != 0);
  CHECK_THAT(short_board.output, Catch::Contains("7 square values; the 8 x 8 board needs 64"));
  const Run too_many = run("perft jumpchess --depth 1 --board 1111111111" + std::string(54, '0'));
  CHECK(too_many.status != 0);
  CHECK_THAT(too_many.output, Catch::Contains("Black has 10 pieces"));
  const Run bad_moves = run("perft jumpchess --depth 1 --moves '3 1'");
  CHECK(bad_moves.status != 0);
  CHECK_THAT(bad_moves.output, Catch::Contains("moves alternate"));
  CHECK(run("perft jumpchess --depth 1 --side red").status != 0);
}

TEST_CASE("gamelab plays --path moves first and names the hop of a path that does not replay", "[jumpchess][cli]") {
  const Run good = run("show jumpchess --path '[(2,2), (2,3)]; [(3,5), (3,4)]'");
  CHECK(good.status == 0);
  CHECK_THAT(good.output, Catch::Contains("black to move; moves made: black 1, white 1"));
  const Run bad = run("perft jumpchess --depth 1 --path '[(2,2), (2,3)]; [(3,5), (3,3)]'");
  CHECK(bad.status != 0);
  CHECK_THAT(bad.output, Catch::Contains("--path move 2 [(3,5), (3,3)]: hop 1 from (3,5) to (3,3): no piece on (3,4) "
                                         "to hop over"));
  const Run syntax = run("perft jumpchess --depth 1 --path '[(2,2) (2,3)]'");
  CHECK(syntax.status != 0);
  CHECK_THAT(syntax.output, Catch::Contains("--path move 1: expected ']' at column 8"));
}

TEST_CASE("gamelab show jumpchess prints the position file and the diagram", "[jumpchess][cli]") {
  const Run r = run("show jumpchess");
  CHECK(r.status == 0);
  CHECK_THAT(r.output, Catch::StartsWith("1 0 0 0 0 0 0 0\n"));
  CHECK_THAT(r.output, Catch::Contains("0  b . . . . . . .\n"));
}
