// The match runner: determinism across concurrency, kill and resume, misbehaving bots, SPRT stop.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <sstream>
#include <thread>

#include "core/error.hpp"
#include "core/text_file.hpp"
#include "eval/match/match_runner.hpp"
#include "eval/match/opening_file.hpp"
#include "registry/game_registry.hpp"

using namespace gamelab;
using namespace gamelab::eval;

namespace {

const std::string kBots = std::string(GAMELAB_SOURCE_DIR) + "/tests/match/bots/";

MatchConfig raichu_match(const std::string& records, int games, int concurrency) {
  const GameEntry& game = find_game("raichu");
  MatchConfig config;
  config.game = "raichu";
  config.engines = {parse_engine_arg("name=strong,nodes=1500", game), parse_engine_arg("name=weak,depth=1", game)};
  config.games = games;
  config.concurrency = concurrency;
  config.seed = 42;
  config.records = records;
  config.progress_interval_s = 0;
  std::filesystem::remove(records);
  return config;
}

std::vector<PairRecord> sorted_records(const std::string& path) {
  auto records = read_records(path).records;
  std::sort(records.begin(), records.end(), [](const auto& x, const auto& y) { return x.pair < y.pair; });
  return records;
}

}  // namespace

TEST_CASE("the same seed gives the same records and statistics whatever the concurrency", "[match]") {
  std::ostringstream log;
  const auto one = run_match(raichu_match("match_c1.jsonl", 12, 1), log);
  const auto two = run_match(raichu_match("match_c2.jsonl", 12, 2), log);
  CHECK(sorted_records("match_c1.jsonl") == sorted_records("match_c2.jsonl"));
  CHECK(one.penta == two.penta);
  CHECK(one.wdl == two.wdl);
  CHECK(one.pairs_counted == 6);
  CHECK(one.wdl.games() == 12);
  CHECK_THAT(log.str(), Catch::Contains("games 12/12"));
}

TEST_CASE("a records file is never overwritten, and resuming skips finished pairs", "[match]") {
  std::ostringstream log;
  auto config = raichu_match("match_resume.jsonl", 4, 1);
  run_match(config, log);
  CHECK_THROWS_WITH(run_match([&] { auto c = config; c.records = "match_resume.jsonl"; return c; }(), log),
                    Catch::Contains("already holds records; use --resume"));
  // Resume with more games: the two finished pairs stay, two more are played.
  config.resume = true;
  config.games = 8;
  const auto summary = run_match(config, log);
  CHECK(summary.pairs_resumed == 2);
  CHECK(summary.pairs_counted == 4);
  CHECK(read_records("match_resume.jsonl").records.size() == 4);
  // A different engine configuration cannot resume this file.
  auto other = config;
  other.engines[0] = parse_engine_arg("name=strong,nodes=1500,params=" + std::string(GAMELAB_SOURCE_DIR) +
                                          "/tests/match/other_params.txt",
                                      find_game("raichu"));
  CHECK_THROWS_WITH(run_match(other, log), Catch::Contains("engines or parameters differ"));
}

TEST_CASE("a killed run resumes to the same final counts", "[match]") {
  const std::string path = "match_killed.jsonl";
  std::filesystem::remove(path);
  const std::string args = " match raichu --engine name=strong,nodes=1500 --engine name=weak,depth=1 --games 16 --seed 42";
  const pid_t child = ::fork();
  if (child == 0) {
    ::execl("/bin/sh", "sh", "-c", (std::string(GAMELAB_BINARY) + args + " --out " + path + " >/dev/null 2>&1").c_str(), nullptr);
    ::_exit(127);
  }
  // Kill it once a few pairs are on disk.
  for (int i = 0; i < 600; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (std::filesystem::exists(path) && read_records(path).records.size() >= 2) break;
  }
  ::kill(child, SIGKILL);
  ::waitpid(child, nullptr, 0);
  ::system("pkill -KILL -f 'match_killed.jsonl' >/dev/null 2>&1");
  const auto partial = read_records(path).records.size();
  CHECK(partial >= 2);
  CHECK(partial < 8);
  std::ostringstream log;
  auto config = raichu_match("match_full.jsonl", 16, 1);
  const auto full = run_match(config, log);
  config.records = path;
  config.resume = true;
  const auto resumed = run_match(config, log);
  CHECK(resumed.pairs_resumed == partial);
  CHECK(resumed.penta == full.penta);
  CHECK(sorted_records(path) == sorted_records("match_full.jsonl"));
}

TEST_CASE("misbehaving bots lose their games and never hang the match", "[match]") {
  struct Case {
    const char* script;
    eval::Termination expected;
  };
  for (const Case& c : {Case{"sleeps_forever.sh", eval::Termination::Timeout}, Case{"prints_garbage.sh", eval::Termination::Crash},
                        Case{"exits_nonzero.sh", eval::Termination::Crash}, Case{"illegal_move.sh", eval::Termination::Illegal}}) {
    INFO(c.script);
    const GameEntry& game = find_game("raichu");
    MatchConfig config = raichu_match("match_bots.jsonl", 2, 2);
    config.engines[1] = parse_engine_arg(std::string("name=bot,cmd=") + kBots + c.script + ",movetime=300", game);
    std::ostringstream log;
    const auto start = std::chrono::steady_clock::now();
    const auto summary = run_match(config, log);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
    CHECK(summary.wdl.wins == 2);
    const auto records = read_records("match_bots.jsonl").records;
    REQUIRE(records.size() == 1);
    for (const auto& g : records[0].games) {
      CHECK(g.termination == c.expected);
      REQUIRE(g.fault);
      CHECK(g.seats[*g.fault] == "bot");
    }
    const FaultCounts& f = summary.faults[1];
    CHECK(f.crash + f.timeout + f.illegal == 2);
  }
}

TEST_CASE("SPRT stops the match at the same pair whatever the concurrency", "[match]") {
  std::ostringstream log;
  auto config = raichu_match("match_sprt1.jsonl", 400, 1);
  // elo1 = 100: the stronger engine is accepted after 13 of the 200 pairs (23 with elo1 = 50).
  config.sprt = SprtConfig{0, 100, 0.05, 0.05, EloModel::Logistic};
  const auto one = run_match(config, log);
  REQUIRE(one.verdict);
  CHECK(*one.verdict == SprtVerdict::AcceptH1);
  CHECK(one.pairs_counted < 200);
  auto config2 = raichu_match("match_sprt2.jsonl", 400, 2);
  config2.sprt = config.sprt;
  const auto two = run_match(config2, log);
  CHECK(two.pairs_counted == one.pairs_counted);
  CHECK(two.penta == one.penta);
  CHECK(*two.llr == Approx(*one.llr));
}

TEST_CASE("engine arguments are checked", "[match]") {
  const GameEntry& game = find_game("raichu");
  CHECK_THROWS_WITH(parse_engine_arg("nodes=5", game), Catch::Contains("name=... is required"));
  CHECK_THROWS_WITH(parse_engine_arg("name=A", game), Catch::Contains("give nodes=N, depth=D, movetime=MS or tc=SECONDS+INC"));
  CHECK_THROWS_WITH(parse_engine_arg("name=A,nodes=5,speed=3", game), Catch::Contains("unknown key 'speed'"));
  CHECK_THROWS_WITH(parse_engine_arg("name=A,nodes=x", game), Catch::Contains("positive integer"));
  CHECK_THROWS_WITH(parse_engine_arg("name=A,cmd=\"bot\",protocol=bullets", game), Catch::Contains("not raichu's"));
  CHECK_THROWS_WITH(parse_engine_arg("name=A,cmd=bot,movetime=0", game), Catch::Contains("movetime"));
  CHECK_THROWS_WITH(parse_engine_arg("name=A,cmd=bot,movetime=3600001", game), Catch::Contains("at most 3600000 ms"));
  CHECK_THROWS_WITH(parse_engine_arg("name=A,cmd=bot,depth=3", game), Catch::Contains("not depth or tc"));
  CHECK_THROWS_WITH(parse_engine_arg("name=A,cmd=bot,movetime=100,timelimit=2", game), Catch::Contains("not both"));
  const auto bot = parse_engine_arg("name=B,cmd=\"python3 my bot.py, v2\",movetime=2500", game);
  CHECK(bot.player.command == "python3 my bot.py, v2");
  CHECK(bot.player.time_limit_s == 2.5);
  CHECK_FALSE(bot.player.limits.movetime_ms);  // the bot's own time per move, not a search limit of the lab's
  CHECK(bot.player.protocol == "raichu");
  // timelimit=SECONDS, the old spelling, still reads as the same limit.
  CHECK(parse_engine_arg("name=B,cmd=bot,timelimit=2.5", game).player.time_limit_s == 2.5);
  CHECK(parse_engine_arg("name=B,cmd=bot", game).player.time_limit_s == game.bot_time_limit_s);
}

TEST_CASE("openings come from a suite or from a file of positions one to a line, as the field's books", "[match]") {
  const std::string book = "match_book.epd";
  write_file_atomic(book, "# two openings of the field's kind\n\nx5o/7/7/7/7/7/o5x x 0 1\n"
                          "  x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1 ; id \"gaps\"\r\n");
  const auto positions = read_opening_file(book);
  REQUIRE(positions.size() == 2);
  CHECK(positions[0] == std::pair<std::string, std::string>{"x5o/7/7/7/7/7/o5x x 0 1", book + ":3"});
  CHECK(positions[1].first == "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1");
  CHECK(positions[1].second == book + ":4");

  const GameEntry& game = find_game("ataxx");
  MatchConfig config;
  config.game = "ataxx";
  config.engines = {parse_engine_arg("name=a,depth=2", game), parse_engine_arg("name=b,depth=1", game)};
  config.games = 4;
  config.openings = book;
  config.records = "match_book.jsonl";
  config.progress_interval_s = 0;
  std::filesystem::remove(config.records);
  std::ostringstream log;
  run_match(config, log);
  const auto records = sorted_records(config.records);
  REQUIRE(records.size() == 2);
  CHECK(records[0].opening == positions[0].first);
  CHECK(records[1].opening == positions[1].first);

  write_file_atomic(book, "x5o/7/7/7/7/7/o5x x 0 1\nx5o/7/7/7/7/7/o5x q 0 1\n");
  config.games = 4;
  std::filesystem::remove(config.records);
  CHECK_THROWS_WITH(run_match(config, log), Catch::Contains(book + ":2"));
  write_file_atomic(book, "{\"positions\": 3}");
  CHECK_THROWS_WITH(read_opening_file(book), Catch::Contains(book + ": not an opening suite"));
  std::filesystem::remove(book);
  std::filesystem::remove(config.records);
}

TEST_CASE("match and tournament --each add the keys an engine does not give itself", "[match]") {
  CHECK(engine_with_each("name=a,nodes=5", "tc=10+0.1,nodes=9") == "name=a,nodes=5,tc=10+0.1");
  CHECK(engine_with_each("name=b", "") == "name=b");
  CHECK(engine_with_each("name=c,cmd='x y'", "params=\"a,b\"") == "name=c,cmd='x y',params=\"a,b\"");
  CHECK_THROWS_WITH(engine_with_each("name=a", "nodes"), Catch::Contains("is not key=value"));
}
