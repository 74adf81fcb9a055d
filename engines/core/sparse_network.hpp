#pragma once
// Learned evaluations in integers, as an engine runs them (docs/tools/train.md §4). Two forms over a
// game's sparse one-hot inputs (registry/game_entry.hpp, SparseInputSet):
//
//  - linear: y = bias + sum of w[i] over the inputs on in the side to move's perspective;
//  - network: a feature transformer shared by both perspectives, acc_p = b1 + sum of W1[i] over the
//    inputs on in perspective p (H values each); clipped ReLU; one output over the concatenation
//    [crelu(acc_us), crelu(acc_them)]: y = b2 + sum of w2[j] h[j].
//
// y is in logits (the trainer fits sigmoid(y) to the expected result); the engine's score is
// y x scale, `scale` engine units per logit (the file's `scale`). Quantisation, with the trainer
// clipping every feature-transformer and output weight to +-kWeightClip:
//
//   feature transformer  int16  W1 x kTransformerScale (QA = 255), and its bias the same
//   activation           clamp(acc, 0, QA): 1.0 is QA
//   output weights       int16  w2 x kOutputScale (QB = 1024), at most 2028 in magnitude
//   output bias          int32  b2 x QA x QB
//   linear weights       int32  w x kLinearScale (4096), and the bias the same
//
//   network score = (b2q + sum of clamp(acc_j, 0, QA) x w2q_j) x scale / (QA x QB)   (int64, towards 0)
//   linear score  = (bq + sum of wq[i]) x scale / 4096
//
// The accumulator is int16: with weights within +-1.98 (505 after quantisation) and at most
// max_active inputs on, |acc| <= 505 (max_active + 1), which fits for up to 63 active inputs; the
// evaluation file's reader checks the bound for the file's input set (eval_file.hpp).
//
// An Accumulator is made once per search (make_accumulator allocates); refresh, add, remove and
// evaluate allocate nothing. Incremental updates give exactly the values of a refresh: integer sums in
// any order are the same. The output sum stays within int32 for up to 1024 hidden units per
// perspective: 2 x 1024 x 255 x 2028 < 2^31.
#include <algorithm>
#include <cstdint>
#include <vector>

namespace gamelab::learned {

inline constexpr int kTransformerScale = 255;  // QA
inline constexpr int kOutputScale = 1024;      // QB
inline constexpr int kLinearScale = 4096;
inline constexpr float kWeightClip = 1.98f;

// The hidden sums of both perspectives: slot 0 and slot 1, `hidden` int16 each. An engine keeps one
// slot per side (White's view, Black's view) and names the side to move at evaluation.
class Accumulator {
 public:
  Accumulator() = default;
  explicit Accumulator(std::uint32_t hidden) : hidden_(hidden), values_(2 * static_cast<std::size_t>(hidden), 0) {}
  std::int16_t* slot(int perspective) { return values_.data() + static_cast<std::size_t>(perspective) * hidden_; }
  const std::int16_t* slot(int perspective) const { return values_.data() + static_cast<std::size_t>(perspective) * hidden_; }
  std::uint32_t hidden() const { return hidden_; }
  friend bool operator==(const Accumulator&, const Accumulator&) = default;

 private:
  std::uint32_t hidden_ = 0;
  std::vector<std::int16_t> values_;
};

struct SparseNetwork {
  std::uint32_t inputs = 0;
  std::uint32_t hidden = 0;
  std::int32_t scale = 100;               // engine units per logit
  std::vector<std::int16_t> ft_weights;   // inputs x hidden, input-major: input i's row is contiguous
  std::vector<std::int16_t> ft_bias;      // hidden
  std::vector<std::int16_t> out_weights;  // 2 x hidden: the side to move's half, then the other's
  std::int32_t out_bias = 0;

  Accumulator make_accumulator() const { return Accumulator(hidden); }

  // Sets slot `perspective` to the bias plus the rows of the `count` active inputs.
  void refresh(Accumulator& acc, int perspective, const std::uint32_t* active, int count) const {
    std::int16_t* a = acc.slot(perspective);
    std::copy(ft_bias.begin(), ft_bias.end(), a);
    for (int k = 0; k < count; ++k) add(acc, perspective, active[k]);
  }
  // One input switched on or off in slot `perspective`.
  void add(Accumulator& acc, int perspective, std::uint32_t input) const {
    std::int16_t* a = acc.slot(perspective);
    const std::int16_t* w = ft_weights.data() + static_cast<std::size_t>(input) * hidden;
    for (std::uint32_t h = 0; h < hidden; ++h) a[h] = static_cast<std::int16_t>(a[h] + w[h]);
  }
  void remove(Accumulator& acc, int perspective, std::uint32_t input) const {
    std::int16_t* a = acc.slot(perspective);
    const std::int16_t* w = ft_weights.data() + static_cast<std::size_t>(input) * hidden;
    for (std::uint32_t h = 0; h < hidden; ++h) a[h] = static_cast<std::int16_t>(a[h] - w[h]);
  }

  // The output before scaling, in units of 1 / (QA x QB) logits; `us` is the slot of the side the
  // score is for.
  std::int32_t raw_output(const Accumulator& acc, int us) const {
    std::int32_t sum = out_bias;
    for (int half = 0; half < 2; ++half) {
      const std::int16_t* a = acc.slot(half == 0 ? us : 1 - us);
      const std::int16_t* w = out_weights.data() + static_cast<std::size_t>(half) * hidden;
      for (std::uint32_t h = 0; h < hidden; ++h) {
        const std::int32_t c = std::clamp<std::int32_t>(a[h], 0, kTransformerScale);
        sum += c * w[h];
      }
    }
    return sum;
  }
  // The score in engine units for the side in slot `us`.
  int evaluate(const Accumulator& acc, int us) const {
    return static_cast<int>(static_cast<std::int64_t>(raw_output(acc, us)) * scale / (kTransformerScale * kOutputScale));
  }
};

struct SparseLinear {
  std::uint32_t inputs = 0;
  std::int32_t scale = 100;
  std::vector<std::int32_t> weights;  // inputs, x kLinearScale
  std::int32_t bias = 0;

  // The sum before scaling over the side to move's active inputs (an engine may keep it incrementally).
  std::int64_t raw_output(const std::uint32_t* active, int count) const {
    std::int64_t sum = bias;
    for (int k = 0; k < count; ++k) sum += weights[active[k]];
    return sum;
  }
  int evaluate(const std::uint32_t* active, int count) const {
    return static_cast<int>(raw_output(active, count) * scale / kLinearScale);
  }
};

}  // namespace gamelab::learned
