// `gamelab export jumpchess --cpp`: one self-contained C++14 file defining GetStep. The tests export it
// through the command line, compile it alone with the tournament's flags, then compile it with a small
// driver (getstep_driver.cpp) and check, on a position suite, that its search chooses the engine's
// move at a fixed depth, with the same score and node count (its tables carried over from position to
// position, as GetStep keeps them and as one engine does).
#include <catch2/catch.hpp>
#include <cstdio>
#include <sstream>

#include "core/process.hpp"
#include "helpers.hpp"
#include "jumpchess/eval.hpp"
#include "jumpchess/game.hpp"
#include "jumpchess/path.hpp"
#include "jumpchess/release.hpp"
#include "search/alphabeta.hpp"

using namespace release_jumpchess_test;
using gamelab::ProcessResult;
using gamelab::run_process;

namespace {

const std::vector<std::string> kTournamentFlags = {"-std=c++14", "-Wall", "-Wextra", "-Werror"};

struct Exported {
  TempFolder dir{"getstep_export"};
  std::filesystem::path source = dir / "getstep.cpp";  // the exported file
  ProcessResult run;
};

// Exported once per run of the tests (ctest runs each test case alone: each compiles what it needs).
const Exported& exported() {
  static Exported e;
  static const bool done = [] {
    e.run = run_process({GAMELAB_BINARY, "export", "jumpchess", "--cpp", e.source.string()}, "", 60);
    return true;
  }();
  (void)done;
  return e;
}

ProcessResult compile(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {GAMELAB_CXX};
  argv.insert(argv.end(), kTournamentFlags.begin(), kTournamentFlags.end());
  argv.insert(argv.end(), args.begin(), args.end());
  return run_process(argv, "", 300);
}

// The export compiled with getstep_driver.cpp, GetStep's time limit set to 100 ms.
std::string driver() {
  static const std::string path = [] {
    const Exported& e = exported();
    REQUIRE(e.run.exit_code == 0);
    const std::string out = (e.dir / "driver").string();
    const ProcessResult build =
        compile({"-O2", "-DGETSTEP_MOVETIME_MS=100", "-include", e.source.string(), GETSTEP_DRIVER, "-o", out});
    INFO(build.err);
    REQUIRE(build.exit_code == 0);
    return out;
  }();
  return path;
}

std::string side_letter(const State& s) { return s.side == Black ? "b" : "w"; }

std::vector<std::string> output_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The driver's and the engine's choice at `depth` on every position, in order, each keeping its tables.
void compare_with_engine(const std::vector<State>& positions, int depth) {
  std::string input;
  for (const State& s : positions) input += "search " + board_digits(s) + " " + side_letter(s) + " " + std::to_string(depth) + "\n";
  const ProcessResult run = run_process({driver()}, input, 600);
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  const std::vector<std::string> lines = output_lines(run.out);
  REQUIRE(lines.size() == positions.size());

  const gamelab::ParamSet params = release_params();
  gamelab::search::AlphaBeta<Game> engine(params.values(), gamelab::search::AlphaBetaKnobs::from(params));
  gamelab::SearchLimits limits;
  limits.depth = depth;
  for (std::size_t k = 0; k < positions.size(); ++k) {
    const auto found = engine.search(positions[k], limits);
    REQUIRE(found.best);
    const std::string expected = path_text(path_of(*found.best)) + " score " + std::to_string(found.score) + " depth " +
                                 std::to_string(found.depth) + " nodes " + std::to_string(found.nodes);
    INFO("position " << k << ":\n" << diagram(positions[k]));
    CHECK(lines[k] == expected);
  }
}

}  // namespace

TEST_CASE("the GetStep export compiles alone with g++ -std=c++14 -Wall -Wextra -Werror", "[export]") {
  const Exported& e = exported();
  INFO(e.run.out << e.run.err);
  REQUIRE(e.run.exit_code == 0);
  CHECK(e.run.out.find("wrote ") != std::string::npos);
  const ProcessResult alone = compile({"-c", e.source.string(), "-o", (e.dir / "getstep.o").string()});
  INFO(alone.err);
  CHECK(alone.exit_code == 0);
  CHECK(alone.err.empty());
  // Self-contained: it includes standard headers only, and defines GetStep with the template's signature.
  const std::string text = gamelab::read_text_file(e.source.string());
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("#include", 0) == 0) CHECK(line.find('<') != std::string::npos);
  }
  CHECK(text.find("std::vector<std::vector<int> > GetStep(std::vector<std::vector<int> >& board, bool is_black)") !=
        std::string::npos);
  CHECK(text.find("%%") == std::string::npos);
}

TEST_CASE("the GetStep export compiles as the template's Sample.cpp: after STcpClient.h, before its main",
          "[export]") {
  // Sample.cpp = #include "STcpClient.h", GetStep, main(): here with a stand-in header carrying
  // <windows.h>'s macros (min, max, near, far, small, ...), `using namespace std` and globals named
  // State, Limits and Move.
  const Exported& e = exported();
  REQUIRE(e.run.exit_code == 0);
  const std::string sample = (e.dir / "Sample.cpp").string();
  gamelab::write_file_atomic(sample, "#include \"" + std::string(FAKE_STCPCLIENT) + "\"\n#include \"" + e.source.string() +
                                         "\"\n"
                                         "int main() {\n"
                                         "  int id_package;\n"
                                         "  std::vector<std::vector<int>> board, step;\n"
                                         "  bool is_black;\n"
                                         "  while (true) {\n"
                                         "    if (GetBoard(id_package, board, is_black)) break;\n"
                                         "    step = GetStep(board, is_black);\n"
                                         "    SendStep(id_package, step);\n"
                                         "  }\n"
                                         "}\n");
  const ProcessResult build = compile({"-c", sample, "-o", (e.dir / "Sample.o").string()});
  INFO(build.err);
  CHECK(build.exit_code == 0);
}

TEST_CASE("the GetStep export chooses the engine's move at a fixed depth on a position suite", "[export]") {
  compare_with_engine(bot_positions(40, 7), 5);
}

TEST_CASE("the GetStep export chooses the engine's move at depth 7 on 300 positions", "[export][slow]") {
  compare_with_engine(bot_positions(300, 11), 7);
}

TEST_CASE("GetStep answers a path that replays, a pass without legal moves, and a pass with a message for a bad board",
          "[export]") {
  std::vector<State> positions = bot_positions(6, 3);
  // Black has no piece: the only move is the pass.
  positions.push_back(make_position(0, bit(square(3, 4)), Black, 0, 0, "no black piece"));
  std::string input;
  for (const State& s : positions) input += "getstep " + board_digits(s) + " " + side_letter(s) + "\n";
  input += "getstep " + std::string(63, '0') + "3 b\n";  // a board value that is no colour
  const ProcessResult run = run_process({driver()}, input, 60);
  REQUIRE(run.exit_code == 0);
  const std::vector<std::string> lines = output_lines(run.out);
  REQUIRE(lines.size() == positions.size() + 1);
  for (std::size_t k = 0; k < positions.size(); ++k) {
    INFO(lines[k] << "\n" << diagram(positions[k]));
    const Replay replay = replay_path(positions[k], parse_path(lines[k]));
    CHECK(replay.ok);
  }
  CHECK(lines[positions.size() - 1] == "[]");
  CHECK(lines.back() == "[]");
  CHECK(run.err.find("GetStep: a board value is not 0 (empty), 1 (black) or 2 (white); passing") != std::string::npos);
}

TEST_CASE("gamelab export jumpchess writes a parameter file's values in, the same file for the same parameters",
          "[export]") {
  const TempFolder dir("getstep_params");
  gamelab::ParamSet params = default_params();
  params.set("eval_material", 321);
  params.set("search_qsearch_depth", 4);
  params.save_file((dir / "p.json").string());
  const std::string a = (dir / "a.cpp").string(), b = (dir / "b.cpp").string();
  for (const std::string& out : {a, b}) {
    const ProcessResult run =
        run_process({GAMELAB_BINARY, "export", "jumpchess", "--cpp", out, "--params", (dir / "p.json").string()}, "", 60);
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
  }
  const std::string text = gamelab::read_text_file(a);
  CHECK(text == gamelab::read_text_file(b));
  CHECK(text.find("    321,  // eval_material\n") != std::string::npos);
  CHECK(text.find("    4,  // search_qsearch_depth\n") != std::string::npos);
  char fingerprint[17];
  std::snprintf(fingerprint, sizeof fingerprint, "%016llx", static_cast<unsigned long long>(params.fingerprint()));
  CHECK(text.find(std::string("(fingerprint ") + fingerprint + ")") != std::string::npos);
  CHECK(text.find((dir / "p.json").string()) != std::string::npos);
}

TEST_CASE("gamelab export names what is missing or wrong", "[export]") {
  ProcessResult run = run_process({GAMELAB_BINARY, "export", "jumpchess"}, "", 30);
  CHECK(run.exit_code != 0);
  CHECK(run.err.find("export jumpchess: give an output: --cpp FILE") != std::string::npos);
  run = run_process({GAMELAB_BINARY, "export", "jumpchess", "--cpp", "x.cpp", "--params", "/nonexistent/p.json"}, "", 30);
  CHECK(run.exit_code != 0);
  CHECK(run.err.find("/nonexistent/p.json") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists("x.cpp"));
}
