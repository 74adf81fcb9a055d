// Raichu's release bot with a learned evaluation compiled in (bot_main.cpp: search::attach_embedded_eval
// on its alpha-beta): its engine finds `gamelab search --eval FILE`'s move, score and node count at a node
// limit (that it evaluates as eval=FILE does: the release checks, tests/release/embedded_eval_test.cpp).
#include <catch2/catch.hpp>

#include "core/embedded_eval.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "release/embedded_eval.hpp"
#include "raichu/eval.hpp"
#include "raichu/game.hpp"
#include "raichu/learned_eval.hpp"
#include "raichu/movegen.hpp"
#include "raichu/notation.hpp"
#include "raichu/release_params.hpp"
#include "raichu/rules.hpp"
#include "search/alphabeta.hpp"
#include "search/embedded_eval.hpp"

namespace embedded_eval_test {
std::string_view raichu_bytes();  // the test's raichu.eval compiled in (tests/CMakeLists.txt, gamelab_embedded_eval)
}

using namespace gamelab;
using namespace gamelab::raichu;
using embedded_eval_test::TestEval;

namespace {

// Starts of every board size, and positions a few random moves into a game.
std::vector<State> search_positions() {
  std::vector<State> out = {start_position(8), start_position(12)};
  Rng rng(5);
  for (int n : {8, 10, 14}) {
    State s = start_position(n);
    for (int ply = 0; ply < 12; ++ply) {
      raichu::MoveList moves;
      generate_moves(s, moves);
      s = play(s, moves[rng.below(moves.size())]);
    }
    out.push_back(s);
  }
  return out;
}

}  // namespace

TEST_CASE("raichu: the bot's engine with the embedded evaluation finds gamelab search's move at a node limit",
          "[release][eval][raichu]") {
  const TestEval test("raichu", embedded_eval_test::raichu_bytes());
  const ParamSet params = release::frozen_params(default_params());
  int differs_from_handmade = 0;
  for (bool add : {true, false}) {
    for (const State& root : search_positions()) {
      INFO(embedded_eval_test::mode_name(add) << " " << position_line(root));
      SearchLimits limits;
      limits.nodes = 3000;
      search::AlphaBeta<Game> engine(params.values(), search::AlphaBetaKnobs::from(params));
      search::attach_embedded_eval(engine, test.embedded(add));
      const auto found = engine.search(root, limits);
      REQUIRE(found.best);
      write_file_atomic("raichu-position.txt", position_line(root) + "\n");
      const auto lab = embedded_eval_test::lab_search(test, "--board raichu-position.txt --limit nodes=3000", add);
      CHECK(board_string(play(root, *found.best)) == lab["result"]);
      CHECK(found.score == lab["score"]);
      CHECK(found.nodes == lab["nodes"]);
      search::AlphaBeta<Game> handmade(params.values(), search::AlphaBetaKnobs::from(params));
      const auto plain = handmade.search(root, limits);
      differs_from_handmade += plain.score != found.score || plain.best != found.best;
    }
  }
  CHECK(differs_from_handmade > 0);  // the file is really played
}
