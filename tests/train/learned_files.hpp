#pragma once
// Evaluation files for the tests of the engines that play them (the alpha-beta games' learned_line
// checks and the simultaneous games' leaf checks): files of random weights over a game's inputs as
// large as training allows, written as the trainer writes them, and the reference the engines must
// equal, engines/core's inference from scratch over the inputs the registry gives for a position.
#include <cstdint>
#include <string>
#include <variant>

#include "core/eval_file.hpp"
#include "core/rng.hpp"
#include "core/sparse_network.hpp"
#include "registry/game_registry.hpp"
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

}  // namespace train_test
