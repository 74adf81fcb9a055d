// The jump chess release client with a learned evaluation compiled in (bot_main.cpp hands
// release::embedded_eval() to run_client, whose ClientPlayer puts it on its alpha-beta): on 10,000
// random-play positions it evaluates as the lab's engine with eval=FILE, and the client's player finds
// `gamelab search --eval FILE`'s move, score and node count at a fixed depth (the client's own limit).
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

TEST_CASE("jumpchess: the embedded evaluation evaluates as eval=FILE on 10,000 random-play positions, added or replacing",
          "[release][eval][jumpchess]") {
  embedded_eval_test::check_line_evaluations<Game>(TestEval("jumpchess", embedded_eval_test::jumpchess_bytes()),
                                                   release_params(), [](int) { return start_position(); });
}

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
      const auto lab = embedded_eval_test::lab_search(test, "--board jumpchess-position.txt --depth 4", add);
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
