// Raichu's engine evaluating with a learned evaluation file (engines/raichu/learned_eval.hpp,
// docs/tools/train.md §8): its scores equal the file's reference inference (engines/core) on random
// positions of every board size, its incremental entries equal a refresh at every evaluation inside
// real searches, a search with a file is deterministic at fixed nodes, and the command line loads the
// file (eval=, --eval) and refuses another game's with exit code 2.
#include <catch2/catch.hpp>
#include <filesystem>
#include <memory>

#include "common/run.hpp"
#include "core/eval_file.hpp"
#include "core/text_file.hpp"
#include "raichu/game.hpp"
#include "raichu/learned_eval.hpp"
#include "raichu/rules.hpp"
#include "raichu/sparse_inputs.hpp"
#include "train/learned_cli_checks.hpp"
#include "train/learned_files.hpp"
#include "train/learned_line_checks.hpp"
#include "registry/game_registry.hpp"
#include "search/alphabeta.hpp"
#include "tuner/train/eval_export.hpp"
#include "tuner/train/model.hpp"

using namespace gamelab;
using namespace gamelab::raichu;
using Catch::Matchers::Contains;
using gamelab_test::run;

namespace {

// A file over Raichu's inputs (or, as `game`, another game's file of the same shape) with seeded random
// weights as large as training allows, written and read back as an engine reads it.
std::shared_ptr<const learned::EvalFile> random_file(train::Form form, std::uint64_t seed, const std::string& path,
                                                     const std::string& game = "raichu") {
  learned::write_eval_file(path, train::quantise(train_test::random_model(form, "raichu", seed),
                                                 {game, kSparseInputName, kSparseMaxActive, 147, "a test file"}));
  if (game != "raichu") return nullptr;
  return LearnedEval::read(path);
}

}  // namespace

TEST_CASE("the engine's learned evaluation equals the file's reference inference on 10,000 positions of n = 8..16",
          "[train][engine][raichu]") {
  for (train::Form form : {train::Form::Network, train::Form::Linear}) {
    const auto file = random_file(form, form == train::Form::Network ? 5 : 6, "identity.eval");
    LearnedEval eval(file);
    const int positions = train_test::check_random_lines<raichu::Game>(
        eval, [](int game) { return start_position(8 + 2 * (game % 5)); }, 11, 10000,
        [&](const State& s, int ply) { REQUIRE(eval.learned_score(s, ply) == LearnedEval::reference_score(*file, s)); },
        [](const State&, const Move&) {});
    CHECK(positions >= 10000);
  }
}

TEST_CASE("the registry's hand-made evaluation (a residual fit's base) is what the engine adds a file to",
          "[train][engine][raichu]") {
  // evalmode=add: the engine's evaluation is the file's score plus the hand-made one; the trainer's
  // residual fit reads the latter through GameEntry::handmade_eval from the position's text.
  const auto file = random_file(train::Form::Network, 31, "residual.eval");
  LearnedEval eval(file, true);
  const ParamSet params = ParamSet::load_file(std::string(GAMELAB_DATA_DIR) + "/../engines/raichu/release.json", default_params());
  const auto weights = params.values();
  const HandmadeEval handmade = find_game("raichu").handmade_eval(params);
  CHECK(handmade.units_per_logit == 0);  // the file's own scale
  const int positions = train_test::check_random_lines<raichu::Game>(
      eval, [](int game) { return start_position(8 + 2 * (game % 5)); }, 12, 2000,
      [&](const State& s, int ply) {
        if (raichu::Game::ends_before_moves(s)) return;
        raichu::Game::MoveList moves;
        raichu::Game::generate_moves(s, moves);
        const double base = handmade.value(position_line(s));
        REQUIRE(eval.evaluate(s, ply, weights.data(), moves) == eval.learned_score(s, ply) + static_cast<int>(base));
      },
      [](const State&, const Move&) {});
  CHECK(positions >= 2000);
}

TEST_CASE("inside searches, the incremental entries equal a refresh at every evaluation", "[train][engine][raichu]") {
  for (train::Form form : {train::Form::Network, train::Form::Linear}) {
    const auto file = random_file(form, 21, "search.eval");
    const std::uint64_t evaluations = train_test::check_searches<raichu::Game>(
        file, default_params(), [](int game) { return start_position(8 + 2 * game); }, 5, 24, 1500);
    INFO("evaluations " << evaluations);
    CHECK(evaluations > 50000);
  }
}

TEST_CASE("a search with a learned file is deterministic at fixed nodes and differs from the hand-made one",
          "[train][engine][raichu]") {
  random_file(train::Form::Network, 8, "det.eval");
  const GameEntry& game = find_game("raichu");
  auto search_once = [&](bool learned) {
    SearchRequest request;
    request.position.options = {{"n", "12"}};
    request.limits.nodes = 20000;
    request.params = game.default_params();
    if (learned) request.learned = {"det.eval", false};
    return game.search(request);
  };
  const SearchReport a = search_once(true), b = search_once(true), hand = search_once(false);
  CHECK(a.best_move == b.best_move);
  CHECK(a.score == b.score);
  CHECK(a.nodes == b.nodes);
  CHECK(a.depth == b.depth);
  CHECK((a.score != hand.score || a.best_move != hand.best_move));  // the file is really used
  // Added beside the hand-made evaluation: the hand-made score plus the learned one at a leaf.
  const auto file = LearnedEval::read("det.eval");
  LearnedEval added(file, true);
  const State s = start_position(10);
  raichu::MoveList moves;
  generate_moves(s, moves);
  added.root(s);
  const ParamSet params = default_params();
  CHECK(added.evaluate(s, 0, params.values().data(), moves) ==
        LearnedEval::reference_score(*file, s) + raichu::evaluate(s, params.values().data(), moves));
}

TEST_CASE("eval=FILE and --eval load a Raichu file and refuse another game's with exit code 2", "[train][engine][cli]") {
  random_file(train::Form::Network, 9, "good.eval");
  random_file(train::Form::Linear, 9, "jumpchess.eval", "jumpchess");
  const std::string good = std::filesystem::absolute("good.eval").string();
  const std::string wrong = std::filesystem::absolute("jumpchess.eval").string();

  const auto match = run("match raichu --engine name=learned,nodes=200,eval=" + good + " --engine name=hand,nodes=200 "
                         "--games 2 --seed 1 --out learned.jsonl");
  INFO(match.output);
  CHECK(match.status == 0);
  CHECK_THAT(match.output, Contains("learned vs hand: 2 games"));

  const auto refused = run("match raichu --engine name=learned,nodes=200,eval=" + wrong + " --engine name=hand,nodes=200 "
                           "--games 2 --seed 1 --out refused.jsonl");
  INFO(refused.output);
  CHECK(refused.status == 2);
  CHECK_THAT(refused.output, Contains("jumpchess.eval") && Contains("game is 'jumpchess', expected 'raichu'"));
  CHECK_FALSE(std::filesystem::exists("refused.jsonl"));

  const auto mode = run("match raichu --engine name=learned,nodes=200,evalmode=blend,eval=" + good +
                        " --engine name=hand,nodes=200 --games 2 --out mode.jsonl");
  CHECK(mode.status == 2);
  CHECK_THAT(mode.output, Contains("evalmode 'blend' is not replace or add"));
  const auto other_game = run("match jumpchess --engine name=a,nodes=100,eval=" + good + " --engine name=b,nodes=100 "
                              "--games 2 --out jc.jsonl");
  CHECK(other_game.status == 2);
  CHECK_THAT(other_game.output, Contains("game is 'raichu', expected 'jumpchess'"));

  const auto search = run("search raichu --n 10 --nodes 3000 --eval " + good);
  INFO(search.output);
  CHECK(search.status == 0);
  CHECK_THAT(search.output, Contains("best "));
  const auto search_wrong = run("search raichu --nodes 3000 --eval " + wrong);
  CHECK(search_wrong.status == 2);
  CHECK_THAT(search_wrong.output, Contains("game is 'jumpchess', expected 'raichu'"));

  const auto bench = run("bench raichu --depth 3 --eval " + good);
  INFO(bench.output);
  CHECK(bench.status == 0);
  CHECK_THAT(bench.output, Contains("hand-made:") && Contains("learned (") && Contains("x the hand-made's"));
  const auto bench_wrong = run("bench raichu --depth 3 --eval " + wrong);
  CHECK(bench_wrong.status == 2);

  // Self-play with the file: its header names the evaluation, and the same command gives the same file.
  train_test::check_datagen_with_file("datagen raichu --games 2 --limit nodes=200 --seed 4 --eval " + good, good, "");
  const auto datagen_wrong = run("datagen raichu --games 2 --limit nodes=200 --eval " + wrong + " --out c.data");
  CHECK(datagen_wrong.status == 2);

  // An SPSA campaign whose engines evaluate with the file: its configuration keeps it for a resume.
  train_test::check_spsa_keeps_file("tune spsa raichu --eval " + good + " --iterations 1 --pairs-per-iteration 1 "
                                    "--limit nodes=100 --verify-games 0 --campaign spsa",
                                    "spsa", good);
  const auto spsa_wrong = run("tune spsa raichu --eval " + wrong + " --iterations 1 --limit nodes=100 --campaign spsa2");
  CHECK(spsa_wrong.status == 2);
  CHECK_THAT(spsa_wrong.output, Contains("game is 'jumpchess', expected 'raichu'"));
}
