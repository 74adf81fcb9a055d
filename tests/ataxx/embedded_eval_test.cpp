// The Ataxx release bot with a learned evaluation compiled in (bot_main.cpp hands
// release::embedded_eval() to its UaiEngine, which puts it on every engine it builds): the UAI bot's
// `go depth` finds `gamelab search --eval FILE`'s move, score and node count, added or replacing (that it
// evaluates as eval=FILE does: the release checks, tests/release/embedded_eval_test.cpp).
#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>

#include "ataxx/eval.hpp"
#include "ataxx/game.hpp"
#include "ataxx/notation.hpp"
#include "ataxx/release_params.hpp"
#include "ataxx/rules.hpp"
#include "ataxx/uai.hpp"
#include "common/run.hpp"
#include "core/rng.hpp"
#include "release/embedded_eval.hpp"

namespace embedded_eval_test {
std::string_view ataxx_bytes();  // the test's ataxx.eval compiled in (tests/CMakeLists.txt, gamelab_embedded_eval)
}

namespace {

using namespace gamelab;
using namespace gamelab::ataxx;
using embedded_eval_test::TestEval;

// The start, the start with gaps, and positions some random moves into a game.
std::vector<State> search_positions() {
  std::vector<State> out = {start_position(), parse_fen("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1")};
  Rng rng(9);
  for (int plies : {5, 12, 25}) {
    State s = start_position();
    for (int ply = 0; ply < plies && !ends_before_moves(s); ++ply) {
      ataxx::MoveList moves;
      generate_moves(s, moves);
      s = play(s, moves[rng.below(moves.size())]);
    }
    out.push_back(s);
  }
  return out;
}

struct UaiAnswer {
  std::string best;
  int score = 0;
  std::uint64_t nodes = 0;
};

// `go depth D` from `root` on a fresh bot with `eval`: its bestmove and its last info line's score and nodes.
UaiAnswer uai_search(const ParamSet& params, const learned::EmbeddedEval& eval, const State& root, int depth) {
  std::ostringstream out;
  UaiEngine uai(params, out, eval);
  uai.command("position fen " + fen_string(root));
  uai.command("go depth " + std::to_string(depth));
  REQUIRE(uai.wait_search(60));
  UaiAnswer answer;
  std::istringstream lines(out.str());
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string word;
    words >> word;
    if (word == "bestmove") words >> answer.best;
    if (word != "info") continue;
    while (words >> word) {
      if (word == "cp") words >> answer.score;
      if (word == "nodes") words >> answer.nodes;
    }
  }
  return answer;
}

}  // namespace

TEST_CASE("ataxx: the UAI bot with the embedded evaluation finds gamelab search's move, score and nodes at a fixed depth",
          "[release][eval][ataxx]") {
  const TestEval test("ataxx", embedded_eval_test::ataxx_bytes());
  const ParamSet params = release::frozen_params(default_params());
  const std::string params_file = (std::filesystem::temp_directory_path() / "gamelab-ataxx-frozen.json").string();
  params.save_file(params_file);  // the lab's search plays what the bot has compiled in
  int differs_from_handmade = 0;
  for (bool add : {true, false}) {
    for (const State& root : search_positions()) {
      INFO(embedded_eval_test::mode_name(add) << "\n" << fen_string(root));
      const UaiAnswer bot = uai_search(params, test.embedded(add), root, 5);
      const auto r = gamelab_test::run("search ataxx --board '" + fen_string(root) + "' --limit depth=5 --json --params " + params_file + " --eval " + test.path +
                                           " --eval-mode " + embedded_eval_test::mode_name(add),
                                       gamelab_test::Stderr::Discard);
      INFO(r.output);
      REQUIRE(r.status == 0);
      const auto lab = nlohmann::json::parse(r.output);
      CHECK(bot.best == lab["best"]);
      CHECK(bot.score == lab["score"]);
      CHECK(bot.nodes == lab["nodes"]);
      const UaiAnswer plain = uai_search(params, {}, root, 5);
      differs_from_handmade += plain.score != bot.score || plain.nodes != bot.nodes;
    }
  }
  CHECK(differs_from_handmade > 0);  // the file is really played
  std::filesystem::remove(params_file);
}
