#include "raichu/learned_eval.hpp"

#include "raichu/eval.hpp"
#include "raichu/sparse_inputs.hpp"

namespace gamelab::raichu {

namespace {
const learned::EvalFileExpect kRaichuEvalExpect{"raichu", "", kSparseInputName, kSparseInputCount};
}  // namespace

std::shared_ptr<const learned::EvalFile> load_learned_eval(const std::string& path) {
  return std::make_shared<const learned::EvalFile>(learned::read_eval_file(path, kRaichuEvalExpect));
}

std::shared_ptr<const learned::EvalFile> shared_learned_eval(const std::string& path) {
  return learned::shared_eval_file(path, kRaichuEvalExpect);
}

std::unique_ptr<LearnedEval> LearnedEval::from_file(const std::string& path, bool add_handmade) {
  return std::make_unique<LearnedEval>(shared_learned_eval(path), add_handmade);
}

int learned_reference_score(const learned::EvalFile& file, const State& state) {
  std::uint32_t active[kSparseMaxActive];
  if (const auto* net = std::get_if<learned::SparseNetwork>(&file.model)) {
    learned::Accumulator acc = net->make_accumulator();
    for (int view = 0; view < 2; ++view) {  // slot 0: the side to move's view
      const int count = active_sparse_inputs(state, view == 0 ? state.side : opponent(state.side), active);
      net->refresh(acc, view, active, count);
    }
    return net->evaluate(acc, 0);
  }
  const auto& linear = std::get<learned::SparseLinear>(file.model);
  return linear.evaluate(active, active_sparse_inputs(state, state.side, active));
}

LearnedEval::LearnedEval(std::shared_ptr<const learned::EvalFile> file, bool add_handmade)
    : file_(std::move(file)), add_handmade_(add_handmade), stack_(search::kMaxPly + 1) {
  if (const auto* net = std::get_if<learned::SparseNetwork>(&file_->model)) {
    net_ = net;
    acc_.assign(search::kMaxPly + 1, net->make_accumulator());
  } else {
    linear_ = &std::get<learned::SparseLinear>(file_->model);
  }
}

void LearnedEval::refresh(int ply, const State& state) {
  std::uint32_t active[kSparseMaxActive];
  Entry& e = stack_[ply];
  for (Color view : {White, Black}) {
    const int count = active_sparse_inputs(state, view, active);
    if (net_) {
      net_->refresh(acc_[ply], view, active, count);
    } else {
      e.linear[view] = 0;
      for (int k = 0; k < count; ++k) e.linear[view] += linear_->weights[active[k]];
    }
  }
  e.ready = true;
}

void LearnedEval::update(int ply, int n) {
  Entry& e = stack_[ply];
  const Entry& parent = stack_[ply - 1];
  for (Color view : {White, Black}) {
    std::uint32_t removed[2];
    for (int k = 0; k < e.removed_count; ++k) {
      removed[k] = sparse_input_index(n, view, e.removed[k].square, static_cast<Piece>(e.removed[k].piece));
    }
    const std::uint32_t added = sparse_input_index(n, view, e.added.square, static_cast<Piece>(e.added.piece));
    if (net_) {
      // The child's sums in one pass over the parent's: the parent's entry is left as it is.
      const std::uint32_t hidden = net_->hidden;
      const std::int16_t* from = acc_[ply - 1].slot(view);
      std::int16_t* to = acc_[ply].slot(view);
      const std::int16_t* plus = net_->ft_weights.data() + static_cast<std::size_t>(added) * hidden;
      const std::int16_t* minus0 = net_->ft_weights.data() + static_cast<std::size_t>(removed[0]) * hidden;
      if (e.removed_count == 1) {
        for (std::uint32_t h = 0; h < hidden; ++h) to[h] = static_cast<std::int16_t>(from[h] + plus[h] - minus0[h]);
      } else {
        const std::int16_t* minus1 = net_->ft_weights.data() + static_cast<std::size_t>(removed[1]) * hidden;
        for (std::uint32_t h = 0; h < hidden; ++h) {
          to[h] = static_cast<std::int16_t>(from[h] + plus[h] - minus0[h] - minus1[h]);
        }
      }
    } else {
      std::int64_t sum = parent.linear[view] + linear_->weights[added];
      for (int k = 0; k < e.removed_count; ++k) sum -= linear_->weights[removed[k]];
      e.linear[view] = sum;
    }
  }
  e.ready = true;
}

void LearnedEval::bring_up_to_date(int ply, int n) {
  int first = ply;
  while (!stack_[first].ready) --first;  // the root's entry (ply 0) is always ready
  for (int p = first + 1; p <= ply; ++p) update(p, n);
}

int LearnedEval::learned_score(const State& state, int ply) {
  bring_up_to_date(ply, state.n);
  if (net_) return net_->evaluate(acc_[ply], state.side);
  return static_cast<int>((linear_->bias + stack_[ply].linear[state.side]) * linear_->scale / learned::kLinearScale);
}

int LearnedEval::evaluate(const State& state, int ply, const int* weights, const MoveList& moves) {
  const int learned = learned_score(state, ply);
  return add_handmade_ ? learned + raichu::evaluate(state, weights, moves) : learned;
}

}  // namespace gamelab::raichu
