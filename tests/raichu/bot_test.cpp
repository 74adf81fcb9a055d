// The Raichu release bot (engines/raichu/bot_main.cpp) run as a separate process exactly as the
// tournament runs it (docs/rules/raichu.md): `raichu N PLAYER BOARD TIMELIMIT`, board lines on standard output,
// the last complete one counts. Protocol, bad input and the torture test (the compiled release: the
// release checks, tests/release/release_config_test.cpp).
#include <catch2/catch.hpp>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "core/error.hpp"
#include "core/params.hpp"
#include "core/process.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "raichu/bot.hpp"
#include "raichu/eval.hpp"
#include "raichu/external_bot.hpp"
#include "raichu/entry.hpp"
#include "raichu/movegen.hpp"
#include "raichu/notation.hpp"
#include "raichu/rules.hpp"
#include "raichu/tablebase.hpp"
#include "release/torture.hpp"

using namespace gamelab;
using namespace gamelab::raichu;
using gamelab::testing::TimedLine;
using gamelab::testing::TortureCase;

namespace {

const std::string kBot = GAMELAB_RAICHU_BOT;
const std::string kStart8 = "........W.W.W.W..w.w.w.w................b.b.b.b..B.B.B.B........";

std::string limit_text(double seconds) {
  std::ostringstream out;
  out << seconds;
  return out.str();
}

std::vector<std::string> bot_argv(const State& s, double limit_s) {
  return {kBot, std::to_string(s.n), std::string(1, side_char(s.side)), board_string(s), limit_text(limit_s)};
}

std::set<std::string> successor_boards(const State& s) {
  raichu::MoveList moves;
  generate_moves(s, moves);
  std::set<std::string> out;
  for (const auto& m : moves) out.insert(board_string(play(s, m)));
  return out;
}

// Every line a legal successor board, at least one, the first within `first_s` (the bot prints it before
// anything else, so this measures the process start, scheduling delays on a busy machine included).
std::string judge_lines(const State& s, const std::vector<TimedLine>& lines, double first_s) {
  if (lines.empty()) return "printed no board line";
  if (lines.front().seconds > first_s) return "first line only after " + limit_text(lines.front().seconds) + " s";
  const auto legal = successor_boards(s);
  for (const auto& line : lines) {
    if (!legal.count(line.text)) return "line '" + line.text + "' is not a legal successor";
  }
  return "";
}

struct Run {
  ProcessResult result;
  std::vector<TimedLine> lines;
};

Run run_bot(const std::vector<std::string>& argv, double limit_s) {
  Run run;
  run.result = run_process(argv, "", limit_s, [&](const std::string& line, double t) { run.lines.push_back({line, t}); });
  return run;
}

// Positions from seeded random play on every board size (the boards the tournament may use), then
// from the suites: the opening suite, the bench suite and the perft dataset.
std::vector<State> torture_positions(std::size_t count, std::uint64_t seed) {
  std::vector<State> out;
  std::vector<State> suites;
  const auto add_suite = [&](const std::string& path, const char* list, const char* field) {
    const auto data = nlohmann::json::parse(read_text_file(path));
    for (const auto& item : data.at(list)) {
      suites.push_back(parse_position_text(field ? item.at(field).get<std::string>() : item.get<std::string>(), path));
    }
  };
  add_suite(std::string(GAMELAB_DATA_DIR) + "/openings/raichu.json", "positions", nullptr);
  add_suite(std::string(GAMELAB_DATA_DIR) + "/bench/raichu.json", "positions", "position");
  add_suite(std::string(GAMELAB_DATA_DIR) + "/perft/raichu.json", "positions", "position");
  std::erase_if(suites, [](const State& s) { return result(s).over(); });
  Rng rng(seed);
  for (std::size_t k = 0; out.size() < count; ++k) {
    if (k % 2 == 1 && !suites.empty()) {  // every other position from the suites, cycling
      out.push_back(suites[(k / 2) % suites.size()]);
      continue;
    }
    State s = start_position(8 + 2 * static_cast<int>(rng.below(5)));
    const int plies = static_cast<int>(rng.below(120));
    for (int p = 0; p < plies; ++p) {
      raichu::MoveList moves;
      generate_moves(s, moves);
      const State next = moves.size() ? play(s, moves[rng.below(moves.size())]) : s;
      if (moves.size() == 0 || result(next).over()) break;
      s = next;
    }
    if (!result(s).over()) out.push_back(s);
  }
  return out;
}

testing::TortureStats torture(std::size_t count, double limit_s) {
  std::vector<TortureCase> cases;
  std::vector<State> positions = torture_positions(count, 2024);
  for (std::size_t k = 0; k < positions.size(); ++k) {
    cases.push_back({"#" + std::to_string(k) + " " + position_line(positions[k]), bot_argv(positions[k], limit_s), ""});
  }
  const auto stats = testing::run_torture(cases, limit_s, 1.0, [&](const TortureCase& c, const ProcessResult&, const auto& lines) {
    // The position the bot was given, read back from its arguments.
    const State s = parse_board(std::stoi(c.argv[1]), parse_side(c.argv[2]), c.argv[3]);
    return judge_lines(s, lines, limit_s / 2);
  });
  std::printf("%s\n", stats.summary("raichu (" + limit_text(limit_s) + " s)").c_str());
  return stats;
}

}  // namespace

TEST_CASE("raichu bot: the search's share of TIMELIMIT leaves 20 ms and a fifth (at most 0.5 s) in reserve", "[release][raichu]") {
  CHECK(bot_movetime_ms(0.2, 0) == Approx(140).margin(1));
  CHECK(bot_movetime_ms(0.2, 0.010) == Approx(130).margin(1));
  CHECK(bot_movetime_ms(5, 0) == Approx(4480).margin(1));
  CHECK(bot_movetime_ms(0.02, 0) == 1);  // never nothing: the search still returns its first move
  CHECK(bot_movetime_ms(0.2, 1) == 1);
}

TEST_CASE("raichu bot: the table grows with TIMELIMIT, 8 MB a second, 1 to 64 MB", "[release][raichu]") {
  CHECK(bot_table_megabytes(0.05) == 1);
  CHECK(bot_table_megabytes(0.2) == 1);
  CHECK(bot_table_megabytes(1) == 8);
  CHECK(bot_table_megabytes(5) == 40);
  CHECK(bot_table_megabytes(60) == 64);
}

TEST_CASE("raichu bot: a legal successor at once, one after every iteration, and an exit before the limit", "[release][raichu][timed]") {
  for (const int n : {8, 16}) {
    const State s = start_position(n);
    const Run run = run_bot(bot_argv(s, 0.5), 2.0);
    INFO("n = " << n << ", stderr: " << run.result.err);
    CHECK(run.result.exit_code == 0);
    CHECK(run.result.seconds < 0.5);
    CHECK(judge_lines(s, run.lines, 0.5 / 4) == "");
    CHECK(run.lines.size() >= 3);  // the immediate move, then iterations
    CHECK(run.result.out.back() == '\n');
  }
}

TEST_CASE("raichu bot: the lab's referee takes its last board line as a legal move", "[release][raichu][timed]") {
  PlayerSpec bot;
  bot.name = "raichu";
  bot.command = kBot;
  bot.protocol = "raichu";
  bot.time_limit_s = 0.2;
  for (const auto& board : {kStart8, std::string("........W...W.W..w.w.w.w..W.............b.b.b.b..B.B.B.B........")}) {
    const State s = parse_board(8, Black, board);
    const BotMove answer = ask_external_bot(bot, s);
    INFO(answer.detail);
    CHECK(answer.termination == Termination::Normal);
    CHECK(successor_boards(s).count(board_string(answer.next)) == 1);
  }
}

TEST_CASE("raichu bot: a capture that wins at once is played", "[release][raichu]") {
  // White's Pikachu takes Black's last piece.
  std::string board(64, '.');
  board[1 * 8 + 2] = 'W';
  board[2 * 8 + 2] = 'b';
  const State s = parse_board(8, White, board);
  const Run run = run_bot(bot_argv(s, 0.5), 2.0);
  REQUIRE(!run.lines.empty());
  const State after = parse_board(8, Black, run.lines.back().text);
  CHECK(after.piece_count(Black) == 0);
}

TEST_CASE("raichu bot: bad input gets a message on stderr, exit code 2 and no move", "[release][raichu]") {
  std::string over(64, '.');  // no black piece: the game is over
  over[10] = 'W';
  std::string stuck(64, '.');  // White's only Pichu cannot move: White has lost
  stuck[6 * 8 + 1] = 'w';
  stuck[7 * 8 + 0] = 'B';
  stuck[7 * 8 + 2] = 'B';
  std::string crowded(64, '.');  // nine white pieces on n = 8: no game gets there
  for (int k = 0; k < 9; ++k) crowded[16 + k] = 'w';
  crowded[60] = 'b';
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{}, "expected 4 arguments N PLAYER BOARD TIMELIMIT, got 0"},
      {{"8", "w", kStart8}, "got 3"},
      {{"8", "w", kStart8, "1", "extra"}, "got 5"},
      {{"9", "w", kStart8, "1"}, "N: board size n = 9 is not supported"},
      {{"eight", "w", kStart8, "1"}, "N: 'eight' is not a board size"},
      {{"18", "w", kStart8, "1"}, "n must be even and between 8 and 16"},
      {{"8", "x", kStart8, "1"}, "PLAYER: side 'x' must be w or b"},
      {{"10", "w", kStart8, "1"}, "BOARD: board string has 64 characters; n = 10 needs 100"},
      {{"8", "w", kStart8.substr(0, 63) + "x", "1"}, "index 63 (row 7, col 7)"},
      {{"8", "w", crowded, "1"}, "BOARD"},
      {{"8", "w", over, "1"}, "the game is already over (white wins: no pieces left"},
      {{"8", "w", stuck, "1"}, "the game is already over (black wins: no legal move"},
      {{"8", "w", kStart8, "0"}, "TIMELIMIT: 0 s is outside (0, 86400]"},
      {{"8", "w", kStart8, "-1"}, "TIMELIMIT: -1 s is outside (0, 86400]"},
      {{"8", "w", kStart8, "soon"}, "TIMELIMIT: 'soon' is not a number"},
      {{"8", "w", kStart8, "nan"}, "TIMELIMIT: 'nan' is not a number"},
      {{"8", "w", kStart8, "1e9"}, "TIMELIMIT: '1e9' is not a number"},
      {{"8", "w", kStart8, "100000"}, "outside (0, 86400]"},
  };
  for (const auto& [args, message] : cases) {
    std::vector<std::string> argv = {kBot};
    argv.insert(argv.end(), args.begin(), args.end());
    const ProcessResult r = run_process(argv, "", 5.0);
    INFO("args: " << (args.size() > 1 ? args[1] : "") << " ... stderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::Contains(message));
  }
}

TEST_CASE("raichu bot: the call is read as leniently as its meaning allows", "[release][raichu][timed]") {
  // Blanks and line ends around an argument, PLAYER in any case or spelt out, a unit after TIMELIMIT,
  // empty arguments after the four: the same request as the exact call.
  const BotRequest exact = parse_bot_args({"8", "b", kStart8, "0.5"});
  const std::vector<std::vector<std::string>> lenient = {
      {" 8\n", "b", kStart8, "0.5"},   {"8", "B", kStart8, "0.5"},         {"8", "Black", "\t" + kStart8 + "\r\n", "0.5"},
      {"8", "b", kStart8, "0.5s"},     {"8", "b", kStart8, " 0.5 s\n"},    {"8", "b", kStart8, "0.5", ""},
      {"8", "b", kStart8, "0.5", " ", "\n"},
  };
  for (const auto& args : lenient) {
    INFO("args: '" << args[0] << "' '" << args[1] << "' ... '" << args[3] << "' (" << args.size() << ")");
    const BotRequest r = parse_bot_args(args);
    CHECK(board_string(r.state) == board_string(exact.state));
    CHECK(r.state.side == exact.state.side);
    CHECK(r.time_limit_s == exact.time_limit_s);
  }
  // And as the tournament runs it: a legal successor, exit 0.
  const State s = parse_board(8, Black, kStart8);
  const Run run = run_bot({kBot, "8\n", "B", kStart8 + "\n", "0.3s", ""}, 2.0);
  INFO(run.result.err);
  CHECK(run.result.exit_code == 0);
  CHECK(judge_lines(s, run.lines, 0.3) == "");
  // Still strict where the meaning is unclear.
  CHECK_THROWS_WITH(parse_bot_args({"8", "bw", kStart8, "0.5"}), Catch::Contains("PLAYER: side 'bw'"));
  CHECK_THROWS_WITH(parse_bot_args({"8", "b", kStart8, "0.5ms"}), Catch::Contains("TIMELIMIT: '0.5ms'"));
  CHECK_THROWS_WITH(parse_bot_args({"8", "b", kStart8, "0.5", "x"}), Catch::Contains("got 5"));
}

TEST_CASE("raichu bot: it carries the endgame tables and plays their fastest win", "[release][raichu]") {
  // Every class of at most 3 pieces on n = 8 is embedded: a won position of them is answered at once
  // with a move to a position lost for the opponent one ply sooner.
  tb::BuildOptions options;
  options.n = 8;
  options.max_pieces = 3;
  options.threads = 2;
  std::vector<tb::ClassStats> stats;
  const tb::Tablebase tables = tb::build(options, stats);
  std::vector<std::string> classes;
  for (const std::string& line : tb::sample_wins(tables, 20, 5, 3, classes)) {
    const State s = parse_position_text(line, "sample");
    const auto v = tables.probe(s);
    REQUIRE(v);
    const Run run = run_bot(bot_argv(s, 1.0), 5.0);
    INFO(line << " won in " << v->plies << "; stderr: " << run.result.err);
    REQUIRE(run.result.exit_code == 0);
    REQUIRE(judge_lines(s, run.lines, 0.5) == "");
    const State after = parse_board(8, opponent(s.side), run.lines.back().text);
    const auto w = tables.probe(after);
    REQUIRE(w);
    CHECK(w->wdl == tb::Wdl::Loss);
    CHECK(w->plies == v->plies - 1);
  }
}

TEST_CASE("raichu bot torture: 30 positions at 0.2 s, every answer legal and in time", "[release][raichu][torture][timed]") {
  const auto stats = torture(30, 0.2);
  INFO(stats.summary("raichu"));
  CHECK(stats.runs == 30);
  CHECK(stats.failures == 0);
}

TEST_CASE("raichu bot torture: 1000 positions at 0.2 s", "[release][raichu][torture][slow]") {
  const auto stats = torture(1000, 0.2);
  INFO(stats.summary("raichu"));
  CHECK(stats.runs == 1000);
  CHECK(stats.failures == 0);
}
