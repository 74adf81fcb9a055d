// Raichu's engine evaluating with a learned evaluation file (engines/raichu/learned_eval.hpp,
// docs/tools/train.md §8): its scores equal the file's reference inference (engines/core) on random
// positions of every board size, and what it adds a file to is the registry's hand-made evaluation.
// What every learned game's engine and commands do with a file (the incremental entries inside searches,
// determinism, eval= and --eval, refusals) is the conformance suite's (tests/conformance/learned_*).
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
