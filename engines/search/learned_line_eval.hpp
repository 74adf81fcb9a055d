#pragma once
// A learned evaluation file kept incrementally along alpha-beta's line (Raichu, jump chess;
// docs/tools/train.md §8): the file's linear form or network over the game's sparse inputs, in
// integers (core/sparse_network.hpp), offered to the search as G::Incremental (alphabeta.hpp,
// set_incremental). Written once for the turn-based games, which differ only in which inputs a move
// switches on and off; the simultaneous games' MCTS, which keeps no line, evaluates from scratch
// (learned_leaf_eval.hpp).
//
// One entry per search ply holds both perspectives' sums (slot p is the view of the side whose
// colour value is p: a network's two int16 accumulators, a linear form's two int64 sums). The root is
// refreshed from scratch; a child is its parent's entry plus the inputs its move switched on, minus
// those it switched off. The search pushes each child it makes (push records the move's Change, a few
// bytes), and an entry is brought up to date only when a position of that line is evaluated: the walk
// goes back to the last entry computed and forward again, one fused pass over the hidden units per
// perspective for the usual moves. Most interior nodes are never evaluated, so their updates are never
// paid for. Nothing allocates after construction; the arithmetic is integer throughout, and integer
// sums in any order agree, so an incremental entry equals a refresh of the same position.
//
// Value. The file's output y is a logit of the side to move's expected result, written as y x scale
// engine units, `scale` being the one the trainer fitted between the self-play engine's search scores
// and the results (train.md §2: the target is sigmoid(score / scale) blended with the result). So the
// score is the file's own output as it is,
//
//   score = raw x scale / D     (network D = QA x QB, linear D = 4096; int64, truncated towards zero)
//
// in the units of the game's own evaluation and search, the side to move's view: a learned score and
// a hand-made score of the same size mean the same odds. (The simultaneous games map theirs to the
// MCTS's scale instead: their data has no scores to fit a scale to; learned_leaf_eval.hpp.)
// `add_handmade` (evalmode=add, the default of eval=FILE) adds the hand-made evaluation to it;
// without it (evalmode=replace) the learned score is the evaluation alone.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/eval_file.hpp"
#include "core/sparse_network.hpp"
#include "search/score.hpp"

namespace gamelab::search {

// The inputs a move switches on (`added`) and off (`removed`) in one perspective.
template <int MaxAdded, int MaxRemoved>
struct InputChanges {
  std::uint32_t added[MaxAdded];
  std::uint32_t removed[MaxRemoved];
  int added_count = 0;
  int removed_count = 0;
  void add(std::uint32_t input) { added[added_count++] = input; }
  void remove(std::uint32_t input) { removed[removed_count++] = input; }
};

// What every turn-based game's Inputs say the same way: the search's types; a perspective's active
// inputs by the game's active_sparse_inputs(state, colour, out) (argument-dependent lookup), the colour
// being the perspective's value; the score for the side to move (`State::side`).
template <class S, class M, class L>
struct SideToMoveInputs {
  using State = S;
  using Move = M;
  using MoveList = L;
  static int active(const S& s, int perspective, std::uint32_t* out) {
    return active_sparse_inputs(s, static_cast<decltype(s.side)>(perspective), out);
  }
  static int side_to_move(const S& s) { return s.side; }
};

// What a game gives (Inputs):
//   using State, Move, MoveList;                     the search's types
//   kGame, kInputName, kInputCount, kMaxActive       the evaluation files it reads (eval_file.hpp)
//   kMaxAdded, kMaxRemoved                           at most this many inputs one move switches on / off
//                                                    in one perspective
//   struct Change;                                   what push keeps of a move (small, trivially copyable)
//   static Change change(const State& parent, const Move&, const State& child);
//   static void changed(const Change&, int perspective, InputChanges<kMaxAdded, kMaxRemoved>& out);
//   static int active(const State&, int perspective, std::uint32_t* out)   (room for kMaxActive)
//   static int side_to_move(const State&)            the perspective the score is for
//   static int handmade(const State&, const int* weights, const MoveList&)   the hand-made evaluation
// A game's Inputs derive from SideToMoveInputs for the types, `active` and `side_to_move`, which every
// turn-based game says the same way.
template <class Inputs>
class LearnedLineEval : public learned::InputsFiles<Inputs> {
 public:
  using InputSet = Inputs;  // the registry reads the input set's name, count and bound from it (entry_of.hpp)
  using State = typename Inputs::State;
  using Move = typename Inputs::Move;
  using MoveList = typename Inputs::MoveList;
  using Change = typename Inputs::Change;
  using Changes = InputChanges<Inputs::kMaxAdded, Inputs::kMaxRemoved>;

  // The file at `path`, read once per process, for one engine (registry/alphabeta_learned.hpp); the
  // files it takes: expect(), load(path), read(path) (core/eval_file.hpp).
  static std::unique_ptr<LearnedLineEval> from_file(const std::string& path, bool add_handmade) {
    return std::make_unique<LearnedLineEval>(learned::InputsFiles<Inputs>::load(path), add_handmade);
  }

  // The file's score of `state` from scratch with engines/core's reference inference (refresh and
  // evaluate, the side to move's view in slot 0): what the incremental entries must equal.
  static int reference_score(const learned::EvalFile& file, const State& state) {
    std::uint32_t active[Inputs::kMaxActive];
    const int us = Inputs::side_to_move(state);
    if (const auto* net = std::get_if<learned::SparseNetwork>(&file.model)) {
      learned::Accumulator acc = net->make_accumulator();
      for (int slot = 0; slot < 2; ++slot) net->refresh(acc, slot, active, Inputs::active(state, slot == 0 ? us : 1 - us, active));
      return net->evaluate(acc, 0);
    }
    const auto& linear = std::get<learned::SparseLinear>(file.model);
    return linear.evaluate(active, Inputs::active(state, us, active));
  }

  explicit LearnedLineEval(std::shared_ptr<const learned::EvalFile> file, bool add_handmade = false)
      : file_(std::move(file)), add_handmade_(add_handmade), stack_(kMaxPly + 1) {
    if (const auto* net = std::get_if<learned::SparseNetwork>(&file_->model)) {
      net_ = net;
      acc_.assign(kMaxPly + 1, net->make_accumulator());
    } else {
      linear_ = &std::get<learned::SparseLinear>(file_->model);
    }
  }

  // The search's root: its entry from scratch.
  void root(const State& state) { refresh(0, state); }
  // `child` (at `ply` >= 1) was made by `move` from `parent` (at ply - 1): its entry is the parent's
  // plus the move's changes, brought up to date when a position of this line is evaluated.
  void push(int ply, const State& parent, const Move& move, const State& child) {
    Entry& e = stack_[ply];
    e.ready = false;
    e.change = Inputs::change(parent, move, child);
  }
  // The score of `state`, the position at `ply` of the current line (side to move's view).
  int evaluate(const State& state, int ply, const int* weights, const MoveList& moves) {
    const int learned = learned_score(state, ply);
    return add_handmade_ ? learned + Inputs::handmade(state, weights, moves) : learned;
  }
  // The learned part alone (no hand-made term).
  int learned_score(const State& state, int ply) {
    bring_up_to_date(ply);
    const int us = Inputs::side_to_move(state);
    if (net_) return net_->evaluate(acc_[ply], us);
    return static_cast<int>((linear_->bias + stack_[ply].linear[us]) * linear_->scale / learned::kLinearScale);
  }
  // Sets the entry at `ply` from scratch (what push and the lazy updates must agree with).
  void refresh(int ply, const State& state) {
    std::uint32_t active[Inputs::kMaxActive];
    Entry& e = stack_[ply];
    for (int view = 0; view < 2; ++view) {
      const int count = Inputs::active(state, view, active);
      if (net_) {
        net_->refresh(acc_[ply], view, active, count);
      } else {
        e.linear[view] = 0;
        for (int k = 0; k < count; ++k) e.linear[view] += linear_->weights[active[k]];
      }
    }
    e.ready = true;
  }

  const learned::EvalFile& file() const { return *file_; }
  bool add_handmade() const { return add_handmade_; }

 private:
  struct Entry {
    bool ready = false;
    Change change{};
    std::int64_t linear[2] = {0, 0};  // linear form: the sums of each perspective's weights
  };

  void bring_up_to_date(int ply) {
    int first = ply;
    while (!stack_[first].ready) --first;  // the root's entry (ply 0) is always ready
    for (int p = first + 1; p <= ply; ++p) update(p);
  }

  // Entry `ply` from entry ply - 1 (which is ready); the parent's entry is left as it is.
  void update(int ply) {
    Entry& e = stack_[ply];
    for (int view = 0; view < 2; ++view) {
      Changes c;
      Inputs::changed(e.change, view, c);
      if (net_) {
        apply(acc_[ply - 1].slot(view), acc_[ply].slot(view), c);
      } else {
        std::int64_t sum = stack_[ply - 1].linear[view];
        for (int k = 0; k < c.added_count; ++k) sum += linear_->weights[c.added[k]];
        for (int k = 0; k < c.removed_count; ++k) sum -= linear_->weights[c.removed[k]];
        e.linear[view] = sum;
      }
    }
    e.ready = true;
  }

  // to = from + the rows of the added inputs - the rows of the removed ones. A quiet move (one on,
  // one off) and a single capture (one on, two off) are one fused pass; other changes (jump chess's
  // chains of captures, its clock) add the rows one by one after a copy.
  void apply(const std::int16_t* from, std::int16_t* to, const Changes& c) const {
    const std::uint32_t hidden = net_->hidden;
    const auto row = [&](std::uint32_t input) { return net_->ft_weights.data() + static_cast<std::size_t>(input) * hidden; };
    if (c.added_count == 1 && c.removed_count == 1) {
      const std::int16_t *plus = row(c.added[0]), *minus = row(c.removed[0]);
      for (std::uint32_t h = 0; h < hidden; ++h) to[h] = static_cast<std::int16_t>(from[h] + plus[h] - minus[h]);
      return;
    }
    if (c.added_count == 1 && c.removed_count == 2) {
      const std::int16_t *plus = row(c.added[0]), *minus0 = row(c.removed[0]), *minus1 = row(c.removed[1]);
      for (std::uint32_t h = 0; h < hidden; ++h) {
        to[h] = static_cast<std::int16_t>(from[h] + plus[h] - minus0[h] - minus1[h]);
      }
      return;
    }
    std::copy(from, from + hidden, to);
    for (int k = 0; k < c.added_count; ++k) {
      const std::int16_t* plus = row(c.added[k]);
      for (std::uint32_t h = 0; h < hidden; ++h) to[h] = static_cast<std::int16_t>(to[h] + plus[h]);
    }
    for (int k = 0; k < c.removed_count; ++k) {
      const std::int16_t* minus = row(c.removed[k]);
      for (std::uint32_t h = 0; h < hidden; ++h) to[h] = static_cast<std::int16_t>(to[h] - minus[h]);
    }
  }

  std::shared_ptr<const learned::EvalFile> file_;
  const learned::SparseNetwork* net_ = nullptr;  // one of the two
  const learned::SparseLinear* linear_ = nullptr;
  bool add_handmade_ = false;
  std::vector<Entry> stack_;
  std::vector<learned::Accumulator> acc_;  // network form: one per ply
};

}  // namespace gamelab::search
