// `gamelab export jumpchess --cpp`: one self-contained C++14 file defining GetStep. The tests export it
// through the command line, compile it alone with the tournament's flags, then compile it with a small
// driver (getstep_driver.cpp) and check, on a position suite, that its search chooses the engine's
// move at a fixed depth, with the same score and node count (its tables carried over from position to
// position, as GetStep keeps them and as one engine does).
#include <catch2/catch.hpp>
#include <cstdio>
#include <map>
#include <memory>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/process.hpp"
#include "core/text_file.hpp"
#include "helpers.hpp"
#include "jumpchess/eval.hpp"
#include "jumpchess/game.hpp"
#include "jumpchess/learned_eval.hpp"
#include "jumpchess/path.hpp"
#include "jumpchess/release.hpp"
#include "train/learned_files.hpp"
#include "search/alphabeta.hpp"

using namespace release_jumpchess_test;
using gamelab::ProcessResult;
using gamelab::run_process;

namespace {

const std::vector<std::string> kTournamentFlags = {"-std=c++14", "-Wall", "-Wextra", "-Werror"};

struct Exported {
  explicit Exported(const std::string& name) : dir(name) {}
  TempFolder dir;
  std::filesystem::path source = dir / "getstep.cpp";  // the exported file
  ProcessResult run;
  std::string driver;  // the export compiled with getstep_driver.cpp, once asked for
};

// `gamelab export jumpchess --cpp` with `extra` arguments (e.g. --eval FILE), exported once per run of
// the tests for the same arguments (ctest runs each test case alone: each compiles what it needs).
Exported& exported(const std::vector<std::string>& extra = {}) {
  static std::map<std::vector<std::string>, std::unique_ptr<Exported>> done;
  auto& e = done[extra];
  if (!e) {
    e = std::make_unique<Exported>("getstep_export_" + std::to_string(done.size()));  // a folder of its own
    std::vector<std::string> argv = {GAMELAB_BINARY, "export", "jumpchess", "--cpp", e->source.string()};
    argv.insert(argv.end(), extra.begin(), extra.end());
    e->run = run_process(argv, "", 60);
  }
  return *e;
}

ProcessResult compile(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {GAMELAB_CXX};
  argv.insert(argv.end(), kTournamentFlags.begin(), kTournamentFlags.end());
  argv.insert(argv.end(), args.begin(), args.end());
  return run_process(argv, "", 300);
}

// The export (with `extra` arguments) compiled with getstep_driver.cpp, GetStep's time limit set to 100 ms.
std::string driver(const std::vector<std::string>& extra = {}) {
  Exported& e = exported(extra);
  if (e.driver.empty()) {
    INFO(e.run.err);
    REQUIRE(e.run.exit_code == 0);
    const std::string out = (e.dir / "driver").string();
    const ProcessResult build =
        compile({"-O2", "-DGETSTEP_MOVETIME_MS=100", "-include", e.source.string(), GETSTEP_DRIVER, "-o", out});
    INFO(build.err);
    REQUIRE(build.exit_code == 0);
    e.driver = out;
  }
  return e.driver;
}

std::string side_letter(const State& s) { return s.side == Black ? "b" : "w"; }

// A learned evaluation file given to the export (and to the engine it is compared with).
struct LearnedArgs {
  std::string file;
  bool add = true;
  std::vector<std::string> args() const {
    if (file.empty()) return {};
    return {"--eval", file, "--eval-mode", add ? "add" : "replace"};
  }
};

// The release's own learned evaluation, as `gamelab export jumpchess` carries it without --params
// (release.json's "eval": engines/jumpchess/release.eval in its mode); none when the release has none.
LearnedArgs release_learned() {
  const auto release =
      nlohmann::json::parse(gamelab::read_text_file(std::string(GAMELAB_SOURCE_DIR) + "/engines/jumpchess/release.json"));
  if (!release.contains("eval")) return {};
  return {std::string(GAMELAB_SOURCE_DIR) + "/engines/jumpchess/release.eval", release["eval"]["mode"] == "add"};
}

std::vector<std::string> output_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The driver's and the engine's choice at `depth` on every position, in order, each keeping its tables;
// with `given`, GetStep exported with --eval (and --eval-mode) and the engine given the same file;
// without, the export carries the release's own evaluation, and the engine plays it too.
void compare_with_engine(const std::vector<State>& positions, int depth, const LearnedArgs& given = {}) {
  const LearnedArgs eval = given.file.empty() ? release_learned() : given;
  std::string input;
  for (const State& s : positions) input += "search " + board_digits(s) + " " + side_letter(s) + " " + std::to_string(depth) + "\n";
  const ProcessResult run = run_process({driver(given.args())}, input, 600);
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  const std::vector<std::string> lines = output_lines(run.out);
  REQUIRE(lines.size() == positions.size());

  const gamelab::ParamSet params = release_params();
  gamelab::search::AlphaBeta<Game> engine(params.values(), gamelab::search::AlphaBetaKnobs::from(params));
  if (!eval.file.empty()) engine.set_incremental(std::make_unique<LearnedEval>(LearnedEval::read(eval.file), eval.add));
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

// ---- GetStep carrying a learned evaluation (gamelab export jumpchess --cpp --eval FILE) -------------------

namespace {

// Files of seeded random weights over jump chess's inputs, as large as training allows (the clipped
// ReLU at both ends often), written once per run: a 2 x 16 network and the linear form.
struct LearnedFiles {
  TempFolder dir{"getstep_learned"};
  std::string network = (dir / "network.eval").string();
  std::string linear = (dir / "linear.eval").string();
  std::string raichu = (dir / "raichu.eval").string();
  LearnedFiles() {
    using gamelab::train::Form;
    train_test::write_model(train_test::random_model(Form::Network, "jumpchess", 21), "jumpchess", network, 128);
    train_test::write_model(train_test::random_model(Form::Linear, "jumpchess", 22), "jumpchess", linear, 128);
    train_test::write_model(train_test::random_model(Form::Network, "raichu", 23), "raichu", raichu, 128);
  }
};
const LearnedFiles& learned_files() {
  static const LearnedFiles files;
  return files;
}

// `count` positions of seeded random games from the start, with the moves each side made (so the
// clock inputs take all their values), none finished.
std::vector<State> played_positions(std::size_t count, std::uint64_t seed) {
  gamelab::Rng rng(seed);
  std::vector<State> out;
  while (out.size() < count) {
    State s = start_position();
    while (out.size() < count && !result(s).over()) {
      if (!ends_before_moves(s)) out.push_back(s);
      MoveList moves;
      generate_moves(s, moves);
      s = play(s, moves[rng.below(moves.size())]);
    }
  }
  return out;
}

// The export's evaluation of every position against the engine's: the learned score from scratch with
// engines/core's inference (LearnedEval::reference_score, which the engine's incremental entries equal)
// and what the search adds up (learned plus hand-made, or learned alone).
//
// Every other position is asked after one of its moves (seeded), which GetStep's Play brings its sums
// to from the position's (the driver's PLAY): the incremental sums against the engine's from scratch.
void compare_evaluations(const std::vector<State>& positions, const LearnedArgs& eval) {
  std::string input;
  std::vector<State> asked;
  gamelab::Rng rng(77);
  for (std::size_t k = 0; k < positions.size(); ++k) {
    const State& s = positions[k];
    input += "eval " + board_digits(s) + " " + side_letter(s) + " " + std::to_string(s.moves_made[Black]) + " " +
             std::to_string(s.moves_made[White]);
    State child = s;
    if (k % 2 == 1) {
      MoveList moves;
      generate_moves(s, moves);
      const std::size_t pick = rng.below(moves.size());
      child = play(s, moves[pick]);
      input += " " + std::to_string(pick);
    }
    input += "\n";
    asked.push_back(child);
  }
  const ProcessResult run = run_process({driver(eval.args())}, input, 600);
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  const std::vector<std::string> lines = output_lines(run.out);
  REQUIRE(lines.size() == positions.size());
  const auto file = LearnedEval::read(eval.file);
  const gamelab::ParamSet params = release_params();
  std::size_t agree = 0, clocks = 0;
  for (std::size_t k = 0; k < positions.size(); ++k) {
    const State& s = asked[k];
    MoveList moves;
    generate_moves(s, moves);
    const int learned = LearnedEval::reference_score(*file, s);
    const int total = eval.add ? learned + evaluate(s, params.values().data(), moves) : learned;
    const std::string expected = "learned " + std::to_string(learned) + " total " + std::to_string(total);
    if (lines[k] == expected) {
      ++agree;
    } else {
      INFO("position " << k << " (moves " << s.moves_made[Black] << ", " << s.moves_made[White] << "):\n" << diagram(s));
      CHECK(lines[k] == expected);
    }
    if (s.moves_made[s.side] >= 20) ++clocks;
  }
  CHECK(agree == positions.size());
  CHECK(clocks > positions.size() / 4);  // the clock inputs beyond the first were seen
}

}  // namespace

TEST_CASE("GetStep with a learned evaluation scores 10,000 positions as the engine does (network added, linear replacing)",
          "[export]") {
  const std::vector<State> positions = played_positions(10000, 31);
  SECTION("a 2 x 16 network added to the hand-made evaluation") { compare_evaluations(positions, {learned_files().network, true}); }
  SECTION("the linear form replacing it") { compare_evaluations(positions, {learned_files().linear, false}); }
}

TEST_CASE("GetStep with a learned evaluation chooses the engine's move at a fixed depth (network added, linear replacing)",
          "[export]") {
  SECTION("network added") { compare_with_engine(bot_positions(30, 7), 5, {learned_files().network, true}); }
  SECTION("linear replacing") { compare_with_engine(bot_positions(30, 9), 5, {learned_files().linear, false}); }
}

TEST_CASE("GetStep with a learned evaluation compiles alone with the tournament's flags and names its file", "[export]") {
  const Exported& e = exported(LearnedArgs{learned_files().network, true}.args());
  INFO(e.run.err);
  REQUIRE(e.run.exit_code == 0);
  const ProcessResult alone = compile({"-c", e.source.string(), "-o", (e.dir / "getstep.o").string()});
  INFO(alone.err);
  CHECK(alone.exit_code == 0);
  const std::string text = gamelab::read_text_file(e.source.string());
  const auto file = LearnedEval::read(learned_files().network);
  char fingerprint[17];
  std::snprintf(fingerprint, sizeof fingerprint, "%016llx", static_cast<unsigned long long>(file->fingerprint()));
  CHECK(text.find("// Learned evaluation: " + learned_files().network + " (fingerprint " + fingerprint +
                  ", network 2 x 16, added to the hand-made evaluation).") != std::string::npos);
  CHECK(text.find("const int kLearnedForm = 2;") != std::string::npos);
  // Without --eval: the release's own evaluation when it has one (engines/jumpchess/release.eval), else none.
  const std::string plain = gamelab::read_text_file(exported().source.string());
  const LearnedArgs release = release_learned();
  if (release.file.empty()) {
    CHECK(plain.find("// Learned evaluation: none (the hand-made evaluation alone).") != std::string::npos);
    CHECK(plain.find("const int kLearnedForm = 0;") != std::string::npos);
  } else {
    const std::string fingerprint = LearnedEval::read(release.file)->fingerprint_hex();
    CHECK(plain.find("// Learned evaluation: engines/jumpchess/release.eval (fingerprint " + fingerprint) != std::string::npos);
    CHECK(plain.find("const int kLearnedForm = 0;") == std::string::npos);
  }
  // With the release.json as --params: the release as its bots play it, its evaluation included;
  // --eval none leaves it out.
  const std::string release_json = std::string(GAMELAB_SOURCE_DIR) + "/engines/jumpchess/release.json";
  const Exported& own = exported({"--params", release_json});
  REQUIRE(own.run.exit_code == 0);
  CHECK((gamelab::read_text_file(own.source.string()).find("const int kLearnedForm = 0;") == std::string::npos) ==
        !release.file.empty());
  const Exported& params_only = exported({"--params", release_json, "--eval", "none"});
  REQUIRE(params_only.run.exit_code == 0);
  const std::string text_only = gamelab::read_text_file(params_only.source.string());
  CHECK(text_only.find("// Learned evaluation: none (the hand-made evaluation alone).") != std::string::npos);
  CHECK(text_only.find("const int kLearnedForm = 0;") != std::string::npos);
}

TEST_CASE("gamelab export jumpchess --eval refuses another game's file, naming it", "[export]") {
  const TempFolder dir("getstep_refused");
  const std::string out = (dir / "g.cpp").string();
  const ProcessResult run =
      run_process({GAMELAB_BINARY, "export", "jumpchess", "--cpp", out, "--eval", learned_files().raichu}, "", 30);
  CHECK(run.exit_code == 2);
  CHECK(run.err.find(learned_files().raichu + ": game is 'raichu', expected 'jumpchess'") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(out));
}
