// The PGN export for Ordo and BayesElo: exact text of a small file, escaping, and that a reader
// working the way Ordo's does (White, Black and Result tags per game) recovers every result.
#include <catch2/catch.hpp>
#include <cstdio>
#include <map>
#include <sstream>

#include "core/text_file.hpp"
#include "eval/ratings/pgn_export.hpp"

using namespace gamelab::eval;

namespace {

PairRecord record(std::uint64_t pair, const std::string& a, const std::string& b, double score0, double score1,
                  Termination t1 = Termination::Normal) {
  PairRecord r;
  r.game = "bullets";
  r.pair = pair;
  r.engines = {EngineRecord{a, "1"}, EngineRecord{b, "2"}};
  r.games[0].seats = {a, b};
  r.games[0].score = score0;
  r.games[0].result = score0 == 1 ? GameResult::Win : score0 == 0 ? GameResult::Loss : GameResult::Draw;
  r.games[1].seats = {b, a};
  r.games[1].score = score1;
  r.games[1].result = score1 == 1 ? GameResult::Win : score1 == 0 ? GameResult::Loss : GameResult::Draw;
  r.games[1].termination = t1;
  if (t1 != Termination::Normal) r.games[1].fault = 1;
  return r;
}

}  // namespace

TEST_CASE("the PGN export writes the seven tags, the termination and the bare result", "[eval][pgn]") {
  RecordsFile file;
  file.records = {record(3, "A", "B", 1.0, 0.5)};
  CHECK(pgn_from_records({file}) ==
        "[Event \"gamelab bullets\"]\n[Site \"gamelab\"]\n[Date \"????.??.??\"]\n[Round \"3\"]\n"
        "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[Termination \"normal\"]\n\n1-0\n\n"
        "[Event \"gamelab bullets\"]\n[Site \"gamelab\"]\n[Date \"????.??.??\"]\n[Round \"3\"]\n"
        "[White \"B\"]\n[Black \"A\"]\n[Result \"1/2-1/2\"]\n[Termination \"normal\"]\n\n1/2-1/2\n\n");
}

TEST_CASE("failed games map to PGN's termination words — names are escaped", "[eval][pgn]") {
  RecordsFile file;
  file.records = {record(0, "x\"y", "back\\slash", 0.0, 1.0, Termination::Timeout),
                  record(1, "x\"y", "back\\slash", 0.0, 1.0, Termination::Illegal),
                  record(2, "x\"y", "back\\slash", 0.0, 1.0, Termination::Crash),
                  record(3, "x\"y", "back\\slash", 0.0, 1.0, Termination::Stalled)};
  const std::string pgn = pgn_from_records({file});
  CHECK_THAT(pgn, Catch::Contains("[White \"x\\\"y\"]"));
  CHECK_THAT(pgn, Catch::Contains("[Black \"back\\\\slash\"]"));
  CHECK_THAT(pgn, Catch::Contains("[Result \"0-1\"]"));
  CHECK_THAT(pgn, Catch::Contains("[Termination \"time forfeit\"]"));
  CHECK_THAT(pgn, Catch::Contains("[Termination \"rules infraction\"]"));
  CHECK_THAT(pgn, Catch::Contains("[Termination \"abandoned\"]"));
}

TEST_CASE("a tag-scanning reader like Ordo's recovers every game's players and result", "[eval][pgn]") {
  RecordsFile one, two;
  one.records = {record(0, "A", "B", 1.0, 1.0), record(1, "A", "C", 0.5, 0.0)};
  two.records = {record(0, "B", "C", 0.0, 0.5)};
  const std::string path = "pgn_export_test.pgn";
  write_pgn(path, {one, two});
  // Scan line by line for [White "..."], [Black "..."], [Result "..."]; a game is complete with all three.
  std::istringstream in(gamelab::read_text_file(path));
  std::string line, white, black, result, last_result;
  std::map<std::string, double> points;
  int games = 0, result_lines = 0;
  const auto tag = [&](const std::string& name) -> std::string {
    const std::string open = "[" + name + " \"";
    if (line.rfind(open, 0) != 0) return "";
    return line.substr(open.size(), line.size() - open.size() - 2);
  };
  while (std::getline(in, line)) {
    if (auto v = tag("White"); !v.empty()) white = v;
    if (auto v = tag("Black"); !v.empty()) black = v;
    if (auto v = tag("Result"); !v.empty()) result = last_result = v;
    if (line == "1-0" || line == "0-1" || line == "1/2-1/2") {
      ++result_lines;
      CHECK(line == last_result);  // the movetext's termination marker repeats the Result tag
    }
    if (!white.empty() && !black.empty() && !result.empty()) {
      ++games;
      const double s = result == "1-0" ? 1 : result == "0-1" ? 0 : 0.5;
      points[white] += s;
      points[black] += 1 - s;
      white.clear();
      black.clear();
      result.clear();
    }
  }
  CHECK(games == 6);
  CHECK(result_lines == 6);
  // By hand: A-B: A wins, then B (first seat) wins; A-C: draw, then C (first seat) scores 0 so A wins;
  // B-C: B scores 0 so C wins, then a draw. A 2.5, B 1.5, C 2.
  CHECK(points["A"] == 2.5);
  CHECK(points["B"] == 1.5);
  CHECK(points["C"] == 2.0);
  std::remove(path.c_str());
}

TEST_CASE("the PGN export writes the opening as a FEN tag and the moves numbered in pairs, wrapped", "[eval][pgn]") {
  RecordsFile file;
  file.records = {record(0, "A", "B", 1.0, 0.0)};
  file.records[0].game = "ataxx";
  file.records[0].opening = "x5o/7/7/7/7/7/o5x x 0 1";
  file.records[0].games[0].moves = {"f2", "b6", "g1e3"};
  for (int i = 0; i < 60; ++i) file.records[0].games[1].moves.push_back(i % 2 ? "a1c3" : "g7");
  const std::string pgn = pgn_from_records({file});
  CHECK_THAT(pgn, Catch::Contains("[Termination \"normal\"]\n[SetUp \"1\"]\n[FEN \"x5o/7/7/7/7/7/o5x x 0 1\"]\n\n"
                                  "1. f2 b6 2. g1e3 1-0\n\n"));
  CHECK_THAT(pgn, Catch::Contains("1. g7 a1c3 2. g7 a1c3 3. g7"));
  CHECK_THAT(pgn, Catch::Contains("30. g7 a1c3 0-1\n\n"));
  std::istringstream lines(pgn);
  for (std::string line; std::getline(lines, line);) CHECK(line.size() <= 80);
  const std::string bare = pgn_from_records({file}, false);
  CHECK(bare.find("FEN") == std::string::npos);
  CHECK_THAT(bare, Catch::Contains("[Termination \"normal\"]\n\n1-0\n\n"));
}
