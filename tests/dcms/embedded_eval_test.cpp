// The Dog-Cat-Mouse-cheeSe release bot with a learned evaluation compiled in (bot_main.cpp hands
// release::embedded_eval() to run_bot, which gives it to every request's engine): the bot, fed the lab's
// line protocol, answers `gamelab search --eval FILE`'s move at an iteration limit (the request's seed;
// that its MCTS evaluates a leaf as eval=FILE does: the release checks, tests/release/embedded_eval_test.cpp).
#include <catch2/catch.hpp>
#include <cstdio>
#include <sstream>

#include "core/embedded_eval.hpp"
#include "core/text_file.hpp"
#include "dcms/bot.hpp"
#include "dcms/engine.hpp"
#include "dcms/eval.hpp"
#include "dcms/game.hpp"
#include "dcms/notation.hpp"
#include "dcms/positions.hpp"
#include "dcms/protocol.hpp"
#include "dcms/release_params.hpp"
#include "release/embedded_eval.hpp"

namespace embedded_eval_test {
std::string_view dcms_bytes();  // the test's dcms.eval compiled in (tests/CMakeLists.txt, gamelab_embedded_eval)
}

namespace dc = gamelab::dcms;
using gamelab::ParamSet;
using embedded_eval_test::TestEval;

namespace {

// What the bot prints for `requests` (the lab's line protocol), playing `params` with `eval`.
std::string bot_answers(const std::string& requests, const ParamSet& params, const dc::BotOptions& options,
                        const gamelab::learned::EmbeddedEval& eval) {
  std::istringstream in(requests);
  std::FILE* out = std::tmpfile();
  REQUIRE(out != nullptr);
  REQUIRE(dc::run_bot(in, out, params, options, eval) == 0);
  std::rewind(out);
  std::string text;
  char buffer[4096];
  std::size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, out)) > 0) text.append(buffer, n);
  std::fclose(out);
  return text;
}

}  // namespace

TEST_CASE("dcms: the bot with the embedded evaluation answers gamelab search's move at an iteration limit",
          "[release][eval][dcms]") {
  const TestEval test("dcms", embedded_eval_test::dcms_bytes());
  const ParamSet params = dc::release::frozen_params(dc::default_params());
  dc::BotOptions options;
  options.nodes = 1500;
  options.time_limit_s = 3600;  // the iterations decide
  int differs_from_handmade = 0, positions = 0;
  for (bool add : {true, false}) {
    int k = 0;
    for (const dc::State& s : dcms_test::random_positions(6, 5, 20)) {
      const int side = k++ % 2;
      const std::string request = dc::move_request(s, side);
      INFO(embedded_eval_test::mode_name(add) << "\n" << request);
      const std::string answer = bot_answers(request + dc::kQuitRequest, params, options, test.embedded(add));
      // The request's seed, as the bot reads the request.
      std::istringstream in(request);
      int line = 0;
      const std::uint64_t seed = dc::bot_request_seed(dc::read_bot_request(in, line, 1), options);
      gamelab::write_file_atomic("dcms-position.txt", dc::position_text(s));
      const auto lab = embedded_eval_test::lab_search(
          test, "--board dcms-position.txt --side " + std::string(dc::side_name(side)) + " --limit nodes=1500 --seed " + std::to_string(seed),
          add);
      CHECK(answer == lab["best"].get<std::string>() + "\n");
      differs_from_handmade += answer != bot_answers(request + dc::kQuitRequest, params, options, {});
      ++positions;
    }
  }
  CHECK(positions == 12);
  CHECK(differs_from_handmade > 0);  // the file is really played
}
