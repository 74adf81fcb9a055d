// Refereeing Bullets with external bots: one answer at a time (ask_external_bot), whole games, and
// `gamelab match bullets` with misbehaving fake bots (tests/bullets/bots/), which never hang the run.
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "bullets/eval.hpp"
#include "bullets/external_bot.hpp"
#include "bullets/entry.hpp"
#include "common/records.hpp"
#include "common/run.hpp"
#include "core/text_file.hpp"
#include "helpers.hpp"

using namespace bullets_test;
using gamelab::PlayerSpec;
using gamelab::Termination;

namespace {

const std::string kBots = std::string(GAMELAB_SOURCE_DIR) + "/tests/bullets/bots/";

using gamelab_test::Run;
using gamelab_test::run;


// A folder with one small board and a short round limit, for quick matches.
std::string small_board_folder(const std::string& name, int limit) {
  std::filesystem::remove_all(name);
  std::filesystem::create_directories(name);
  gamelab::write_file_atomic(name + "/room.txt", tournament_text(kRoom) + "limit " + std::to_string(limit) + "\n");
  return name;
}

PlayerSpec bot(const std::string& script, double limit_s = 0.5) {
  PlayerSpec p;
  p.name = script;
  p.command = kBots + script;
  p.protocol = "bullets";
  p.time_limit_s = limit_s;
  return p;
}

}  // namespace

TEST_CASE("an external bot's answer: one integer 0-8, or a fault", "[bullets][match][external]") {
  const State s = drawn(kRoom);
  struct Case {
    const char* script;
    Termination fault;
    bool forfeit;
    Action action;
  };
  for (const Case& c : {Case{"stays.sh", Termination::Normal, false, kStay},
                        Case{"answers_then_crashes.sh", Termination::Normal, false, kRight},
                        Case{"prints_garbage.sh", Termination::Illegal, true, kStay},
                        Case{"out_of_range.sh", Termination::Illegal, true, kStay},
                        Case{"two_answers.sh", Termination::Illegal, true, kStay},
                        Case{"crashes.sh", Termination::Crash, false, kStay},
                        Case{"sleeps_forever.sh", Termination::Timeout, false, kStay}}) {
    INFO(c.script);
    const auto start = std::chrono::steady_clock::now();
    const BotAnswer answer = ask_external_bot(bot(c.script, 0.3), s, Red);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
    CHECK(answer.fault == c.fault);
    CHECK(answer.forfeit == c.forfeit);
    if (!c.forfeit) CHECK(answer.action == c.action);
    if (c.fault != Termination::Normal) CHECK_FALSE(answer.detail.empty());
  }
  PlayerSpec missing = bot("no_such_bot.sh");
  const BotAnswer none = ask_external_bot(missing, s, Blue);
  CHECK(none.forfeit);
  CHECK(none.fault == Termination::Crash);
}

TEST_CASE("the bot reads exactly the tournament's input for its side", "[bullets][match][external]") {
  // A bot that copies its input to a file, then answers 8.
  const std::string copy = std::filesystem::absolute("bullets_bot_input.txt").string();
  const std::string script = std::filesystem::absolute("bullets_copy_bot.sh").string();
  gamelab::write_file_atomic(script, "#!/bin/sh\ncat > '" + copy + "'\necho 8\n");
  std::filesystem::permissions(script, std::filesystem::perms::owner_all);
  PlayerSpec p = bot("");
  p.command = script;
  const State s = drawn(kRoom, 0);
  const BotAnswer answer = ask_external_bot(p, s, Blue);
  CHECK(answer.fault == Termination::Normal);
  CHECK(gamelab::read_text_file(copy) == tournament_input(s, Blue));
  std::filesystem::remove(copy);
  std::filesystem::remove(script);
}

TEST_CASE("a refereed game: garbage forfeits at once, a silent bot plays 8 and is recorded", "[bullets][match]") {
  const std::string opening = tournament_text(kRoom) + "limit 30\n";
  gamelab::GameRequest request;
  request.opening = opening;
  request.opening_source = "room";
  request.seed = 7;
  PlayerSpec engine;
  engine.name = "lab";
  engine.params = default_params();
  engine.limits.nodes = 300;

  request.players = {engine, bot("prints_garbage.sh")};
  gamelab::GameRecord g = game_entry().play_game(request);
  CHECK(g.termination == Termination::Illegal);
  CHECK(g.fault == 1);
  CHECK(g.score == 1.0);
  CHECK(g.plies == 0);
  CHECK_THAT(g.reason, Catch::Contains("forfeits") && Catch::Contains("not an action"));

  request.players = {bot("crashes.sh"), engine};
  g = game_entry().play_game(request);
  CHECK(g.termination == Termination::Crash);
  CHECK(g.fault == 0);
  CHECK(g.score <= 0.5);  // seat 0 is the silent bot: the engine (Red) never loses to it
  REQUIRE(g.plies > 0);
  CHECK_THAT(g.moves[0], Catch::StartsWith("B8 R") && Catch::Contains("[blue: crash]"));
  CHECK_THAT(g.reason, Catch::Contains("played as 8"));

  request.players = {engine, bot("stays.sh")};
  g = game_entry().play_game(request);
  CHECK(g.termination == Termination::Normal);
  CHECK(g.fault == -1);
  CHECK(g.score >= 0.5);
}

TEST_CASE("an engine limit that the MCTS cannot use is an error naming the engine", "[bullets][match]") {
  gamelab::GameRequest request;
  request.opening = tournament_text(kRoom);
  PlayerSpec a, b;
  a.name = "deep";
  a.params = default_params();
  a.limits.depth = 5;
  b = a;
  b.name = "other";
  b.limits = {};
  b.limits.nodes = 10;
  request.players = {a, b};
  CHECK_THROWS_WITH(game_entry().play_game(request), Catch::Contains("--engine deep") && Catch::Contains("not a depth"));
}

TEST_CASE("gamelab match bullets against misbehaving bots records each fault and never hangs", "[bullets][match][cli]") {
  const std::string boards = small_board_folder("bullets_match_boards", 20);
  struct Case {
    const char* script;
    const char* termination;
    bool forfeit;
  };
  for (const Case& c : {Case{"sleeps_forever.sh", "timeout", false}, Case{"prints_garbage.sh", "illegal", true},
                        Case{"out_of_range.sh", "illegal", true}, Case{"crashes.sh", "crash", false}}) {
    INFO(c.script);
    const std::string out = std::string("bullets_match_") + c.script + ".jsonl";
    std::filesystem::remove(out);
    const auto start = std::chrono::steady_clock::now();
    const Run r = run("match bullets --engine name=lab,nodes=300 --engine 'name=bot,cmd=" + kBots + c.script +
                      ",movetime=100' --games 2 --seed 3 --boards " + boards + " --out " + out);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(30));
    REQUIRE(r.status == 0);
    CHECK_THAT(r.output, Catch::Contains("bot failures"));
    const auto lines = gamelab_test::read_records(out);
    REQUIRE(lines.size() == 1);
    for (const auto& game : lines[0]["games"]) {
      const int bot_seat = game["seats"][0] == "bot" ? 0 : 1;
      CHECK(game["termination"] == c.termination);
      CHECK(game["fault"] == bot_seat);
      const double lab_score = bot_seat == 1 ? game["score"].get<double>() : 1.0 - game["score"].get<double>();
      if (c.forfeit) {
        CHECK(lab_score == 1.0);
        CHECK(game["plies"] == 0);
      } else {
        CHECK(lab_score >= 0.5);  // a bot standing still never beats the engine
        CHECK(game["plies"].get<int>() > 0);
      }
    }
    std::filesystem::remove(out);
  }
  std::filesystem::remove_all(boards);
}

TEST_CASE("gamelab match bullets: the lab's engine against its own tournament program", "[bullets][match][cli]") {
  const std::string boards = small_board_folder("bullets_match_self", 16);
  std::filesystem::remove("bullets_match_self.jsonl");
  const Run r = run(std::string("match bullets --engine name=lab,nodes=200 --engine 'name=bot,cmd=") + GAMELAB_BULLETS_BOT +
                    " --move-ms 60,movetime=2000' --games 2 --boards " + boards + " --out bullets_match_self.jsonl");
  REQUIRE(r.status == 0);
  const auto lines = gamelab_test::read_records("bullets_match_self.jsonl");
  REQUIRE(lines.size() == 1);
  for (const auto& game : lines[0]["games"]) CHECK(game["termination"] == "normal");
  std::filesystem::remove("bullets_match_self.jsonl");
  std::filesystem::remove_all(boards);
}

TEST_CASE("gamelab match bullets gives the same records whatever the concurrency", "[bullets][match][cli]") {
  const std::string boards = small_board_folder("bullets_match_conc", 24);
  for (const char* out : {"bullets_conc1.jsonl", "bullets_conc2.jsonl"}) std::filesystem::remove(out);
  const std::string engines = " match bullets --engine name=a,nodes=150 --engine name=b,nodes=60 --games 4 --seed 9 --boards " + boards;
  REQUIRE(run(engines + " --concurrency 1 --out bullets_conc1.jsonl").status == 0);
  REQUIRE(run(engines + " --concurrency 2 --out bullets_conc2.jsonl").status == 0);
  auto one = gamelab_test::read_records("bullets_conc1.jsonl"), two = gamelab_test::read_records("bullets_conc2.jsonl");
  const auto by_pair = [](const nlohmann::json& x, const nlohmann::json& y) { return x["pair"] < y["pair"]; };
  std::sort(one.begin(), one.end(), by_pair);
  std::sort(two.begin(), two.end(), by_pair);
  CHECK(one == two);
  CHECK(one.size() == 2);
  for (const char* out : {"bullets_conc1.jsonl", "bullets_conc2.jsonl"}) std::filesystem::remove(out);
  std::filesystem::remove_all(boards);
}

TEST_CASE("bullets_bot answers the tournament's input with one integer", "[bullets][bot]") {
  // The default parameters from a file, so that the answer does not depend on the compiled release.
  default_params().save_file("bullets_bot_params.json");
  const auto answer = [](const std::string& input) {
    gamelab::write_file_atomic("bullets_bot_in.txt", input);
    const std::string command =
        std::string(GAMELAB_BULLETS_BOT) + " --move-ms 80 --params bullets_bot_params.json < bullets_bot_in.txt";
    const std::string out = gamelab_test::run_command(command, gamelab_test::Stderr::Discard).output;
    std::remove("bullets_bot_in.txt");
    return out;
  };
  // The trap: Blue's only winning action is to shoot left, proven before any iteration.
  const std::vector<std::string> trap = {"#########", "#R.<B...#", "####....#", "####....#", "#########"};
  CHECK(answer(tournament_text(trap, 0, 'B')) == "6\n");
  const std::string red = answer(tournament_text(kRoom, 0, 'R'));
  REQUIRE(red.size() == 2);
  CHECK(parse_action(red) < 9);
  std::remove("bullets_bot_params.json");
}
