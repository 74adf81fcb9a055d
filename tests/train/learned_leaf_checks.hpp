#pragma once
// What a simultaneous game's learned evaluation at the MCTS's leaves (search/learned_leaf_eval.hpp)
// must be, for dcms_learned_test.cpp and bullets_learned_test.cpp: on every position, the file's
// reference inference (engines/core, over the inputs the registry gives for the position's text), its
// own score when the file's scale is the MCTS's, the float model within the quantisation bound, and
// the search's leaf evaluation (replacing or added to the hand-made one); and files with random
// weights to test it with.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "core/eval_file.hpp"
#include "core/rng.hpp"
#include "registry/game_registry.hpp"
#include "search/mcts_knobs.hpp"
#include "search/simultaneous_mcts.hpp"
#include "tuner/train/eval_export.hpp"
#include "tuner/train/model.hpp"

namespace train_test {

// A model over `game`'s inputs with seeded random weights as large as training allows (the clipped
// ReLU is then often at both ends).
inline gamelab::train::Model random_model(gamelab::train::Form form, const std::string& game, std::uint64_t seed) {
  const gamelab::SparseInputSet& set = gamelab::find_game(game).sparse_inputs;
  gamelab::train::Model model = gamelab::train::initial_model(form, set.count, 16, set.max_active, seed);
  gamelab::Rng rng(seed);
  for (float& p : model.params) p = static_cast<float>((2 * rng.unit() - 1) * 1.98);
  return model;
}

// `model` as an evaluation file at `path` for `game` (by default the game's own input set), `scale`
// engine units per logit.
inline void write_model(const gamelab::train::Model& model, const std::string& game, const std::string& path, int scale,
                        std::string inputs = "") {
  const gamelab::SparseInputSet& set = gamelab::find_game(game).sparse_inputs;
  gamelab::learned::write_eval_file(
      path, gamelab::train::quantise(model, {game, inputs.empty() ? set.name : inputs, set.max_active, scale, "a test file"}));
}

// The file's integer output before scaling, from scratch with engines/core, for the inputs `in`
// (perspective 0 first); and the file's own score (output x its scale).
inline std::int64_t reference_raw(const gamelab::learned::EvalFile& file, const gamelab::SparseInputs& in) {
  using namespace gamelab::learned;
  if (const auto* net = std::get_if<SparseNetwork>(&file.model)) {
    Accumulator acc = net->make_accumulator();
    for (int p = 0; p < 2; ++p) net->refresh(acc, p, in.perspective[p].data(), static_cast<int>(in.perspective[p].size()));
    return net->raw_output(acc, 0);
  }
  return std::get<SparseLinear>(file.model).raw_output(in.perspective[0].data(), static_cast<int>(in.perspective[0].size()));
}
inline int reference_score(const gamelab::learned::EvalFile& file, const gamelab::SparseInputs& in) {
  using namespace gamelab::learned;
  const std::int64_t denominator = file.is_network() ? std::int64_t{kTransformerScale} * kOutputScale : kLinearScale;
  return static_cast<int>(reference_raw(file, in) * file.scale() / denominator);
}

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
