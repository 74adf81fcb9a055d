#pragma once
// The trained float model as an evaluation file (engines/core/eval_file.hpp): quantised as
// core/sparse_network.hpp says, and the bound on what the quantisation can change (docs/tools/train.md §4).
#include <cstdint>
#include <string>

#include "core/eval_file.hpp"
#include "tuner/train/model.hpp"

namespace gamelab::train {

struct ExportInfo {
  std::string game;
  std::string inputs;            // the game's input set name
  std::uint32_t max_active = 0;  // its bound on active inputs per perspective
  std::int32_t scale = 100;      // engine units per logit
  std::string note;
};

// InputError when the integers could overflow (max_active above 63 for a network).
learned::EvalFile quantise(const Model& model, const ExportInfo& info);

// How far the integer output (in logits, before the final division by QA x QB or kLinearScale) can
// be from the float model's y on any position with at most max_active inputs on per perspective:
//   network  0.5 / (QA QB) + 2H x 0.5 / QB + (max_active + 1) x 0.5 / QA x sum |w2|
//   linear   (max_active + 1) x 0.5 / kLinearScale
// The score in engine units is within bound x scale + 1 of y x scale (the division truncates).
double quantisation_bound(const Model& model, std::uint32_t max_active);

// The float model an evaluation file holds (the inverse of quantise: each integer divided by its
// factor), for a training that starts from a file's weights (`gamelab train --init`, train.md §3).
// Quantising it again gives the file's integers back.
Model dequantise(const learned::EvalFile& file);

}  // namespace gamelab::train
