// gamelab sprt and gamelab ratings as a user meets them: output, JSON, exit codes, messages.
#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/run.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "eval/records.hpp"
#include "eval/stats/elo.hpp"
#include "eval/stats/sprt.hpp"

using namespace gamelab::eval;

namespace {

using gamelab_test::Run;
using gamelab_test::run;

// A records file of `pairs` pairs among three engines of true strength 0, 80, 160 (draw-elo model).
std::string write_records(const std::string& path, int pairs, std::uint64_t seed) {
  const std::array<std::string, 3> names{"base", "mid", "top"};
  const std::array<double, 3> strength{0, 80, 160};
  gamelab::Rng rng(seed);
  std::string content;
  for (int p = 0; p < pairs; ++p) {
    const int x = p % 3, y = (p + 1) % 3;
    PairRecord r;
    r.game = "raichu";
    r.pair = p;
    r.seed = seed + p;
    r.opening = "opening-" + std::to_string(p % 7);
    r.engines = {EngineRecord{names[x], "hash-" + names[x]}, EngineRecord{names[y], "hash-" + names[y]}};
    for (int k = 0; k < 2; ++k) {
      const int first = k == 0 ? x : y, second = k == 0 ? y : x;
      const double delta = strength[first] - strength[second];
      const double win = 1 / (1 + std::pow(10.0, -(delta - 120) / 400)), loss = 1 / (1 + std::pow(10.0, -(-delta - 120) / 400));
      const double u = rng.unit();
      GameRecord& g = r.games[k];
      g.seats = {names[first], names[second]};
      g.score = u < win ? 1.0 : u < win + loss ? 0.0 : 0.5;
      g.result = g.score == 1 ? GameResult::Win : g.score == 0 ? GameResult::Loss : GameResult::Draw;
      g.reason = "test";
      g.plies = 10;
    }
    content += to_json_line(r) + "\n";
  }
  gamelab::write_file_atomic(path, content);
  return content;
}

}  // namespace

TEST_CASE("gamelab sprt --penta prints score, Elo, LOS, draw ratio, LLR, bounds and verdict", "[eval][cli]") {
  const Run r = run("sprt --penta 10,20,30,20,10 --sprt elo0=0,elo1=5");
  REQUIRE(r.status == 0);
  for (const char* text : {"score       0.5000", "Elo         0.00 +- ", "nElo", "LOS         50.00 %",
                           "draw ratio  33.33 % of pairs (DD+WL)", "LLR", "bounds [-2.944, 2.944]",
                           "verdict     continue", "90 pairs, 180 games"}) {
    CHECK_THAT(r.output, Catch::Contains(text));
  }
}

TEST_CASE("gamelab sprt --json gives the library's numbers", "[eval][cli]") {
  const Run r = run("sprt --penta 39,2226,31451,2412,40 --sprt elo0=0.2,elo1=0.9 --json");
  REQUIRE(r.status == 0);
  const auto out = nlohmann::json::parse(r.output);
  PentanomialCounts p;
  p.cells = {39, 2226, 31451, 2412, 40};
  CHECK(out["llr"].get<double>() == Approx(llr_logistic(p, 0.2, 0.9)));
  CHECK(out["elo"].get<double>() == Approx(estimate_elo(p).elo));
  CHECK(out["pairs"] == 36168);
  CHECK(out["model"] == "logistic");
  CHECK(out["verdict"] == "continue");

  const Run n = run("sprt --wdl 600,300,100 --sprt elo0=0,elo1=5,model=normalized,alpha=0.1,beta=0.2 --json");
  REQUIRE(n.status == 0);
  const auto o = nlohmann::json::parse(n.output);
  CHECK(o["llr"].get<double>() == Approx(llr_normalized(WdlCounts{600, 300, 100}, 0, 5)));
  CHECK(o["draw_ratio"].get<double>() == Approx(0.3));
  CHECK(o["lower_bound"].get<double>() == Approx(std::log(0.2 / 0.9)));
  CHECK(o["upper_bound"].get<double>() == Approx(std::log(0.8 / 0.1)));
  CHECK(o["verdict"] == "accept H1");
}

TEST_CASE("gamelab sprt accepts H0 on a clear loss", "[eval][cli]") {
  const Run r = run("sprt --wdl 100,300,600 --sprt elo0=0,elo1=5");
  CHECK(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("verdict     accept H0"));
}

TEST_CASE("gamelab sprt rejects bad flags and counts with a clear message", "[eval][cli]") {
  const auto fails_with = [](const std::string& args, const std::string& message) {
    const Run r = run(args);
    INFO(args << "\n" << r.output);
    CHECK(r.status != 0);
    CHECK_THAT(r.output, Catch::Contains(message));
  };
  fails_with("sprt --penta 1,2,3 --sprt elo0=0,elo1=5", "--penta '1,2,3': expected 5 comma-separated counts LL,LD,DD+WL,WD,WW");
  fails_with("sprt --penta 1,2,3,4,x --sprt elo0=0,elo1=5", "expected 5 comma-separated counts");
  fails_with("sprt --wdl 1,-2,3 --sprt elo0=0,elo1=5", "--wdl '1,-2,3': expected 3 comma-separated counts W,D,L");
  fails_with("sprt --sprt elo0=0,elo1=5", "give the results with --penta, --wdl or --records (one of them)");
  fails_with("sprt --records x.jsonl --penta 1,2,3,4,5 --sprt elo0=0,elo1=5", "excludes");
  fails_with("sprt --engine base --penta 1,2,3,4,5 --sprt elo0=0,elo1=5", "--engine names an engine of --records");
  fails_with("sprt --records no_such_records.jsonl --sprt elo0=0,elo1=5", "no_such_records.jsonl");
  fails_with("sprt --penta 1,2,3,4,5 --wdl 1,2,3 --sprt elo0=0,elo1=5", "excludes");
  fails_with("sprt --penta 1,2,3,4,5 --sprt elo0=5,elo1=0", "must be below elo1");
  fails_with("sprt --penta 1,2,3,4,5 --sprt elo0=0,elo1=5,alpha=1.5", "alpha");
  fails_with("sprt --penta 1,2,3,4,5 --sprt elo0=0,elo1=5,model=bayes", "expected logistic or normalized");
  fails_with("sprt --penta 1,2,3,4,5 --elo1 5", "--elo0");
}

TEST_CASE("gamelab sprt --records takes one engine's pairs from match records, in a report's words", "[eval][cli]") {
  write_records("stats_cli_sprt.jsonl", 90, 8);
  const std::vector<PairRecord> records = read_records("stats_cli_sprt.jsonl").records;
  for (const std::string engine : {"", "top"}) {
    const std::string name = engine.empty() ? "base" : engine;  // the first engine of the first record by default
    const Run r = run("sprt --records stats_cli_sprt.jsonl --sprt elo0=0,elo1=10 --json" + (engine.empty() ? "" : " --engine " + engine));
    INFO(r.output);
    REQUIRE(r.status == 0);
    const auto out = nlohmann::json::parse(r.output);
    const WdlCounts w = wdl_counts(records, name);
    const PentanomialCounts p = pentanomial_counts(records, name);
    REQUIRE(w.games() == 120);  // each engine plays 60 of the 90 pairs
    CHECK(out["engine"] == name);
    CHECK(out["wdl"] == nlohmann::json::array({w.wins, w.draws, w.losses}));
    CHECK(out["pentanomial"] == nlohmann::json(p.cells));
    CHECK(out["statement"] == "120 games (60 pairs), W-D-L " + std::to_string(w.wins) + "-" + std::to_string(w.draws) + "-" +
                                  std::to_string(w.losses));
    CHECK(out["llr"].get<double>() == Approx(llr_logistic(p, 0, 10)));
  }
  const Run text = run("sprt --records stats_cli_sprt.jsonl --sprt elo0=0,elo1=10");
  REQUIRE(text.status == 0);
  CHECK_THAT(text.output, Catch::Contains("results     stats_cli_sprt.jsonl, base's side: 120 games (60 pairs), W-D-L "));
  CHECK_THAT(text.output, Catch::Contains(", pentanomial ["));

  const Run nobody = run("sprt --records stats_cli_sprt.jsonl --engine nobody --sprt elo0=0,elo1=10");
  CHECK(nobody.status == 2);
  CHECK_THAT(nobody.output, Catch::Contains("stats_cli_sprt.jsonl: no engine called 'nobody' plays in the records"));
  gamelab::write_file_atomic("stats_cli_sprt.jsonl", "");
  const Run empty = run("sprt --records stats_cli_sprt.jsonl --sprt elo0=0,elo1=10");
  CHECK(empty.status == 2);
  CHECK_THAT(empty.output, Catch::Contains("stats_cli_sprt.jsonl: no game pairs in the records"));
  std::remove("stats_cli_sprt.jsonl");
}

TEST_CASE("gamelab ratings prints the rating table and is reproducible with its seed", "[eval][cli]") {
  write_records("stats_cli_ratings.jsonl", 1500, 3);
  const Run r = run("ratings stats_cli_ratings.jsonl --bootstrap 30 --seed 5");
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("rank  name"));
  CHECK_THAT(r.output, Catch::Contains("anchor base = 0.0"));
  CHECK_THAT(r.output, Catch::Contains("3000 games"));
  CHECK(r.output.find("top") < r.output.find("mid"));  // ranked best first
  CHECK(run("ratings stats_cli_ratings.jsonl --bootstrap 30 --seed 5").output == r.output);

  const Run j = run("ratings stats_cli_ratings.jsonl --bootstrap 30 --seed 5 --anchor mid --anchor-rating 1500 --json");
  REQUIRE(j.status == 0);
  const auto out = nlohmann::json::parse(j.output);
  CHECK(out["anchor"] == "mid");
  CHECK(out["engines"].size() == 3);
  CHECK(out["engines"][0]["name"] == "top");
  for (const auto& e : out["engines"]) {
    if (e["name"] == "mid") {
      CHECK(e["rating"].get<double>() == 1500);
      CHECK(e["error"].get<double>() == 0);
    } else {
      CHECK(e["error"].get<double>() > 0);
    }
    CHECK(e["games"] == 2000);
  }
  std::remove("stats_cli_ratings.jsonl");
}

TEST_CASE("gamelab ratings --pgn writes the PGN file", "[eval][cli]") {
  write_records("stats_cli_pgn.jsonl", 30, 4);
  const Run r = run("ratings stats_cli_pgn.jsonl --bootstrap 0 --pgn stats_cli_out.pgn");
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("wrote stats_cli_out.pgn"));
  const std::string pgn = gamelab::read_text_file("stats_cli_out.pgn");
  std::size_t games = 0;
  for (std::size_t at = pgn.find("[Result "); at != std::string::npos; at = pgn.find("[Result ", at + 1)) ++games;
  CHECK(games == 60);
  std::remove("stats_cli_pgn.jsonl");
  std::remove("stats_cli_out.pgn");
}

TEST_CASE("gamelab ratings warns about a truncated last line and stops at a malformed one", "[eval][cli]") {
  const std::string content = write_records("stats_cli_cut.jsonl", 300, 6);
  gamelab::write_file_atomic("stats_cli_cut.jsonl", content + content.substr(0, 40));
  const Run cut = run("ratings stats_cli_cut.jsonl --bootstrap 0");
  CHECK(cut.status == 0);
  CHECK_THAT(cut.output, Catch::Contains("stats_cli_cut.jsonl:301: truncated last line"));

  gamelab::write_file_atomic("stats_cli_cut.jsonl", content.substr(0, content.find('\n') + 1) + "{oops}\n" + content);
  const Run bad = run("ratings stats_cli_cut.jsonl --bootstrap 0");
  CHECK(bad.status != 0);
  CHECK_THAT(bad.output, Catch::Contains("stats_cli_cut.jsonl:2: malformed record"));
  std::remove("stats_cli_cut.jsonl");

  CHECK(run("ratings no_such_file.jsonl").status != 0);
  CHECK(run("ratings").status != 0);
  write_records("stats_cli_anchor.jsonl", 30, 7);
  const Run anchor = run("ratings stats_cli_anchor.jsonl --anchor nobody");
  CHECK(anchor.status != 0);
  CHECK_THAT(anchor.output, Catch::Contains("--anchor nobody: no such engine"));
  CHECK(run("ratings stats_cli_anchor.jsonl --bootstrap -3").status != 0);
  std::remove("stats_cli_anchor.jsonl");
}

TEST_CASE("gamelab sprt and ratings have --help", "[eval][cli]") {
  CHECK(run("sprt --help").status == 0);
  CHECK(run("ratings --help").status == 0);
}
