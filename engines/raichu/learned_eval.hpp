#pragma once
// Raichu's search evaluating with a learned evaluation file (docs/tools/train.md §8): a linear form or
// a network over the sparse inputs of sparse_inputs.hpp, in integers, kept incrementally along the
// search's line.
//
// One entry per search ply holds both perspectives' sums (White's view in slot 0, Black's in slot 1:
// a network's int16 accumulators, a linear form's two int64 sums). The root is refreshed from its
// pieces; a child is its parent's entry plus the move's changes (the mover removed at `from` and
// added at `to`, as a Raichu when it promotes; the captured piece removed at `over`). The search
// pushes each child it makes (push), and the entry is brought up to date only when a position of
// that line is evaluated (lazily: most interior nodes are never evaluated, so their updates are
// never paid for). Nothing allocates after construction.
//
// The score is the file's output in engine units (output x scale, the scale the trainer fitted
// between the self-play engine's scores and the results: train.md §2), the side to move's view.
// It replaces the hand-made evaluation, or with `add_handmade` is added to it (measured in train.md §8).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/eval_file.hpp"
#include "raichu/movegen.hpp"
#include "raichu/state.hpp"
#include "search/score.hpp"

namespace gamelab::raichu {

// Reads a Raichu evaluation file: another game's, another input set's or a broken file is an
// InputError naming the file and the field (eval_file.hpp). shared_learned_eval reads each path once
// per process (the engines of a match share it).
std::shared_ptr<const learned::EvalFile> load_learned_eval(const std::string& path);
std::shared_ptr<const learned::EvalFile> shared_learned_eval(const std::string& path);

// The file's score of `state` computed from scratch with engines/core's reference inference (refresh
// and evaluate): what the incremental entries must equal.
int learned_reference_score(const learned::EvalFile& file, const State& state);

class LearnedEval {
 public:
  explicit LearnedEval(std::shared_ptr<const learned::EvalFile> file, bool add_handmade = false);
  // The file at `path`, read once per process (later calls share it), for one engine.
  static std::unique_ptr<LearnedEval> from_file(const std::string& path, bool add_handmade);

  // The search's root: its entry from scratch.
  void root(const State& state) { refresh(0, state); }
  // `child` (at `ply` >= 1) was made by `move` from `parent` (at ply - 1): its entry is the parent's
  // plus the move's changes, brought up to date when a position of this line is evaluated.
  void push(int ply, const State& parent, const Move& move, const State& child) {
    Entry& e = stack_[ply];
    e.ready = false;
    e.removed[0] = {move.from, parent.board[move.from]};
    e.removed_count = 1;
    if (move.is_capture()) e.removed[e.removed_count++] = {move.over, parent.board[move.over]};
    e.added = {move.to, child.board[move.to]};
  }
  // The score of `state`, the position at `ply` of the current line (side to move's view).
  int evaluate(const State& state, int ply, const int* weights, const MoveList& moves);
  // The learned part alone (no hand-made term), for tests.
  int learned_score(const State& state, int ply);
  // Sets the entry at `ply` from scratch (what push and the lazy updates must agree with).
  void refresh(int ply, const State& state);

  const learned::EvalFile& file() const { return *file_; }
  bool add_handmade() const { return add_handmade_; }

 private:
  struct Change {
    std::uint8_t square = 0;
    std::uint8_t piece = 0;
  };
  struct Entry {
    bool ready = false;
    Change removed[2];
    int removed_count = 0;
    Change added;
    std::int64_t linear[2] = {0, 0};  // linear form: the sums of each perspective's weights
  };
  void update(int ply, int n);  // entry ply from entry ply - 1 (which is ready)
  void bring_up_to_date(int ply, int n);

  std::shared_ptr<const learned::EvalFile> file_;
  const learned::SparseNetwork* net_ = nullptr;     // one of the two
  const learned::SparseLinear* linear_ = nullptr;
  bool add_handmade_ = false;
  std::vector<Entry> stack_;
  std::vector<learned::Accumulator> acc_;  // network form: one per ply
};

}  // namespace gamelab::raichu
