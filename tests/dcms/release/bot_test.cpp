// The Dog-Cat-Mouse-cheeSe release bot (dcms_bot) as a separate process: a correct peer of the lab's
// referee for external bots (ExternalBot, `gamelab match dcms`), answers that the referee's parsers
// accept in both variants and colours (captured pieces as None included), reproducible answers with a
// node budget, and a clear message with exit code 2 for every kind of bad request.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "common/temp_folder.hpp"
#include "core/process.hpp"
#include "dcms/external_bot.hpp"
#include "helpers.hpp"

using namespace release_dcms_test;
using gamelab::ProcessResult;
using gamelab::run_process;

namespace {

const std::string kBot = DCMS_BOT;

const char* const kOpen7x8 =
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW\n"
    "WWWW                        WWWW\n"
    "WWWW                        WWWW\n"
    "WWWW        WWWWWWWW        WWWW\n"
    "WWWW                        WWWW\n"
    "WWWW                        WWWW\n"
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW\n";

std::string move_header(int color, int turn) { return "move " + std::to_string(color) + " 7 8 " + std::to_string(turn) + "\n"; }

}  // namespace

TEST_CASE("dcms_bot is a peer of the lab's referee: a match pair against the lab's engine without a fault", "[bot][timed]") {
  const gamelab_test::TempFolder folder("dcms_bot_match");
  const std::string out = (folder / "records.jsonl").string();
  const ProcessResult run = run_process(
      {GAMELAB_BINARY, "match", "dcms", "--engine", "name=lab,nodes=300", "--engine",
       "name=bot,cmd=\"" + kBot + " --nodes 300 --time-limit 2\",movetime=2000", "--games", "2", "--boards",
       std::string(GAMELAB_DATA_DIR) + "/boards/dcms", "--seed", "3", "--out", out},
      "", 300);
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  std::ifstream in(out);
  std::string line;
  REQUIRE(std::getline(in, line));
  const auto pair = nlohmann::json::parse(line);
  for (const auto& game : pair["games"]) {
    INFO(game.dump());
    CHECK(game["termination"] == "normal");
    CHECK(game["plies"].get<int>() >= 1);
  }
}

TEST_CASE("dcms_bot answers setups and moves that the referee accepts, both variants, both colours, None pieces",
          "[bot]") {
  ExternalBot bot(kBot + " --nodes 2000", 5);
  for (const Case& c : bot_cases(40, 9)) {
    const BotAnswer answer = bot.ask(c.request());
    INFO(c.request() << "-> " << answer.line << "\n" << answer.detail);
    REQUIRE(answer.termination == gamelab::Termination::Normal);
    CHECK(answer_problem(c, answer.line).empty());
  }
  // The full variant with a captured Cat and Dog on each side, and a side left with its cheeSe only.
  const std::string full = move_header(0, 30) + kOpen7x8 +
                           "{'S': (2, 1), 's': (2, 6), 'M': (4, 3), 'm': (1, 5), 'C': None, 'c': None, 'D': (5, 2), 'd': None}\n";
  BotAnswer answer = bot.ask(full);
  CHECK(answer.termination == gamelab::Termination::Normal);
  const State state = parse_pieces_map(parse_board_rows({std::string(32, 'W'), "WWWW                        WWWW",
                                                         "WWWW                        WWWW", "WWWW        WWWWWWWW        WWWW",
                                                         "WWWW                        WWWW", "WWWW                        WWWW",
                                                         std::string(32, 'W')}),
                                       Variant::Full, 30,
                                       "{'S': (2, 1), 's': (2, 6), 'M': (4, 3), 'm': (1, 5), 'C': None, 'c': None, 'D': (5, 2), 'd': None}");
  CHECK(parse_move(state, kBlue, answer.line).ok());
  answer = bot.ask(move_header(1, 5) + kOpen7x8 + "{'S': (2, 1), 's': (2, 6), 'M': (4, 3), 'm': None}\n");
  CHECK(answer.termination == gamelab::Termination::Normal);
  CHECK(answer.line.empty());  // red has only its cheeSe: nothing to move
  bot.finish();
}

TEST_CASE("dcms_bot gives the same answer to the same request with a node budget", "[bot]") {
  std::string input;
  const std::vector<Case> cases = bot_cases(6, 4);
  for (const Case& c : cases) input += c.request();
  const ProcessResult a = run_process({kBot, "--nodes", "3000"}, input, 60);
  const ProcessResult b = run_process({kBot, "--nodes", "3000"}, input + "quit\n", 60);
  INFO(a.err << b.err);
  CHECK(a.exit_code == 0);
  CHECK(b.exit_code == 0);
  CHECK(a.out == b.out);
  CHECK(std::count(a.out.begin(), a.out.end(), '\n') == static_cast<long>(cases.size()));
}

TEST_CASE("dcms_bot refuses a bad request with a message and exit code 2, printing nothing for it", "[bot]") {
  struct Bad {
    const char* name;
    std::string input;
    const char* message;
  };
  const std::string open = kOpen7x8;
  std::string short_row = open;
  short_row.replace(short_row.find("WWWW        WWWWWWWW"), 4, "WWW");
  std::string bad_cell = open;
  bad_cell.replace(bad_cell.find("WWWW        WWWWWWWW") + 4, 4, "  x ");
  std::string open_border = open;
  open_border.replace(open_border.find("WWWW                        WWWW"), 4, "    ");
  const std::string map = "{'S': (2, 1), 's': (2, 6), 'M': (4, 3), 'm': (1, 5)}\n";
  const std::vector<Bad> cases = {
      {"an unknown request", "hello\n", "request 1 (line 1): 'hello' is not a request"},
      {"a colour that is neither 0 nor 1", "setup 2 7 8 full\n" + open, "COLOR '2' is not a number in 0..1"},
      {"a board too small", "setup 0 2 8 full\nWWWW\nWWWW\n", "ROWS '2' is not a number in 3..64"},
      {"a missing field", "move 0 7 8\n" + open + map, "(5 fields), found 4"},
      {"an unknown variant", "setup 0 7 8 huge\n" + open, "variant 'huge' must be mouse or full"},
      {"fewer board lines than ROWS", "setup 0 9 8 full\n" + open, "expected 9 board lines, the input ended after 7"},
      {"a row of the wrong length", "setup 0 7 8 full\n" + short_row, "board line 3 (line 5) has 31 characters; 8 cells of 4 characters are 32"},
      {"a bad character", "setup 0 7 8 full\n" + bad_cell, "cell (3,1) is \"  x \""},
      {"an open border", "move 1 7 8 0\n" + open_border + map, "square (1,0) is on the border and must be a wall"},
      {"a piece on a wall", "move 0 7 8 3\n" + open + "{'S': (3, 3), 's': (2, 6), 'M': (4, 3), 'm': (1, 5)}\n", "is a wall"},
      {"an impossible position", "move 0 7 8 3\n" + open + "{'S': (2, 1), 's': (2, 6), 'M': (4, 3), 'm': (4, 3)}\n",
       "the capture rule would have removed it"},
      {"a missing key", "move 0 7 8 3\n" + open + "{'S': (2, 1), 's': (2, 6), 'M': (4, 3)}\n", "key 'm' is missing"},
      {"a game already over (cheeSe eaten)", "move 0 7 8 3\n" + open + "{'S': (2, 1), 's': None, 'M': (4, 3), 'm': (1, 5)}\n",
       "the game is already over (blue wins: cheeSe eaten at turn 3)"},
      {"a game already over (turn 60)", "move 1 7 8 60\n" + open + map, "the game is already over (draw: "},
      {"no pieces map", "move 0 7 8 3\n" + open, "expected the pieces map after the board"},
  };
  for (const Bad& bad : cases) {
    SECTION(bad.name) {
      const ProcessResult run = run_process({kBot, "--nodes", "100"}, bad.input, 30);
      INFO(run.err);
      CHECK(run.exit_code == 2);
      CHECK(run.out.empty());
      CHECK(run.err.rfind("dcms_bot: error: ", 0) == 0);
      CHECK(run.err.find(bad.message) != std::string::npos);
    }
  }
  SECTION("a good request first is still answered") {
    const ProcessResult run = run_process({kBot, "--nodes", "100"}, "setup 0 7 8 mouse\n" + open + "hello\n", 30);
    CHECK(run.exit_code == 2);
    CHECK(std::count(run.out.begin(), run.out.end(), '\n') == 1);
  }
  SECTION("bad arguments") {
    for (const auto& args : std::vector<std::vector<std::string>>{{"--nodes", "0"}, {"--time-limit", "x"}, {"--turbo"}}) {
      std::vector<std::string> argv = {kBot};
      argv.insert(argv.end(), args.begin(), args.end());
      const ProcessResult run = run_process(argv, "", 10);
      CHECK(run.exit_code == 2);
      CHECK(run.err.find("usage: dcms_bot") != std::string::npos);
    }
  }
}
