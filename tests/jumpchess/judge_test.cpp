// The lab as the tournament's judge, end to end through `gamelab match jumpchess`: a fake TCP bot
// (tests/jumpchess/bots/fake_bot.cpp) plays well or misbehaves on purpose, and every fault becomes a
// pass for the bot, as in the tournament, kept visible in the records; nothing hangs the match.
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/run.hpp"
#include "core/text_file.hpp"
#include "helpers.hpp"
#include "jumpchess/entry.hpp"

namespace {

using gamelab_test::Run;
using gamelab_test::run;

std::vector<nlohmann::json> records(const std::string& path) {
  std::vector<nlohmann::json> out;
  std::istringstream in(gamelab::read_text_file(path));
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) out.push_back(nlohmann::json::parse(line));
  }
  return out;
}

// One pair (two games) of the lab's engine at depth 1 against the fake bot in `mode`.
std::vector<nlohmann::json> match_against(const std::string& mode, const std::string& extra, double timelimit,
                                          Run& r) {
  const std::string out = "judge_" + mode + ".jsonl";
  std::filesystem::remove(out);
  std::ostringstream args;
  args << "match jumpchess --engine name=lab,depth=1 --engine 'name=bot,cmd=\"" << GAMELAB_FAKE_BOT << " --mode " << mode
       << " " << extra << "\",movetime=" << static_cast<long>(timelimit * 1000) << "' --games 2 --seed 3 --out " << out;
  r = run(args.str());
  INFO(r.output);
  REQUIRE(r.status == 0);
  auto games = records(out);
  REQUIRE(games.size() == 1);
  return {games[0]["games"][0], games[0]["games"][1]};
}

int count_moves(const nlohmann::json& game, const std::string& text) {
  int n = 0;
  for (const auto& m : game["moves"]) n += m.get<std::string>() == text ? 1 : 0;
  return n;
}

}  // namespace

TEST_CASE("a well-behaved bot plays whole games through the judge", "[jumpchess][judge]") {
  Run r;
  const auto games = match_against("good", "--log judge_good_exit.log", 2, r);
  for (const auto& g : games) {
    CHECK(g["termination"] == "normal");
    CHECK(g["fault"].is_null());
    CHECK(count_moves(g, "pass (timeout)") == 0);
    CHECK_THAT(g["reason"].get<std::string>(), !Catch::Contains("faults"));
    CHECK(g["plies"].get<int>() > 10);
  }
  // Both bots were told to exit at the end of their game.
  CHECK(gamelab::read_text_file("judge_good_exit.log") == "exit\nexit\n");
  std::filesystem::remove("judge_good_exit.log");
}

TEST_CASE("misbehaving bots pass, the games go on, and each fault is recorded against the bot", "[jumpchess][judge]") {
  struct Case {
    const char* mode;
    const char* termination;
    const char* reason;     // in the record's reason
    const char* pass_text;  // the bot's move in the record at the fault
    bool disconnected;      // passes without being asked afterwards
  };
  for (const Case& c : {Case{"sleep", "timeout", "taken for hung", "pass (timeout)", true},
                        Case{"flood", "timeout", "taken for hung", "pass (timeout)", true},
                        Case{"garbage", "illegal", "garbage: cntStep 1000000 is outside 0..100", "pass (illegal)", true},
                        Case{"wrong-id", "illegal", "was never sent", "pass (illegal)", true},
                        Case{"disconnect", "crash", "closed the connection (exit code 3)", "pass (crash)", true},
                        Case{"crash", "crash", "closed the connection (signal 6)", "pass (crash)", true},
                        Case{"illegal", "illegal", "path [(0,0), (7,7)] does not replay", "pass (illegal)", false},
                        Case{"pass", "illegal", "an empty path is a pass", "pass (illegal)", false},
                        Case{"silent", "timeout", "sent no team id", "pass (timeout)", true},
                        Case{"no-connect", "timeout", "did not connect", "pass (timeout)", true}}) {
    INFO(c.mode);
    Run r;
    const auto games = match_against(c.mode, "--after 2", 0.5, r);
    CHECK(r.seconds < 30);
    for (const auto& g : games) {
      INFO(g.dump());
      CHECK(g["termination"] == c.termination);
      REQUIRE(g["fault"].is_number());
      CHECK(g["seats"][g["fault"].get<int>()] == "bot");
      CHECK_THAT(g["reason"].get<std::string>(), Catch::Contains(c.reason));
      CHECK_THAT(g["reason"].get<std::string>(), Catch::Contains("bot faults:"));
      CHECK(count_moves(g, c.pass_text) >= 1);
      // The game went on to an end by the rules (the target or the move limit).
      CHECK_THAT(g["reason"].get<std::string>(), Catch::Contains("target") || Catch::Contains("200 moves"));
      if (c.disconnected) {
        CHECK(count_moves(g, "pass (disconnected)") > 0);
      } else {
        CHECK(count_moves(g, "pass (disconnected)") == 0);
      }
    }
    // The match prints the bot's failures.
    CHECK_THAT(r.output, Catch::Contains("bot failures:"));
  }
}

TEST_CASE("a late answer is recognised by its id_package and thrown away", "[jumpchess][judge]") {
  Run r;
  const auto games = match_against("late", "--after 2", 1, r);
  for (const auto& g : games) {
    INFO(g.dump());
    CHECK(g["termination"] == "timeout");
    CHECK(count_moves(g, "pass (timeout)") == 1);   // one late answer, one timeout
    CHECK(count_moves(g, "pass (disconnected)") == 0);  // and the bot plays on
    CHECK(count_moves(g, "pass (illegal)") == 0);
  }
}

TEST_CASE("a bot that cannot be started is a crash, and the lab's engine plays on", "[jumpchess][judge]") {
  const std::string out = "judge_missing.jsonl";
  std::filesystem::remove(out);
  const Run r = run("match jumpchess --engine name=lab,depth=1 --engine 'name=bot,cmd=/no/such/bot' --games 2 --out " + out);
  REQUIRE(r.status == 0);
  const auto line = records(out).at(0);
  for (const auto& g : line["games"]) {
    CHECK(g["termination"] == "crash");
    CHECK_THAT(g["reason"].get<std::string>(), Catch::Contains("cannot run '/no/such/bot'"));
    CHECK(g["score"].get<double>() == (g["seats"][0] == "lab" ? 1.0 : 0.0));
  }
}

TEST_CASE("the judge's default time limit is the tournament's 5 seconds", "[jumpchess][judge]") {
  const auto game = gamelab::jumpchess::game_entry();
  CHECK(game.bot_time_limit_s == 5);
}
