// The Bullets release bot (engines/bullets/bot_main.cpp, `bullets_bot`) run as a separate process
// exactly as the tournament runs it (docs/rules/bullets.md): started afresh every turn, the turn's input on
// standard input, one integer 0-8 on standard output within 150 ms of the start. Protocol, bad input
// and the torture test (the compiled release: the release checks, tests/release/release_config_test.cpp).
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>

#include "bullets/analysis.hpp"
#include "bullets/eval.hpp"
#include "bullets/external_bot.hpp"
#include "bullets/entry.hpp"
#include "bullets/notation.hpp"
#include "bullets/rules.hpp"
#include "common/suite.hpp"
#include "core/params.hpp"
#include "core/process.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "release/torture.hpp"

using namespace gamelab;
using namespace gamelab::bullets;
using gamelab::testing::TimedLine;
using gamelab::testing::TortureCase;

namespace {

const std::string kBot = GAMELAB_BULLETS_BOT;
constexpr double kLimit = 0.150;  // the tournament's, process start included

std::vector<Position> suite_boards() {
  std::vector<Position> out;
  for (const auto& f : gamelab_test::suite_files("bullets")) out.push_back(parse_position(read_text_file(f), f));
  return out;
}

// Exactly one line holding one integer 0-8 (the tournament accepts blanks around it; ours prints none).
std::string judge_answer(const ProcessResult& run) {
  const std::string& out = run.out;
  if (out.size() != 2 || out[0] < '0' || out[0] > '8' || out[1] != '\n') return "answer '" + out + "' is not one integer 0-8";
  return "";
}

// Positions: every suite board at round 0 for each side, then seeded random play on the suite boards
// (both players drawing any action, so that shots pile up bullets), stopped before the game ends.
std::vector<Position> torture_positions(std::size_t count, std::uint64_t seed) {
  const std::vector<Position> boards = suite_boards();
  std::vector<Position> out;
  for (const auto& b : boards) {
    for (const Side you : {Red, Blue}) {
      if (out.size() < count / 4) out.push_back({b.state, you});
    }
  }
  Rng rng(seed);
  while (out.size() < count) {
    State s = boards[rng.below(boards.size())].state;
    const int rounds = static_cast<int>(rng.below(400));
    for (int r = 0; r < rounds; ++r) {
      const State next = play(s, static_cast<Action>(rng.below(kActionCount)), static_cast<Action>(rng.below(kActionCount)));
      if (next.over()) break;
      s = next;
    }
    out.push_back({s, rng.below(2) ? Red : Blue});
  }
  return out;
}

testing::TortureStats torture(std::size_t count) {
  std::vector<TortureCase> cases;
  for (const Position& p : torture_positions(count, 2024)) {
    cases.push_back({summary(p.state) + ", answering " + side_letter(p.you), {kBot}, tournament_input(p.state, p.you)});
  }
  const auto stats = testing::run_torture(cases, kLimit, 1.0, [](const TortureCase&, const ProcessResult& run, const auto&) {
    return judge_answer(run);
  });
  std::printf("%s\n", stats.summary("bullets_bot (0.15 s)").c_str());
  return stats;
}

}  // namespace

TEST_CASE("bullets bot: one integer 0-8 within 150 ms of the start, for either side", "[release][bullets][timed]") {
  const auto boards = suite_boards();
  for (std::size_t k = 0; k < boards.size(); k += 20) {
    for (const Side you : {Red, Blue}) {
      const ProcessResult run = run_process({kBot}, tournament_input(boards[k].state, you), 2.0);
      INFO("board " << k << " side " << side_letter(you) << " stderr: " << run.err);
      CHECK(run.exit_code == 0);
      CHECK(judge_answer(run) == "");
      CHECK(run.seconds <= kLimit);
    }
  }
}

TEST_CASE("bullets bot: the lab's referee takes its answer, and a whole game is refereed without a fault", "[release][bullets][timed]") {
  PlayerSpec bot;
  bot.name = "bullets_bot";
  bot.command = kBot;
  bot.protocol = "bullets";
  bot.time_limit_s = kLimit;
  const Position board = suite_boards().front();
  const BotAnswer answer = ask_external_bot(bot, board.state, Blue);
  INFO(answer.detail);
  CHECK(answer.fault == Termination::Normal);

  GameRequest game;
  game.opening = tournament_input(board.state, Red) + "limit 12\n";  // a short game: 12 rounds
  game.opening_source = "suite board 0, limit 12";
  game.seed = 3;
  PlayerSpec lab;
  lab.name = "lab";
  lab.params = default_params();
  lab.limits.nodes = 300;
  game.players = {bot, lab};
  const GameRecord record = game_entry().play_game(game);
  INFO(record.reason);
  CHECK(record.termination == Termination::Normal);
  CHECK(record.plies == 12);
}

TEST_CASE("bullets bot: bad input gets a message on stderr, exit code 2 and no answer", "[release][bullets]") {
  const std::string room = "5 6\n#   #   #   #   #   #   \n#   R               #   \n#                   #   \n"
                           "#               B   #   \n#   #   #   #   #   #   \n";
  const std::vector<std::pair<std::string, std::string>> inputs = {
      {"", "standard input: empty"},
      {"hello\n", "standard input:1:1"},
      {room + "0\nX\n", "standard input:8:1: expected the side letter R or B"},
      {room + "0\n", "the input ends here; expected the side letter"},
      // A character missing inside a row (not a stripped trailing blank): the cells no longer line up.
      {room.substr(0, 30) + room.substr(31) + "0\nR\n", "standard input:3:4: 'R' is not allowed as character 3"},
      {"5 6\n#   #   #   #   #   #   \n#   R           x   #   \n#                   #   \n"
       "#               B   #   \n#   #   #   #   #   #   \n0\nR\n", "standard input:3:17: 'x' is not a cell's first"},
      {"5 6\n#   #   #   #   #   #   \n#                   #   \n#                   #   \n"
       "#               B   #   \n#   #   #   #   #   #   \n0\nR\n",
       "no red player 'R'"},
      {"5 6\n#   #   #   #   #   #   \n#   Rv              #   \n#                   #   \n"
       "#               B   #   \n#   #   #   #   #   #   \n3\nR\n",
       "the game is already over (blue wins"},
      {room + "9\nR\nlimit 5\n", "round 9 is past the round limit 5"},
      {room + "5\nB\nlimit 5\n", "the game is already over (draw: "},
  };
  for (const auto& [input, message] : inputs) {
    const ProcessResult r = run_process({kBot}, input, 5.0);
    INFO("input: " << input << "stderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::Contains(message));
  }
  for (const std::vector<std::string>& argv : std::vector<std::vector<std::string>>{
           {kBot, "--move-ms"}, {kBot, "--move-ms", "0"}, {kBot, "--move-ms", "fast"}, {kBot, "input.txt"},
           {kBot, "--params", "no-such-file.json"}}) {
    const ProcessResult r = run_process(argv, room + "0\nR\n", 5.0);
    INFO(argv.back() << " stderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(!r.err.empty());
  }
}

TEST_CASE("bullets bot: the input is read as leniently as its meaning allows", "[release][bullets]") {
  // Trailing blanks stripped from the rows (an empty cell is blanks), blanks after a row's last cell,
  // blanks around the numbers and the side letter, CRLF line ends, the side letter in lower case: the
  // same position, an answer and exit 0. The lab's own files stay strict.
  const std::string exact = "5 6\n#   #   #   #   #   #   \n#   R               #   \n#                   #   \n"
                            "#               B   #   \n#   #   #   #   #   #   \n7\nB\n";
  const std::string stripped = "5 6\n#   #   #   #   #   #\n#   R               #\n#                   #\n"
                               "#               B   #\n#   #   #   #   #   #\n7\nB\n";
  const std::string loose = " 5  6 \r\n#   #   #   #   #   #     \r\n#   R               #\r\n#                   #   \r\n"
                            "#               B   #\r\n#   #   #   #   #   #\r\n 7 \r\n b \r\n";
  const Position want = parse_position(exact, "exact");
  for (const std::string& input : {stripped, loose}) {
    INFO(input);
    const Position got = parse_position(input, "lenient", Reading::Lenient);
    CHECK(tournament_input(got.state, got.you) == tournament_input(want.state, want.you));
    const ProcessResult r = run_process({kBot}, input, 5.0);
    INFO("stderr: " << r.err);
    CHECK(r.exit_code == 0);
    CHECK(judge_answer(r) == "");
    CHECK_THROWS_WITH(parse_position(input, "file"), Catch::Contains("file:"));
  }
}

TEST_CASE("bullets bot: it keeps nothing between turns — against a player on its start square it plays the exact hunt",
          "[release][bullets]") {
  // rules §7 (memory between turns): started afresh each turn, the bot writes no file and answers the
  // same input the same way whatever came before. With Blue on its start square, Red's answer is the
  // first step of the earliest hit's plan (engines/bullets/analysis.hpp), whatever the clock.
  const std::string room = "7 7\n#   #   #   #   #   #   #   \n#   R                   #   \n#                       #   \n"
                           "#           #           #   \n#                       #   \n#                   B   #   \n"
                           "#   #   #   #   #   #   #   \n0\nR\n";
  const std::string other = "5 6\n#   #   #   #   #   #   \n#   R               #   \n#                   #   \n"
                            "#               B   #   \n#   #   #   #   #   #   \n7\nB\n";
  const auto plan = plan_hit(parse_position(room, "room").state, Red);
  REQUIRE(plan);
  const std::string want = action_text(plan->actions.front()) + "\n";
  for (const std::string& input : {room, other, room, other, room}) {
    const ProcessResult r = run_process({kBot}, input, 5.0);
    REQUIRE(r.exit_code == 0);
    if (input == room) CHECK(r.out == want);
  }
  CHECK(std::filesystem::is_empty(std::filesystem::current_path()));
}

TEST_CASE("bullets bot torture: 30 positions at 150 ms, every answer one integer and in time", "[release][bullets][torture][timed]") {
  const auto stats = torture(30);
  INFO(stats.summary("bullets_bot"));
  CHECK(stats.runs == 30);
  CHECK(stats.failures == 0);
}

TEST_CASE("bullets bot torture: 1000 positions at 150 ms", "[release][bullets][torture][slow]") {
  const auto stats = torture(1000);
  INFO(stats.summary("bullets_bot"));
  CHECK(stats.runs == 1000);
  CHECK(stats.failures == 0);
}
