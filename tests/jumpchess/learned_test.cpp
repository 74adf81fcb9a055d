// Jump chess's engine evaluating with a learned evaluation file (engines/jumpchess/learned_eval.hpp on
// search/learned_line_eval.hpp, docs/tools/train.md §8): on random games its incremental score equals
// the reference inference from scratch and the file's own score over the inputs the registry gives
// for the position's text, through chains of captures, the clock's steps and passes; inside real
// searches every evaluation's entry equals a refresh; another game's file or input set is refused
// naming the field; a search with a file is deterministic at fixed nodes; and a file trained by
// `gamelab train` from a tiny datagen plays in search, match, datagen, bench and tune spsa.
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

TEST_CASE("jumpchess: inside searches, the incremental entries equal a refresh at every evaluation",
          "[train][engine][jumpchess]") {
  for (Form form : {Form::Network, Form::Linear}) {
    const auto file = random_file(form, 21, "jc-search.eval");
    const std::uint64_t evaluations = train_test::check_searches<jc::Game>(
        file, jc::default_params(), [](int) { return jc::start_position(); }, 3, 60, 1500);
    INFO("evaluations " << evaluations);
    CHECK(evaluations > 20000);
  }
}

TEST_CASE("jumpchess: a search with a learned file is deterministic at fixed nodes and differs from the hand-made one",
          "[train][engine][jumpchess]") {
  random_file(Form::Network, 8, "jc-det.eval");
  const gamelab::GameEntry& game = gamelab::find_game("jumpchess");
  auto search_once = [&](const gamelab::LearnedEvalSpec& learned) {
    gamelab::SearchRequest request;
    request.limits.nodes = 20000;
    request.params = game.default_params();
    request.learned = learned;
    return game.search(request);
  };
  const auto a = search_once({"jc-det.eval", false}), b = search_once({"jc-det.eval", false});
  const auto added = search_once({"jc-det.eval", true}), hand = search_once({});
  CHECK(a.best_move == b.best_move);
  CHECK(a.score == b.score);
  CHECK(a.nodes == b.nodes);
  CHECK(a.depth == b.depth);
  CHECK((a.score != hand.score || a.best_move != hand.best_move));  // the file is really used
  CHECK((added.score != hand.score || added.best_move != hand.best_move));
  // Added beside the hand-made evaluation: the hand-made score plus the learned one.
  const auto file = jc::LearnedEval::read("jc-det.eval");
  jc::LearnedEval with_handmade(file, true);
  const jc::State s = jc::start_position();
  jc::MoveList moves;
  jc::generate_moves(s, moves);
  with_handmade.root(s);
  const gamelab::ParamSet params = jc::default_params();
  CHECK(with_handmade.evaluate(s, 0, params.values().data(), moves) ==
        jc::LearnedEval::reference_score(*file, s) + jc::evaluate(s, params.values().data(), moves));
}

TEST_CASE("jumpchess: a trained file plays in search, match, datagen, bench and tune spsa", "[train][engine][jumpchess][cli]") {
  // A file trained by the lab from a tiny datagen (a few seconds), as a user makes one.
  const std::string file = train_test::trained_file("jumpchess", "jc", "--games 6 --limit nodes=100 --seed 3");
  train_test::check_trained_file_plays({.game = "jumpchess",
                                        .prefix = "jc",
                                        .search = "--nodes 3000",
                                        .seed = "",
                                        .same_analysis = false,
                                        .positions = "",  // the start
                                        .datagen_nodes = 60,
                                        .bench = "--depth 3",
                                        .bench_heading = "hand-made:"},
                                       file);
}
