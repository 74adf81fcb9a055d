// The learned evaluation compiled into a release bot (core/embedded_eval.hpp, search/embedded_eval.hpp,
// cmake/embed_eval.cmake), for every game that declares learned evaluations (embedded_games.hpp,
// generated from the list): the array CMake writes holds the file's bytes exactly; the engine with the
// embedded bytes evaluates as the lab's with eval=FILE, added or replacing; an embedded file whose
// fingerprint is not the one release.json records, or that does not read as the game's, is refused naming
// both, and each bot refuses to start with it (before its first answer); and this build carries exactly
// the releases of engines/.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "bullets/engine.hpp"
#include "conformance/typed_games.hpp"
#include "core/bot_frame.hpp"
#include "core/embedded_eval.hpp"
#include "core/text_file.hpp"
#include "dcms/bot.hpp"
#include "dcms/generator.hpp"
#include "dcms/protocol.hpp"
#include "dcms/rules.hpp"
#include "dcms/setup.hpp"
#include "jumpchess/client.hpp"
#include "jumpchess/release.hpp"
#include "raichu/eval.hpp"
#include "release/embedded_eval.hpp"
#include "release/embedded_games.hpp"
#include "search/alphabeta.hpp"
#include "search/embedded_eval.hpp"

using Catch::Matchers::Contains;
using embedded_eval_test::Embedded;
using embedded_eval_test::TestEval;
namespace learned = gamelab::learned;

namespace {

// Calls f.template operator()<G>() for every game with learned evaluations.
template <class F>
void for_each_learned_game(F&& f) {
  std::apply([&](auto... games) { (f(games), ...); }, embedded_eval_test::EmbeddedGames{});
}

// The reader's expectations of G's files: its line evaluation's (alpha-beta) or its leaves' (MCTS).
template <class G>
learned::EvalFileExpect expect() {
  if constexpr (requires { typename G::Incremental; }) return G::Incremental::expect();
  else return conformance::LeafSearch<G>::SearchGame::Learned::expect();
}

std::vector<std::pair<TestEval, learned::EvalFileExpect>> test_evals() {
  std::vector<std::pair<TestEval, learned::EvalFileExpect>> out;
  for_each_learned_game([&]<class G>(G) { out.push_back({TestEval(G::kName, Embedded<G>::bytes()), expect<G>()}); });
  return out;
}

learned::EvalFileExpect expect_of(const std::string& game) {
  for (const auto& [test, expect] : test_evals()) {
    if (test.game == game) return expect;
  }
  FAIL("no learned game " << game);
  return {};
}

}  // namespace

TEST_CASE("the embedded evaluation evaluates as eval=FILE on 10,000 random-play positions, added or replacing",
          "[release][eval]") {
  int games = 0;
  for_each_learned_game([&]<class G>(G) {
    INFO(G::kName);
    ++games;
    const TestEval test(G::kName, Embedded<G>::bytes());
    const gamelab::ParamSet params = Embedded<G>::frozen_params(gamelab::find_game(G::kName).default_params());
    if constexpr (requires { typename G::Incremental; }) {
      // Lines from the dataset's positions (its starts, its board sizes), the evaluation at a third of them.
      const auto starts = conformance::dataset_states<G>();
      embedded_eval_test::check_line_evaluations<G>(test, params, [&](int game) { return starts[game % starts.size()]; });
    } else {
      using Hook = conformance::LeafSearch<G>;
      using SearchGame = typename Hook::SearchGame;
      const std::vector<int> weights = params.values();
      const typename Hook::Leaves leaves(weights);
      embedded_eval_test::check_leaf_evaluations<SearchGame, typename SearchGame::Learned>(
          test, params, conformance::random_positions<G>(10000, 43, 60), [&](const typename G::State& s) { return leaves(s); });
    }
  });
  CHECK(games >= 4);
}

TEST_CASE("embedded evaluations: the compiled array is the file's bytes, and the file reads as eval=FILE reads it",
          "[release][eval]") {
  for (const auto& [test, expect] : test_evals()) {
    INFO(test.game);
    CHECK(test.bytes.size() > 1000);
    CHECK(test.bytes == gamelab::read_text_file(test.path));  // every byte, 0x00 and 0xff among them
    const auto file = learned::load_embedded_eval(test.embedded(true), expect);
    REQUIRE(file);
    CHECK(gamelab::learned::eval_file_bytes(*file) == test.bytes);
    CHECK(file->game == test.game);
    // Read once per process: a bot that makes an engine per request reads the bytes once.
    CHECK(learned::load_embedded_eval(test.embedded(false), expect) == file);
  }
  CHECK(learned::load_embedded_eval({}, expect_of("raichu")) == nullptr);  // a release without one
}

TEST_CASE("embedded evaluations: a fingerprint release.json does not record, or bytes that do not read, are refused",
          "[release][eval]") {
  for (const auto& [test, expect] : test_evals()) {
    INFO(test.game);
    CHECK_THROWS_WITH(learned::load_embedded_eval(test.disagreeing(), expect),
                      Contains("the test's " + test.game + ".eval: the embedded evaluation's fingerprint is " + test.fingerprint +
                               ", but release.json records 0123456789abcdef") &&
                          Contains("configure and build the bot again"));
    const std::string cut(test.bytes.substr(0, test.bytes.size() - 10));
    CHECK_THROWS_WITH(learned::load_embedded_eval({cut, test.fingerprint, true, test.source}, expect),
                      Contains("the embedded evaluation does not read: the test's " + test.game + ".eval: truncated"));
  }
  // Another game's file under this game's name: the reader's refusal, naming the field.
  const TestEval raichu("raichu", Embedded<gamelab::raichu::Game>::bytes());
  CHECK_THROWS_WITH(learned::load_embedded_eval(raichu.embedded(true), expect_of("jumpchess")),
                    Contains("game is 'raichu', expected 'jumpchess'"));
}

TEST_CASE("embedded evaluations: each bot refuses to start with a file that is not the release's", "[release][eval]") {
  const auto test = [](const std::string& game) {
    for (const auto& [eval, expect] : test_evals()) {
      if (eval.game == game) return eval;
    }
    throw std::runtime_error("no learned game " + game);
  };
  // Raichu and Bullets: their main reads the file first, then puts it on the engine it makes.
  {
    const gamelab::ParamSet params = gamelab::raichu::default_params();
    gamelab::search::AlphaBeta<gamelab::raichu::Game> engine(params.values(), gamelab::search::AlphaBetaKnobs::from(params));
    CHECK_THROWS_AS(gamelab::search::attach_embedded_eval(engine, test("raichu").disagreeing()), std::runtime_error);
    gamelab::bullets::Engine bullets(gamelab::bullets::default_params(), 1);
    CHECK_THROWS_WITH(gamelab::search::attach_embedded_eval(bullets, test("bullets").disagreeing()), Contains("0123456789abcdef"));
  }
  // Jump chess: the client's player, made before it connects.
  CHECK_THROWS_WITH(gamelab::jumpchess::ClientPlayer(gamelab::jumpchess::default_params(), test("jumpchess").disagreeing()),
                    Contains("but release.json records 0123456789abcdef"));
  // Dog-Cat-Mouse-cheeSe: before the first request is read, so nothing is answered.
  {
    const gamelab::dcms::State setup =
        gamelab::dcms::setup_state(gamelab::dcms::generate_board(9, 20, 0.15, 11), gamelab::dcms::Variant::Full);
    std::istringstream in(gamelab::dcms::setup_request(setup, gamelab::dcms::kBlue));
    std::FILE* out = std::tmpfile();
    REQUIRE(out != nullptr);
    CHECK_THROWS_WITH(gamelab::dcms::run_bot(in, out, gamelab::dcms::default_params(), {}, test("dcms").disagreeing()),
                      Contains("but release.json records 0123456789abcdef"));
    CHECK(std::ftell(out) == 0);
    CHECK(in.tellg() == 0);  // the request was not even read
    std::fclose(out);
  }
}

TEST_CASE("embedded evaluations: this build carries the learned evaluation of each game's release, if any",
          "[release][eval]") {
  namespace fs = std::filesystem;
  // (embedded_eval() itself is not called: a game's lib need not carry the bytes, its bot does.)
  const auto check = [](const std::string& game, bool has_eval, const char* fingerprint) {
    INFO(game);
    const std::string folder = GAMELAB_SOURCE_DIR "/engines/" + game;
    CHECK(has_eval == fs::exists(folder + "/release.eval"));
    if (!fs::exists(folder + "/release.json")) {  // no release yet: the bot plays the defaults, without a file
      CHECK_FALSE(has_eval);
      return;
    }
    const auto release = nlohmann::json::parse(gamelab::read_text_file(folder + "/release.json"));
    if (has_eval) CHECK(release.at("eval").at("fingerprint") == fingerprint);
    else CHECK(!release.contains("eval"));
  };
  for_each_learned_game([&]<class G>(G) { check(G::kName, Embedded<G>::kHasEval, Embedded<G>::kEvalFingerprint); });
}

TEST_CASE("embedded evaluations: --print-params shows the parameters, and the compiled-in file's fingerprint and mode",
          "[release][eval]") {
  const TestEval eval("raichu", Embedded<gamelab::raichu::Game>::bytes());
  const gamelab::ParamSet params = gamelab::raichu::default_params();
  // Without a learned evaluation, the parameters alone, as before.
  CHECK(gamelab::bot::printed_params(params, {}) == params.to_json());
  for (const bool add : {true, false}) {
    const std::string text = gamelab::bot::printed_params(params, eval.embedded(add));
    const auto json = nlohmann::json::parse(text);
    CHECK(json.at("eval") == nlohmann::json{{"file", eval.source}, {"fingerprint", eval.fingerprint}, {"mode", embedded_eval_test::mode_name(add)}});
    // Still a parameter file: it loads as the parameters it prints (release.json carries an "eval" too).
    const std::string path = (std::filesystem::temp_directory_path() /
                              ("gamelab_printed_params_" + std::to_string(::getpid()) + ".json")).string();
    gamelab::write_file_atomic(path, text);
    CHECK(gamelab::ParamSet::load_file(path, params).values() == params.values());
    std::filesystem::remove(path);
  }
}
