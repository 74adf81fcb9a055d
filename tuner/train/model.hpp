#pragma once
// The learnable forms in float, as the trainer fits them (docs/tools/train.md §3). Both output a
// logit y; the loss of a position is (sigmoid(base + y) - target)^2, where base is 0 but in a residual
// fit (dataset.hpp: the hand-made evaluation's logit, which the engine adds y to).
//
//   linear   y = b + sum of w[i] over the inputs on in perspective 0 (the side the evaluation speaks for)
//   network  acc_p = b1 + sum of W1[i] over the inputs on in perspective p       (H values, p = 0, 1)
//            y = b2 + w2[0..H) . crelu(acc_0) + w2[H..2H) . crelu(acc_1),   crelu(x) = clamp(x, 0, 1)
//
// The parameters are one float vector: the input rows first (input i's row_width() values: W1[i] or
// w[i]), then the dense tail (network: b1, w2, b2; linear: b). Gradients of a position touch the rows
// of its active inputs and the tail only (BlockGradient keeps the touched rows).
#include <cstdint>
#include <string>
#include <vector>

#include "tuner/train/dataset.hpp"

namespace gamelab::train {

enum class Form { Linear, Network };
const char* to_string(Form form);
Form parse_form(const std::string& text);  // InputError for another word

struct Model {
  Form form = Form::Linear;
  std::uint32_t inputs = 0;
  std::uint32_t hidden = 0;  // network only
  std::vector<float> params;

  std::size_t row_width() const { return form == Form::Network ? hidden : 1; }
  std::size_t tail() const { return static_cast<std::size_t>(inputs) * row_width(); }  // where the tail starts
  std::size_t size() const { return tail() + (form == Form::Network ? 3 * static_cast<std::size_t>(hidden) + 1 : 1); }
  // Network tail parts.
  const float* b1() const { return params.data() + tail(); }
  const float* w2() const { return params.data() + tail() + hidden; }
  float b2() const { return params[tail() + 3 * static_cast<std::size_t>(hidden)]; }
};

// Linear: zeros. Network: W1 uniform in +-1/sqrt(max_active), w2 uniform in +-1/sqrt(2H), biases 0;
// seeded, the same for every thread count.
Model initial_model(Form form, std::uint32_t inputs, std::uint32_t hidden, std::uint32_t max_active, std::uint64_t seed);

// Keeps every parameter where the integer form can hold it: the network's W1, b1 and w2 within
// +-kWeightClip (core/sparse_network.hpp), b2 and the linear weights within +-1000.
void clip_parameters(Model& model, std::size_t begin, std::size_t end);

// Per-thread room for one position's hidden values (2H each).
struct Scratch {
  std::vector<float> acc, delta;
  explicit Scratch(const Model& model) : acc(2 * model.hidden + 1), delta(2 * model.hidden + 1) {}
};

// One block's gradient: dense storage, of which only the touched input rows and the tail are
// meaningful (and zeroed by reset).
struct BlockGradient {
  std::vector<float> values;
  std::vector<std::uint8_t> marked;     // per input: its row is touched
  std::vector<std::uint32_t> touched;   // the touched rows, in the order first touched
  double loss = 0;                      // the block's sum of squared errors
  explicit BlockGradient(const Model& model) : values(model.size(), 0.0f), marked(model.inputs, 0) {}
  void reset(const Model& model);
};

// y of `row`, without its base (scratch.acc keeps the network's hidden sums).
float forward(const Model& model, const TrainData& data, std::size_t row, Scratch& scratch);
// Adds row's loss and its gradient (scaled by `weight`, e.g. 1 / batch size) into `out`.
void accumulate(const Model& model, const TrainData& data, std::size_t row, float weight, Scratch& scratch,
                BlockGradient& out);

}  // namespace gamelab::train
