#pragma once
// A learned evaluation file at the leaves of the simultaneous-move MCTS (Dog-Cat-Mouse-cheeSe,
// Bullets; docs/tools/train.md §8): the file's linear form or network over the game's sparse inputs,
// in integers (core/sparse_network.hpp), offered to the search as G::Learned (simultaneous_mcts.hpp,
// set_learned), the way search::AlphaBeta takes Raichu's G::Incremental.
//
// From scratch, not incrementally. The MCTS evaluates a state once, at a leaf that play() has just
// made by copy; it keeps no line of parents to update an accumulator along, as alpha-beta does. A
// refresh is the game's active inputs of both perspectives (at most max_active rows each) added to
// the biases: fixed arrays on the stack and one accumulator made with the evaluator, so nothing
// allocates per call.
//
// Perspective. Both games' inputs give Blue's view (side 0) first, because datagen labels every
// position with Blue's result (train.md §1), and the MCTS's values are side 0's too: perspective 0
// is slot 0 of the accumulator (network) or the one sum (linear), whichever side the engine plays.
//
// Scale. The file's output is y, a logit of Blue's expected result (the trainer fits sigmoid(y) to
// it); the file writes it as y x scale "engine units", with `scale` its engine units per logit. The
// MCTS has its own: a leaf's value is 1 / (1 + exp(-eval / mcts_eval_scale)), so mcts_eval_scale
// evaluation units are one logit. The learned value in the MCTS's units is therefore
//
//   value = y x mcts_eval_scale = raw x mcts_eval_scale / D     (int64, truncated towards zero)
//
// with raw the integer output before scaling (network: D = QA x QB; linear: D = 4096), which is the
// file's own output (raw x scale / D) divided by its scale and multiplied by the MCTS's. Replacing the
// hand-made evaluation, a leaf is then worth sigmoid(y), the file's estimate, whatever scale the
// file was trained with; added to it, the two are added as logits, sigmoid(hand-made / mcts_eval_scale
// + y). (Raichu's alpha-beta has no such mapping: its scores are the units the file's scale was fitted
// to. The simultaneous games' data carries no search scores, so their files' scale is the trainer's
// default 100 or --scale, and means nothing to the engine but the division above.)
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <variant>

#include "core/eval_file.hpp"
#include "core/sparse_network.hpp"

namespace gamelab::search {

// What a game gives (Inputs):
//   using State;                                     the MCTS's state
//   kGame, kInputName, kInputCount, kMaxActive       the evaluation files it reads (eval_file.hpp)
//   static int active(const State&, int side, std::uint32_t* out)   side's active inputs (room for kMaxActive)
template <class Inputs>
// expect(), load(path) and read(path) (core/eval_file.hpp): another game's, input set's or version's
// file, or a broken one, is an InputError naming the file and the field.
class LearnedLeafEval : public learned::InputsFiles<Inputs> {
 public:
  using State = typename Inputs::State;

  // `eval_scale`: the MCTS's evaluation units per logit (mcts_eval_scale). With `add_handmade` the
  // search adds the game's own evaluation to value() (evalmode=add), else value() replaces it.
  LearnedLeafEval(std::shared_ptr<const learned::EvalFile> file, bool add_handmade, int eval_scale)
      : file_(std::move(file)), add_handmade_(add_handmade), eval_scale_(eval_scale) {
    if (const auto* net = std::get_if<learned::SparseNetwork>(&file_->model)) {
      net_ = net;
      acc_ = net->make_accumulator();
      denominator_ = static_cast<std::int64_t>(learned::kTransformerScale) * learned::kOutputScale;
    } else {
      linear_ = &std::get<learned::SparseLinear>(file_->model);
      denominator_ = learned::kLinearScale;
    }
  }

  // The file's output for side 0 before any scaling: y in units of 1 / denominator() logits.
  std::int64_t raw_output(const State& s) {
    std::uint32_t active[Inputs::kMaxActive];
    if (linear_) return linear_->raw_output(active, Inputs::active(s, 0, active));
    for (int side = 0; side < 2; ++side) net_->refresh(acc_, side, active, Inputs::active(s, side, active));
    return net_->raw_output(acc_, 0);
  }
  // Side 0's learned value in the MCTS's evaluation units: y x mcts_eval_scale (above).
  int value(const State& s) { return static_cast<int>(raw_output(s) * eval_scale_ / denominator_); }

  std::int64_t denominator() const { return denominator_; }
  int eval_scale() const { return eval_scale_; }
  bool add_handmade() const { return add_handmade_; }
  const learned::EvalFile& file() const { return *file_; }

 private:
  std::shared_ptr<const learned::EvalFile> file_;
  const learned::SparseNetwork* net_ = nullptr;  // one of the two
  const learned::SparseLinear* linear_ = nullptr;
  learned::Accumulator acc_;  // network: both perspectives, refreshed at every call
  std::int64_t denominator_ = 1;
  bool add_handmade_ = true;
  int eval_scale_ = 1;
};

}  // namespace gamelab::search
