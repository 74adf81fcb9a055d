// The jump chess release client with a learned evaluation compiled in (bot_main.cpp hands
// release::embedded_eval() to run_client, whose ClientPlayer puts it on its alpha-beta): the client's
// player finds `gamelab search --eval FILE`'s move, score and node count at a fixed depth (the client's
// own limit; that it evaluates as eval=FILE does: the release checks, tests/release/embedded_eval_test.cpp).
#include <catch2/catch.hpp>
#include <chrono>

#include "core/embedded_eval.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "release/embedded_eval.hpp"
#include "jumpchess/client.hpp"
#include "jumpchess/game.hpp"
#include "jumpchess/learned_eval.hpp"
#include "jumpchess/movegen.hpp"
#include "jumpchess/notation.hpp"
#include "jumpchess/release.hpp"
#include "jumpchess/rules.hpp"
#include "search/alphabeta.hpp"

namespace embedded_eval_test {
std::string_view jumpchess_bytes();  // the test's jumpchess.eval compiled in (tests/CMakeLists.txt, gamelab_embedded_eval)
}

using namespace gamelab;
using namespace gamelab::jumpchess;
using embedded_eval_test::TestEval;

namespace {

// The start, and positions some random moves into a game.
std::vector<State> search_positions() {
  std::vector<State> out = {start_position()};
  Rng rng(9);
  for (int plies : {7, 16, 30}) {
    State s = start_position();
    for (int ply = 0; ply < plies; ++ply) {
      jumpchess::MoveList moves;
      generate_moves(s, moves);
      if (moves.size() == 0) break;
      s = play(s, moves[rng.below(moves.size())]);
    }
    out.push_back(s);
  }
  return out;
}

}  // namespace

TEST_CASE("jumpchess: the client's player with the embedded evaluation finds gamelab search's move at a fixed depth",
          "[release][eval][jumpchess]") {
  const TestEval test("jumpchess", embedded_eval_test::jumpchess_bytes());
  const ParamSet params = release_params();
  int differs_from_handmade = 0;
  for (bool add : {true, false}) {
    for (const State& root : search_positions()) {
      INFO(embedded_eval_test::mode_name(add) << "\n" << position_text(root));
      ClientPlayer player(params, test.embedded(add));  // a fresh connection's player
      const auto choice = player.choose(root, std::chrono::steady_clock::now(), 3600000, 4);
      write_file_atomic("jumpchess-position.txt", position_text(root));
      const auto lab = embedded_eval_test::lab_search(test, "--board jumpchess-position.txt --limit depth=4", add);
      CHECK(path_text(choice.path) == lab["best"]);
      CHECK(choice.score == lab["score"]);
      CHECK(choice.nodes == lab["nodes"]);
      ClientPlayer handmade(params);
      const auto plain = handmade.choose(root, std::chrono::steady_clock::now(), 3600000, 4);
      differs_from_handmade += plain.score != choice.score || plain.nodes != choice.nodes;
    }
  }
  CHECK(differs_from_handmade > 0);  // the file is really played
}
