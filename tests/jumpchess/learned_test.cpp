// Jump chess's engine evaluating with a learned evaluation file (engines/jumpchess/learned_eval.hpp on
// search/learned_line_eval.hpp, docs/tools/train.md §8): on random games its incremental score equals
// the reference inference from scratch and the file's own score over the inputs the registry gives
// for the position's text, through chains of captures, the clock's steps and passes (what every learned
// game's engine and commands do with a file is the conformance suite's, tests/conformance/learned_*).
#include <catch2/catch.hpp>
#include <bit>

#include "core/text_file.hpp"
#include "jumpchess/game.hpp"
#include "jumpchess/learned_eval.hpp"
#include "jumpchess/notation.hpp"
#include "jumpchess/rules.hpp"
#include "train/learned_cli_checks.hpp"
#include "train/learned_files.hpp"
#include "train/learned_line_checks.hpp"
#include "registry/game_registry.hpp"

namespace {

namespace jc = gamelab::jumpchess;
using gamelab::train::Form;

// A file of random weights over jump chess's inputs, read back as the engine reads it.
std::shared_ptr<const gamelab::learned::EvalFile> random_file(Form form, std::uint64_t seed, const std::string& path) {
  train_test::write_model(train_test::random_model(form, "jumpchess", seed), "jumpchess", path, 120);
  return jc::LearnedEval::read(path);
}

}  // namespace

TEST_CASE("jumpchess: the engine's learned score equals the reference inference on 3,000 random positions",
          "[train][engine][jumpchess]") {
  const gamelab::SparseInputSet& set = gamelab::find_game("jumpchess").sparse_inputs;
  for (Form form : {Form::Network, Form::Linear}) {
    INFO(gamelab::train::to_string(form));
    const auto file = random_file(form, form == Form::Network ? 5 : 6, "jc-identity.eval");
    jc::LearnedEval eval(file);
    int multiple_captures = 0, clock_steps = 0, passes = 0;
    const int positions = train_test::check_random_lines<jc::Game>(
        eval, [](int) { return jc::start_position(); }, 11, 3000,
        [&](const jc::State& s, int ply) {
          const int score = eval.learned_score(s, ply);
          REQUIRE(score == jc::LearnedEval::reference_score(*file, s));
          gamelab::SparseInputs inputs;  // the file's own score over the registry's inputs of the text
          set.active(jc::position_text(s), inputs);
          REQUIRE(score == train_test::reference_score(*file, inputs));
        },
        [&](const jc::State& s, const jc::Move& m) {
          multiple_captures += std::popcount(m.captured) >= 2;
          clock_steps += jc::sparse_clock_index(s.moves_made[s.side]) != jc::sparse_clock_index(s.moves_made[s.side] + 1);
          passes += m.is_pass();
        });
    INFO("multiple captures " << multiple_captures << ", clock steps " << clock_steps << ", passes " << passes);
    CHECK(positions >= 3000);
    CHECK(multiple_captures > 0);  // the general path of the update: more than two inputs off
    CHECK(clock_steps > 0);        // two on in the mover's perspective
    CHECK(passes > 0);             // only the clock changes
  }
}
