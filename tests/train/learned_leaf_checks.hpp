#pragma once
// What a simultaneous game's learned evaluation at the MCTS's leaves (search/learned_leaf_eval.hpp)
// must be, for the conformance suite (tests/conformance/learned_typed_test.cpp): on every position, the file's
// reference inference (engines/core, over the inputs the registry gives for the position's text), its
// own score when the file's scale is the MCTS's, the float model within the quantisation bound, and
// the search's leaf evaluation (replacing or added to the hand-made one). The files with random
// weights and the reference inference are learned_files.hpp's.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "core/eval_file.hpp"
#include "learned_files.hpp"
#include "registry/game_registry.hpp"
#include "search/mcts_knobs.hpp"
#include "search/simultaneous_mcts.hpp"
#include "tuner/train/eval_export.hpp"
#include "tuner/train/model.hpp"

namespace train_test {

// The checks above for both forms on `states` (MCTS states of SearchGame), `text` giving a state's
// position file, `weights` the hand-made evaluation's. The files are written as `game`-FORM*.eval.
template <class SearchGame, class Text>
void check_learned_leaves(const std::string& game, const std::vector<typename SearchGame::State>& states, Text text,
                          const std::vector<int>& weights) {
  using Eval = typename SearchGame::Learned;
  using namespace gamelab;
  const SparseInputSet& set = find_game(game).sparse_inputs;
  search::MctsKnobs knobs;
  knobs.eval_scale = 77;  // not the files' 100: the value follows the MCTS's scale
  for (train::Form form : {train::Form::Network, train::Form::Linear}) {
    INFO(train::to_string(form));
    const train::Model model = random_model(form, game, form == train::Form::Network ? 5 : 6);
    const std::string path = game + "-" + train::to_string(form) + ".eval";
    const std::string same = game + "-" + train::to_string(form) + "-77.eval";
    write_model(model, game, path, 100);
    write_model(model, game, same, knobs.eval_scale);
    const auto file = Eval::load(path);
    const auto same_file = Eval::load(same);
    Eval eval(file, false, knobs.eval_scale), same_scale(same_file, false, knobs.eval_scale);
    search::SimultaneousMcts<SearchGame> replacing(weights, knobs, 1), adding(weights, knobs, 1);
    replacing.set_learned(std::make_unique<Eval>(file, false, knobs.eval_scale));
    adding.set_learned(std::make_unique<Eval>(file, true, knobs.eval_scale));

    train::TrainData data;
    data.inputs = set.count;
    std::vector<SparseInputs> inputs(states.size());
    for (std::size_t k = 0; k < states.size(); ++k) {
      set.active(text(states[k]), inputs[k]);
      data.add_row(inputs[k].perspective[0], inputs[k].perspective[1], 0.5);
    }
    const double bound = train::quantisation_bound(model, set.max_active);
    train::Scratch scratch(model);
    int different = 0;
    for (std::size_t k = 0; k < states.size(); ++k) {
      INFO(text(states[k]));
      const auto& s = states[k];
      const std::int64_t raw = reference_raw(*file, inputs[k]);
      REQUIRE(eval.raw_output(s) == raw);
      const int value = eval.value(s);
      REQUIRE(value == static_cast<int>(raw * knobs.eval_scale / eval.denominator()));
      // A file whose scale is the MCTS's: the value is the file's own score.
      REQUIRE(same_scale.value(s) == reference_score(*same_file, inputs[k]));
      // The float model's logit in the MCTS's units, within what the rounding can change.
      const double y = train::forward(model, data, k, scratch);
      REQUIRE(std::fabs(value - y * knobs.eval_scale) <= bound * knobs.eval_scale + 1 + 1e-6);
      // The search's leaves: the learned value alone, or added to the hand-made evaluation.
      const int handmade = SearchGame::evaluate(s, weights.data());
      REQUIRE(replacing.evaluation(s) == value);
      REQUIRE(adding.evaluation(s) == value + handmade);
      different += value != reference_score(*file, inputs[k]);
    }
    CHECK(different > 0);  // the file's scale (100) is not the MCTS's (77): the mapping matters
  }
}

}  // namespace train_test
