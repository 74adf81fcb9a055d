// Dog-Cat-Mouse-cheeSe's MCTS evaluating its leaves with a learned evaluation file
// (search/learned_leaf_eval.hpp, dcms/game.hpp LearnedEval; docs/tools/train.md §8): the value equals
// the file's reference inference on random play, mapped to mcts_eval_scale; a file trained by
// `gamelab train` on a tiny datagen plays in search, match, datagen, bench and tune spsa; a search with
// a file gives the same answer for the same seed; another game's file, or another input set's, is
// refused naming the field.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "common/run.hpp"
#include "core/error.hpp"
#include "core/text_file.hpp"
#include "dcms/engine.hpp"
#include "dcms/game.hpp"
#include "dcms/notation.hpp"
#include "dcms/positions.hpp"
#include "learned_leaf_checks.hpp"
#include "registry/game_registry.hpp"

using Catch::Matchers::Contains;
using gamelab_test::run;

namespace {

namespace dc = gamelab::dcms;

// A file trained by the lab from a tiny datagen (a few seconds), as a user makes one.
std::string trained_dcms_file() {
  const std::string dir = "dcms-learned-net";
  if (!std::filesystem::exists(dir + "/best.eval")) {
    std::filesystem::remove_all(dir);
    REQUIRE(run("datagen dcms --games 12 --limit nodes=100 --keep-tactical --seed 3 --out dcms-learned.data").status == 0);
    const auto trained = run("train dcms --data dcms-learned.data --campaign " + dir + " --epochs 2 --hidden 8 --batch 64");
    INFO(trained.output);
    REQUIRE(trained.status == 0);
  }
  return std::filesystem::absolute(dir + "/best.eval").string();
}

// A position in play that the root's bounds do not decide for blue (so the MCTS runs), written to a
// file, for `gamelab search`.
std::string position_in_play(const std::string& path) {
  dc::Engine engine(dc::default_params(), 1);
  gamelab::SearchLimits limits;
  limits.nodes = 10;
  for (const auto& s : dcms_test::random_positions(20, 5, 20)) {
    if (engine.choose_action(s, dc::kBlue, limits).proven) continue;
    gamelab::write_file_atomic(path, dc::position_text(s));
    return path;
  }
  FAIL("no position in play left to the MCTS");
  return path;
}

// The root strategies of a search's analysis (its first line has the time).
std::string strategies(const gamelab::SearchReport& report) { return report.analysis.substr(report.analysis.find('\n') + 1); }

}  // namespace

TEST_CASE("dcms: the learned leaf value equals the file's reference inference on 1,200 random positions",
          "[train][engine][dcms]") {
  const gamelab::ParamSet params = dc::default_params();
  dc::SearchConfig config;
  config.weights = params.values().data();
  std::vector<dc::SearchState> states;
  for (const auto& s : dcms_test::random_positions(1200, 17, 40)) states.push_back({s, &config});
  const std::vector<int> weights = params.values();
  train_test::check_learned_leaves<dc::SearchGame>(
      "dcms", states, [](const dc::SearchState& s) { return dc::position_text(s.state); }, weights);
}

TEST_CASE("dcms: another game's file, or another input set's, is refused naming the field", "[train][engine][dcms]") {
  const auto model = train_test::random_model(gamelab::train::Form::Linear, "bullets", 3);
  train_test::write_model(model, "bullets", "bullets-for-dcms.eval", 100);
  CHECK_THROWS_WITH(dc::LearnedEval::load("bullets-for-dcms.eval"),
                    Contains("bullets-for-dcms.eval") && Contains("game is 'bullets', expected 'dcms'"));
  train_test::write_model(train_test::random_model(gamelab::train::Form::Linear, "dcms", 3), "dcms", "dcms-v0.eval", 100,
                          "dcms-distances-v0");
  CHECK_THROWS_WITH(dc::LearnedEval::load("dcms-v0.eval"),
                    Contains("inputs is 'dcms-distances-v0', expected 'dcms-distances-v1'"));
  const std::string board = position_in_play("dcms-refused.txt");
  const auto search = run("search dcms --board " + board + " --nodes 100 --eval bullets-for-dcms.eval");
  CHECK(search.status == 2);
  CHECK_THAT(search.output, Contains("game is 'bullets', expected 'dcms'"));
  const auto match = run("match dcms --engine name=a,nodes=50,eval=dcms-v0.eval --engine name=b,nodes=50 --games 2 "
                         "--boards " GAMELAB_DATA_DIR "/boards/dcms-gate-bands/full-small --out refused.jsonl");
  CHECK(match.status == 2);
  CHECK_THAT(match.output, Contains("inputs is 'dcms-distances-v0', expected 'dcms-distances-v1'"));
  CHECK_FALSE(std::filesystem::exists("refused.jsonl"));
}

TEST_CASE("dcms: a search with a learned file gives the same answer for the same seed, and another than without",
          "[train][engine][dcms]") {
  train_test::write_model(train_test::random_model(gamelab::train::Form::Network, "dcms", 8), "dcms", "dcms-det.eval", 100);
  const gamelab::GameEntry& game = gamelab::find_game("dcms");
  const std::string board = position_in_play("dcms-det.txt");
  auto search_once = [&](const gamelab::LearnedEvalSpec& learned) {
    gamelab::SearchRequest request;
    request.position.board = board;
    request.limits.nodes = 1500;
    request.params = game.default_params();
    request.seed = 4;
    request.learned = learned;
    return game.search(request);
  };
  const auto a = search_once({"dcms-det.eval", false}), b = search_once({"dcms-det.eval", false});
  const auto added = search_once({"dcms-det.eval", true}), hand = search_once({});
  CHECK(a.best_move == b.best_move);
  CHECK(a.score == b.score);
  CHECK(a.nodes == b.nodes);
  CHECK(strategies(a) == strategies(b));
  CHECK(strategies(a) != strategies(hand));  // the file is really used: other strategies
  CHECK(strategies(added) != strategies(hand));
  CHECK(strategies(added) != strategies(a));
}

TEST_CASE("dcms: a trained file plays in search, match, datagen, bench and tune spsa", "[train][engine][dcms][cli]") {
  const std::string file = trained_dcms_file();
  const std::string board = position_in_play("dcms-search.txt");
  const auto first = run("search dcms --board " + board + " --nodes 400 --seed 2 --json --eval " + file);
  INFO(first.output);
  REQUIRE(first.status == 0);
  const auto again = run("search dcms --board " + board + " --nodes 400 --seed 2 --json --eval " + file);
  const auto a = nlohmann::json::parse(first.output), b = nlohmann::json::parse(again.output);
  CHECK(a["best"] == b["best"]);
  CHECK(a["score"] == b["score"]);
  CHECK(a["nodes"] == b["nodes"]);
  CHECK(run("search dcms --board " + board + " --nodes 400 --eval-mode replace --eval " + file).status == 0);

  const std::string boards = GAMELAB_DATA_DIR "/boards/dcms-gate-bands/full-small";
  const auto match = run("match dcms --engine name=learned,nodes=100,eval=" + file + " --engine name=hand,nodes=100 --boards " +
                         boards + " --games 2 --seed 7 --out dcms-learned.jsonl");
  INFO(match.output);
  CHECK(match.status == 0);
  CHECK_THAT(match.output, Contains("learned vs hand: 2 games"));
  CHECK_THAT(gamelab::read_text_file("dcms-learned.jsonl"), Contains("+eval:"));

  for (const char* out : {"dcms-a.data", "dcms-b.data"}) {
    const auto datagen = run("datagen dcms --games 2 --limit nodes=60 --seed 4 --boards " + boards + " --eval " + file +
                             " --out " + out);
    INFO(datagen.output);
    REQUIRE(datagen.status == 0);
  }
  const std::string data = gamelab::read_text_file("dcms-a.data");
  CHECK_THAT(data.substr(0, data.find('\n')), Contains("eval=" + file));
  CHECK(data == gamelab::read_text_file("dcms-b.data"));

  // The bench's first three positions at 200 iterations, with the file beside the hand-made engine.
  nlohmann::json suite = nlohmann::json::parse(gamelab::read_text_file(GAMELAB_DATA_DIR "/bench/dcms.json"));
  suite["nodes"] = 200;
  suite["positions"].erase(suite["positions"].begin() + 3, suite["positions"].end());
  gamelab::write_file_atomic("dcms-bench.json", suite.dump());
  const auto bench = run("bench dcms --suite dcms-bench.json --eval " + file);
  INFO(bench.output);
  CHECK(bench.status == 0);
  CHECK_THAT(bench.output, Contains("dcms bench 200 iterations hand-made:") && Contains("learned (") &&
                               Contains("x the hand-made's"));

  std::filesystem::remove_all("dcms-spsa");
  const auto spsa = run("tune spsa dcms --eval " + file + " --iterations 1 --pairs-per-iteration 1 --limit nodes=50 "
                        "--boards " + boards + " --verify-games 0 --campaign dcms-spsa");
  INFO(spsa.output);
  CHECK(spsa.status == 0);
  CHECK_THAT(gamelab::read_text_file("dcms-spsa/config.json"), Contains("\"eval\"") && Contains(file));
}
