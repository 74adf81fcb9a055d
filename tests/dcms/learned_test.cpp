// Dog-Cat-Mouse-cheeSe's MCTS evaluating its leaves with a learned evaluation file
// (search/learned_leaf_eval.hpp, dcms/game.hpp LearnedEval; docs/tools/train.md §8): the value equals
// the file's reference inference on random play, mapped to mcts_eval_scale; a file trained by
// `gamelab train` on a tiny datagen plays in search, match, datagen, bench and tune spsa; a search with
// a file gives the same answer for the same seed; another game's file, or another input set's, is
// refused naming the field.
#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "core/text_file.hpp"
#include "dcms/engine.hpp"
#include "dcms/game.hpp"
#include "dcms/notation.hpp"
#include "dcms/positions.hpp"
#include "train/learned_cli_checks.hpp"
#include "train/learned_leaf_checks.hpp"
#include "registry/game_registry.hpp"

namespace {

namespace dc = gamelab::dcms;

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

TEST_CASE("dcms: a search with a learned file gives the same answer for the same seed, and another than without",
          "[train][engine][dcms]") {
  train_test::check_same_seed_search("dcms", "dcms", position_in_play("dcms-det.txt"), strategies);
}

TEST_CASE("dcms: a trained file plays in search, match, datagen, bench and tune spsa", "[train][engine][dcms][cli]") {
  // A file trained by the lab from a tiny datagen (a few seconds), as a user makes one.
  const std::string file = train_test::trained_file("dcms", "dcms", "--games 12 --limit nodes=100 --keep-tactical --seed 3");
  train_test::check_trained_file_plays({.game = "dcms",
                                        .prefix = "dcms",
                                        .search = "--board " + position_in_play("dcms-search.txt") + " --nodes 400",
                                        .seed = "--seed 2",
                                        .same_analysis = false,  // its first line has the time
                                        .positions = "--boards " GAMELAB_DATA_DIR "/boards/dcms-gate-bands/full-small",
                                        .datagen_nodes = 60,
                                        .bench = train_test::short_bench_suite("dcms", "dcms"),
                                        .bench_heading = "dcms bench 200 iterations hand-made:"},
                                       file);
}
