// Band suites (eval/match/band_suite.hpp): reading and checking a suite, interleaving its bands,
// results per band and per axis value, and a match over a suite naming each pair's band.
#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>

#include "common/temp_folder.hpp"
#include "core/error.hpp"
#include "core/text_file.hpp"
#include "eval/match/band_suite.hpp"
#include "eval/match/match_runner.hpp"
#include "registry/game_registry.hpp"

using namespace gamelab;
using namespace gamelab::eval;

namespace {

const std::string kStart8 = "8 w ........W.W.W.W..w.w.w.w................b.b.b.b..B.B.B.B........";
const std::string kStart10 =
    "10 w ..........W.W.W.W.W..w.w.w.w.w........................................b.b.b.b.b..B.B.B.B.B..........";

// A suite of two Raichu bands: n=8 with two openings, n=10 with one; axis "n".
std::string write_suite(const gamelab_test::TempFolder& dir) {
  write_file_atomic((dir / "n8.json").string(),
                    R"({"game": "raichu", "positions": [")" + kStart8 + R"(", "8 b ........W.W.W.W..w.w.w.w................b.b.b.b..B.B.B.B........"]})");
  write_file_atomic((dir / "n10.json").string(), R"({"game": "raichu", "positions": [")" + kStart10 + R"("]})");
  const std::string suite = (dir / "suite.json").string();
  write_file_atomic(suite, R"({"game": "raichu", "axes": ["n"], "bands": [
      {"name": "n=8", "tags": {"n": "8"}, "openings": "n8.json"},
      {"name": "n=10", "tags": {"n": "10"}, "openings": "n10.json"}]})");
  return suite;
}

PairRecord pair_in(const std::string& band, double first, double second) {
  PairRecord r;
  r.game = "raichu";
  r.band = band;
  r.engines = {EngineRecord{"A", "a"}, EngineRecord{"B", "b"}};
  r.games[0].seats = {"A", "B"};
  r.games[0].score = first;
  r.games[1].seats = {"B", "A"};
  r.games[1].score = 1.0 - second;
  return r;
}

}  // namespace

TEST_CASE("a band suite is read with its paths relative to its own folder", "[match][bands]") {
  gamelab_test::TempFolder dir("band_suite_read");
  const BandSuite suite = read_band_suite(write_suite(dir));
  CHECK(suite.game == "raichu");
  CHECK(suite.axes == std::vector<std::string>{"n"});
  REQUIRE(suite.bands.size() == 2);
  CHECK(suite.bands[0].name == "n=8");
  CHECK(suite.bands[0].tags.at("n") == "8");
  CHECK(suite.bands[0].openings == (dir / "n8.json").string());
  CHECK(suite.bands[1].boards.empty());
}

TEST_CASE("a malformed band suite is refused, naming the file and the band", "[match][bands]") {
  gamelab_test::TempFolder dir("band_suite_bad");
  write_suite(dir);
  const std::string path = (dir / "bad.json").string();
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"[1, 2]", "a band suite is a JSON object"},
      {R"({"game": "raichu", "bands": []})", "\"bands\" must be a non-empty array"},
      {R"({"game": "raichu", "axes": ["n"], "bands": [{"name": "x", "openings": "n8.json"}]})", "bands[0]: no value for the axis \"n\""},
      {R"({"game": "raichu", "bands": [{"name": "x", "tags": {"size": "s"}, "openings": "n8.json"}]})", "not one of the suite's \"axes\""},
      {R"({"game": "raichu", "bands": [{"name": "x", "openings": "n8.json", "boards": "b"}]})", "exactly one of"},
      {R"({"game": "raichu", "bands": [{"name": "x", "openings": "missing.json"}]})", "missing.json does not exist"},
      {R"({"game": "raichu", "bands": [{"name": "x", "openings": "n8.json"}, {"name": "x", "openings": "n8.json"}]})",
       "bands[1]: a second band called \"x\""},
  };
  for (const auto& [text, message] : cases) {
    write_file_atomic(path, text);
    INFO(text);
    try {
      read_band_suite(path);
      FAIL("accepted");
    } catch (const InputError& e) {
      CHECK_THAT(e.what(), Catch::Contains(path) && Catch::Contains(message));
    }
  }
}

TEST_CASE("bands are interleaved so that every prefix of the match covers each band", "[match][bands]") {
  gamelab_test::TempFolder dir("band_suite_interleave");
  const BandSuite suite = read_band_suite(write_suite(dir));
  const BandPositions p = interleave_bands(suite, [](const Band& band) {
    std::vector<std::pair<std::string, std::string>> out;
    const int count = band.name == "n=8" ? 3 : 1;
    for (int k = 0; k < count; ++k) out.push_back({band.name + "#" + std::to_string(k), "src"});
    return out;
  });
  // The longest band sets the rounds; shorter ones cycle.
  const std::vector<std::string> expected = {"n=8#0", "n=10#0", "n=8#1", "n=10#0", "n=8#2", "n=10#0"};
  REQUIRE(p.positions.size() == expected.size());
  for (std::size_t k = 0; k < expected.size(); ++k) {
    CHECK(p.positions[k].first == expected[k]);
    CHECK(p.band[k] == (k % 2 == 0 ? "n=8" : "n=10"));
  }
}

TEST_CASE("results per band — a loss beyond the interval is flagged — one axis adds no rows", "[match][bands]") {
  gamelab_test::TempFolder dir("band_suite_results");
  BandSuite suite = read_band_suite(write_suite(dir));
  std::vector<PairRecord> records;
  for (int k = 0; k < 20; ++k) records.push_back(pair_in("n=8", 1.0, k % 4 == 0 ? 0.5 : 1.0));  // A wins
  for (int k = 0; k < 20; ++k) records.push_back(pair_in("n=10", 0.0, k % 4 == 0 ? 0.5 : 0.0));  // A loses
  records.push_back(pair_in("", 1.0, 1.0));  // no band: left out
  const auto results = band_results(suite, records, "A");
  REQUIRE(results.size() == 2);  // the two bands; axis n's values would repeat them
  CHECK(results[0].label() == "n=8");
  CHECK(results[0].wdl.wins == 35);
  CHECK(results[0].wdl.draws == 5);
  CHECK(results[0].penta.pairs() == 20);
  CHECK(results[0].elo.elo_lower > 0);
  CHECK_FALSE(results[0].loses());
  CHECK(results[1].label() == "n=10");
  CHECK(results[1].wdl.losses == 35);
  CHECK(results[1].loses());
  const std::string text = band_results_text(results);
  CHECK_THAT(text, Catch::Contains("n=10") && Catch::Contains("LOSES") && Catch::Contains("(40 games)"));
  CHECK_THAT(text, !Catch::Contains("n 8"));
}

TEST_CASE("a band is judged lost only from 5 game pairs on: fewer have no spread to judge by", "[match][bands]") {
  gamelab_test::TempFolder dir("band_suite_few");
  BandSuite suite = read_band_suite(write_suite(dir));
  std::vector<PairRecord> records;
  for (int k = 0; k < 4; ++k) records.push_back(pair_in("n=8", 0.0, 0.5));  // A lost a game of each pair
  auto results = band_results(suite, records, "A");
  REQUIRE(results.size() == 2);
  CHECK(results[0].penta.pairs() == 4);
  CHECK(results[0].elo.elo_upper < 0);  // four identical pairs: an interval of no width below 0 ...
  CHECK_FALSE(results[0].loses());      // ... and too few pairs to say so
  records.push_back(pair_in("n=8", 0.0, 0.5));
  results = band_results(suite, records, "A");
  CHECK(results[0].penta.pairs() == kMinPairsToJudge);
  CHECK(results[0].loses());
  CHECK_FALSE(results[1].loses());  // a band without games
}

TEST_CASE("results per axis value where a value covers several bands", "[match][bands]") {
  BandSuite suite;
  suite.game = "raichu";
  suite.axes = {"size", "walls"};
  for (const char* size : {"small", "large"}) {
    for (const char* walls : {"sparse", "dense"}) {
      Band band;
      band.name = std::string(size) + " " + walls;
      band.tags = {{"size", size}, {"walls", walls}};
      suite.bands.push_back(band);
    }
  }
  std::vector<PairRecord> records;
  for (int k = 0; k < 10; ++k) records.push_back(pair_in("small sparse", 1.0, 0.5));
  for (int k = 0; k < 10; ++k) records.push_back(pair_in("small dense", 0.5, 0.5));
  for (int k = 0; k < 10; ++k) records.push_back(pair_in("large dense", 0.0, 0.5));
  const auto results = band_results(suite, records, "A");
  REQUIRE(results.size() == 8);  // four bands, then two values of each axis
  CHECK(results[3].label() == "large dense");
  CHECK(results[4].label() == "size small");
  CHECK(results[4].wdl.games() == 40);
  CHECK(results[4].wdl.wins == 10);
  CHECK(results[5].label() == "size large");
  CHECK(results[5].wdl.losses == 10);
  CHECK(results[6].label() == "walls sparse");
  CHECK(results[6].wdl.games() == 20);
  CHECK(results[7].label() == "walls dense");
  CHECK(results[7].wdl.games() == 40);
  CHECK(results[7].wdl.draws == 30);
}

TEST_CASE("a match over a band suite names each pair's band and reports per band", "[match][bands]") {
  gamelab_test::TempFolder dir("band_suite_match");
  const GameEntry& game = find_game("raichu");
  MatchConfig config;
  config.game = "raichu";
  config.engines = {parse_engine_arg("name=d2,depth=2", game), parse_engine_arg("name=d1,depth=1", game)};
  config.games = 8;
  config.concurrency = 2;
  config.seed = 5;
  config.suite = write_suite(dir);
  config.records = (dir / "records.jsonl").string();
  config.progress_interval_s = 0;
  std::ostringstream progress;
  const MatchSummary summary = run_match(config, progress);
  const auto records = read_records(config.records).records;
  REQUIRE(records.size() == 4);
  for (const auto& r : records) {
    CHECK(r.band == (r.pair % 2 == 0 ? "n=8" : "n=10"));
    CHECK(r.opening.rfind(r.pair % 2 == 0 ? "8 " : "10 ", 0) == 0);
  }
  REQUIRE(summary.bands.size() == 2);  // the bands alone: the one axis adds no rows
  CHECK(summary.bands[0].penta.pairs() == 2);
  CHECK(summary.bands[1].penta.pairs() == 2);
  CHECK_THAT(summary_text(summary, config), Catch::Contains("d2 per band of " + config.suite));

  // A suite excludes --openings, and a suite of another game is refused.
  MatchConfig both = config;
  both.openings = (dir / "n8.json").string();
  both.records = (dir / "other.jsonl").string();
  CHECK_THROWS_WITH(run_match(both, progress), Catch::Contains("give no --openings or --boards"));
  MatchConfig other = config;
  other.game = "jumpchess";
  other.engines = {parse_engine_arg("name=a,depth=1", find_game("jumpchess")), parse_engine_arg("name=b,depth=1", find_game("jumpchess"))};
  other.records = (dir / "other.jsonl").string();
  CHECK_THROWS_WITH(run_match(other, progress), Catch::Contains("a suite for raichu, not jumpchess"));
}
