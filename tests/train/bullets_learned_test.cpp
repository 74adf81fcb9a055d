// Bullets' MCTS evaluating its leaves with a learned evaluation file (search/learned_leaf_eval.hpp,
// bullets/game.hpp LearnedEval; docs/tools/train.md §8): the value equals the file's reference
// inference on random play, mapped to mcts_eval_scale; a file trained by `gamelab train` on a tiny
// datagen plays in search, match, datagen, bench and tune spsa; a search with a file gives the same
// answer for the same seed; another game's file, or another input set's, is refused naming the field.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "bullets/engine.hpp"
#include "bullets/game.hpp"
#include "bullets/notation.hpp"
#include "bullets_positions.hpp"
#include "common/run.hpp"
#include "core/error.hpp"
#include "core/text_file.hpp"
#include "learned_leaf_checks.hpp"
#include "registry/game_registry.hpp"

using Catch::Matchers::Contains;
using gamelab_test::run;

namespace {

namespace bl = gamelab::bullets;

// Two of the gate's small boards with a round limit of 40, so that the commands' games take little time.
std::string short_boards() {
  const std::string dir = "bullets-short-boards";
  if (!std::filesystem::exists(dir)) {
    std::filesystem::create_directory(dir);
    for (const char* name : {"board-000-21x27.txt", "board-001-18x21.txt"}) {
      std::string text = gamelab::read_text_file(GAMELAB_DATA_DIR "/boards/bullets-gate/small-sparse-short/" + std::string(name));
      text = text.substr(0, text.find("limit ")) + "limit 40\n";
      gamelab::write_file_atomic(dir + "/" + name, text);
    }
  }
  return dir;
}

// A file trained by the lab from a tiny datagen (a few seconds), as a user makes one.
std::string trained_bullets_file() {
  const std::string dir = "bullets-learned-net";
  if (!std::filesystem::exists(dir + "/best.eval")) {
    std::filesystem::remove_all(dir);
    REQUIRE(run("datagen bullets --games 4 --limit nodes=50 --boards " + short_boards() + " --seed 3 --out bullets-learned.data").status == 0);
    const auto trained = run("train bullets --data bullets-learned.data --campaign " + dir + " --epochs 2 --hidden 8 --batch 64");
    INFO(trained.output);
    REQUIRE(trained.status == 0);
  }
  return std::filesystem::absolute(dir + "/best.eval").string();
}

// A position where Red's answer is the tree's (Blue off its start square, so no exact hunt, and
// nothing proven by the root's bounds), written to a file, for `gamelab search`.
std::string position_in_play(const std::string& path) {
  gamelab::SearchLimits limits;
  limits.nodes = 10;
  for (const auto& s : bullets_train_test::random_play_positions(40, 9)) {
    if (bl::on_start_square(s, bl::Blue)) continue;
    bl::Engine engine(bl::default_params(), 1);
    const bl::SearchResult r = engine.search(s, bl::Red, limits);
    if (r.proven || r.plan_hit_round) continue;
    gamelab::write_file_atomic(path, bl::position_text(s, bl::Red));
    return path;
  }
  FAIL("no position left to the tree");
  return path;
}

}  // namespace

TEST_CASE("bullets: the learned leaf value equals the file's reference inference on 1,200 random positions",
          "[train][engine][bullets]") {
  const std::vector<bl::State> states = bullets_train_test::random_play_positions(1200, 41);
  // The hand-made evaluation's weights, then aggression, hunt and hunt shot (game.hpp SearchGame).
  const std::vector<int> weights = bl::default_params().values();
  train_test::check_learned_leaves<bl::SearchGame>(
      "bullets", states, [](const bl::State& s) { return bl::position_text(s, bl::Red); }, weights);
}

TEST_CASE("bullets: another game's file, or another input set's, is refused naming the field", "[train][engine][bullets]") {
  train_test::write_model(train_test::random_model(gamelab::train::Form::Linear, "dcms", 3), "dcms", "dcms-for-bullets.eval", 100);
  CHECK_THROWS_WITH(bl::LearnedEval::load("dcms-for-bullets.eval"),
                    Contains("dcms-for-bullets.eval") && Contains("game is 'dcms', expected 'bullets'"));
  train_test::write_model(train_test::random_model(gamelab::train::Form::Linear, "bullets", 3), "bullets", "bullets-v0.eval",
                          100, "bullets-window-v0");
  CHECK_THROWS_WITH(bl::LearnedEval::load("bullets-v0.eval"),
                    Contains("inputs is 'bullets-window-v0', expected 'bullets-window-v1'"));
  const std::string board = position_in_play("bullets-refused.txt");
  const auto search = run("search bullets --board " + board + " --nodes 100 --eval dcms-for-bullets.eval");
  CHECK(search.status == 2);
  CHECK_THAT(search.output, Contains("game is 'dcms', expected 'bullets'"));
  const auto match = run("match bullets --engine name=a,nodes=50,eval=bullets-v0.eval --engine name=b,nodes=50 --games 2 "
                         "--boards " + short_boards() + " --out refused.jsonl");
  CHECK(match.status == 2);
  CHECK_THAT(match.output, Contains("inputs is 'bullets-window-v0', expected 'bullets-window-v1'"));
  CHECK_FALSE(std::filesystem::exists("refused.jsonl"));
}

TEST_CASE("bullets: a search with a learned file gives the same answer for the same seed, and another than without",
          "[train][engine][bullets]") {
  train_test::write_model(train_test::random_model(gamelab::train::Form::Network, "bullets", 8), "bullets", "bullets-det.eval", 100);
  const gamelab::GameEntry& game = gamelab::find_game("bullets");
  const std::string board = position_in_play("bullets-det.txt");
  auto search_once = [&](const gamelab::LearnedEvalSpec& learned) {
    gamelab::SearchRequest request;
    request.position.board = board;
    request.limits.nodes = 1500;
    request.params = game.default_params();
    request.seed = 4;
    request.learned = learned;
    return game.search(request);
  };
  const auto a = search_once({"bullets-det.eval", false}), b = search_once({"bullets-det.eval", false});
  const auto added = search_once({"bullets-det.eval", true}), hand = search_once({});
  CHECK(a.best_move == b.best_move);
  CHECK(a.score == b.score);
  CHECK(a.nodes == b.nodes);
  CHECK(a.analysis == b.analysis);  // the root strategies
  CHECK(a.analysis != hand.analysis);  // the file is really used
  CHECK(added.analysis != hand.analysis);
  CHECK(added.analysis != a.analysis);
}

TEST_CASE("bullets: a trained file plays in search, match, datagen, bench and tune spsa", "[train][engine][bullets][cli]") {
  const std::string file = trained_bullets_file();
  const std::string boards = short_boards();
  const std::string board = position_in_play("bullets-search.txt");
  const auto first = run("search bullets --board " + board + " --nodes 400 --seed 2 --json --eval " + file);
  INFO(first.output);
  REQUIRE(first.status == 0);
  const auto again = run("search bullets --board " + board + " --nodes 400 --seed 2 --json --eval " + file);
  const auto a = nlohmann::json::parse(first.output), b = nlohmann::json::parse(again.output);
  CHECK(a["best"] == b["best"]);
  CHECK(a["score"] == b["score"]);
  CHECK(a["nodes"] == b["nodes"]);
  CHECK(a["analysis"] == b["analysis"]);
  CHECK(run("search bullets --board " + board + " --nodes 400 --eval-mode replace --eval " + file).status == 0);

  const auto match = run("match bullets --engine name=learned,nodes=100,eval=" + file + " --engine name=hand,nodes=100 --boards " +
                         boards + " --games 2 --seed 7 --out bullets-learned.jsonl");
  INFO(match.output);
  CHECK(match.status == 0);
  CHECK_THAT(match.output, Contains("learned vs hand: 2 games"));
  CHECK_THAT(gamelab::read_text_file("bullets-learned.jsonl"), Contains("+eval:"));

  for (const char* out : {"bullets-a.data", "bullets-b.data"}) {
    const auto datagen = run("datagen bullets --games 2 --limit nodes=50 --seed 4 --boards " + boards + " --eval " + file +
                             " --out " + out);
    INFO(datagen.output);
    REQUIRE(datagen.status == 0);
  }
  const std::string data = gamelab::read_text_file("bullets-a.data");
  CHECK_THAT(data.substr(0, data.find('\n')), Contains("eval=" + file));
  CHECK(data == gamelab::read_text_file("bullets-b.data"));

  // The bench's first three positions at 200 iterations, with the file beside the hand-made engine.
  nlohmann::json suite = nlohmann::json::parse(gamelab::read_text_file(GAMELAB_DATA_DIR "/bench/bullets.json"));
  suite["nodes"] = 200;
  suite["positions"].erase(suite["positions"].begin() + 3, suite["positions"].end());
  gamelab::write_file_atomic("bullets-bench.json", suite.dump());
  const auto bench = run("bench bullets --suite bullets-bench.json --eval " + file);
  INFO(bench.output);
  CHECK(bench.status == 0);
  CHECK_THAT(bench.output, Contains("bullets bench 200 iterations hand-made:") && Contains("learned (") &&
                               Contains("x the hand-made's"));

  std::filesystem::remove_all("bullets-spsa");
  const auto spsa = run("tune spsa bullets --eval " + file + " --iterations 1 --pairs-per-iteration 1 --limit nodes=50 "
                        "--boards " + boards + " --verify-games 0 --campaign bullets-spsa");
  INFO(spsa.output);
  CHECK(spsa.status == 0);
  CHECK_THAT(gamelab::read_text_file("bullets-spsa/config.json"), Contains("\"eval\"") && Contains(file));
}
