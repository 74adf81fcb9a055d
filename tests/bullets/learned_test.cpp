// Bullets' MCTS evaluating its leaves with a learned evaluation file (search/learned_leaf_eval.hpp,
// bullets/game.hpp LearnedEval; docs/tools/train.md §8): the value equals the file's reference
// inference on random play, mapped to mcts_eval_scale; a file trained by `gamelab train` on a tiny
// datagen plays in search, match, datagen, bench and tune spsa; a search with a file gives the same
// answer for the same seed (another game's file refused: the conformance suite).
#include <catch2/catch.hpp>
#include <filesystem>

#include "bullets/engine.hpp"
#include "bullets/game.hpp"
#include "bullets/notation.hpp"
#include "positions_for_training.hpp"
#include "core/error.hpp"
#include "core/text_file.hpp"
#include "train/learned_cli_checks.hpp"
#include "train/learned_leaf_checks.hpp"
#include "registry/game_registry.hpp"

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

TEST_CASE("bullets: a search with a learned file gives the same answer for the same seed, and another than without",
          "[train][engine][bullets]") {
  // The root strategies are the analysis.
  train_test::check_same_seed_search("bullets", "bullets", position_in_play("bullets-det.txt"),
                                     [](const gamelab::SearchReport& r) { return r.analysis; });
}

TEST_CASE("bullets: a trained file plays in search, match, datagen, bench and tune spsa", "[train][engine][bullets][cli]") {
  // A file trained by the lab from a tiny datagen (a few seconds), as a user makes one.
  const std::string file =
      train_test::trained_file("bullets", "bullets", "--games 4 --limit nodes=50 --boards " + short_boards() + " --seed 3");
  train_test::check_trained_file_plays({.game = "bullets",
                                        .prefix = "bullets",
                                        .search = "--board " + position_in_play("bullets-search.txt") + " --nodes 400",
                                        .seed = "--seed 2",
                                        .same_analysis = true,
                                        .positions = "--boards " + short_boards(),
                                        .datagen_nodes = 50,
                                        .bench = train_test::short_bench_suite("bullets", "bullets"),
                                        .bench_heading = "bullets bench 200 iterations hand-made:"},
                                       file);
}
