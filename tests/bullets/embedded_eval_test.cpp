// The Bullets release bot with a learned evaluation compiled in (bot_main.cpp: search::attach_embedded_eval
// on the engine it makes, seeded by the position's hash): its engine finds `gamelab search --eval FILE`'s
// action at an iteration limit with the bot's seed (that its MCTS evaluates a leaf as eval=FILE does: the
// release checks, tests/release/embedded_eval_test.cpp).
#include <catch2/catch.hpp>

#include "bullets/engine.hpp"
#include "bullets/eval.hpp"
#include "bullets/game.hpp"
#include "bullets/notation.hpp"
#include "bullets/release_params.hpp"
#include "core/embedded_eval.hpp"
#include "core/text_file.hpp"
#include "release/embedded_eval.hpp"
#include "search/embedded_eval.hpp"
#include "positions_for_training.hpp"

namespace embedded_eval_test {
std::string_view bullets_bytes();  // the test's bullets.eval compiled in (tests/CMakeLists.txt, gamelab_embedded_eval)
}

namespace bl = gamelab::bullets;
using gamelab::ParamSet;
using embedded_eval_test::TestEval;

TEST_CASE("bullets: the bot's engine with the embedded evaluation finds gamelab search's action at an iteration limit",
          "[release][eval][bullets]") {
  const TestEval test("bullets", embedded_eval_test::bullets_bytes());
  const ParamSet params = bl::release::frozen_params(bl::default_params());
  int differs_from_handmade = 0;
  for (bool add : {true, false}) {
    int k = 0;
    for (const bl::State& s : bullets_train_test::random_play_positions(8, 7)) {
      const bl::Side you = k++ % 2 ? bl::Blue : bl::Red;
      INFO(embedded_eval_test::mode_name(add) << "\n" << bl::position_text(s, you));
      gamelab::SearchLimits limits;
      limits.nodes = 1500;
      bl::Engine engine(params, s.hash);  // the bot's seed: the position's hash
      gamelab::search::attach_embedded_eval(engine, test.embedded(add));
      const bl::SearchResult found = engine.search(s, you, limits);
      REQUIRE(found.action);
      gamelab::write_file_atomic("bullets-position.txt", bl::position_text(s, you));
      const auto lab = embedded_eval_test::lab_search(
          test, "--board bullets-position.txt --limit nodes=1500 --seed " + std::to_string(s.hash), add);
      CHECK(bl::action_text(*found.action) == lab["best"]);
      CHECK(found.positions == lab["nodes"]);
      bl::Engine handmade(params, s.hash);
      const bl::SearchResult plain = handmade.search(s, you, limits);
      differs_from_handmade += plain.action != found.action || plain.positions != found.positions;
    }
  }
  CHECK(differs_from_handmade > 0);  // the file is really played
}
