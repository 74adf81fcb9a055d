#pragma once
// The Dog-Cat-Mouse-cheeSe searching engine: the simultaneous-move MCTS over the search's narrowed
// actions (game.hpp, search_actions.hpp) for moves, the placement search (setup_search.hpp) for the
// setup, both from one parameter set (eval.hpp: weights, dcms_* and mcts_* knobs).
//
// Limits: nodes = MCTS iterations (exact and reproducible with the seed); movetime = wall time, of
// which the engine keeps a safety margin (time_budget_ms) so that the answer is never late, counting
// everything it does (the board's distance table, the root bounds, the iterations). With a time
// limit and no node limit, iterations are also capped at kTimeIterationCap, which bounds the tree's
// memory. No limit: the template's default iterations (10,000). Each search of an engine draws its
// own seed from the engine's seed and the number of searches before it, so a game is reproducible.
//
// A learned evaluation file (set_learned_eval; docs/tools/train.md §8) evaluates the MCTS's leaves,
// added to the hand-made evaluation or replacing it (game.hpp LearnedEval); the action narrowing and
// the placement search keep the hand-made evaluation.
#include <cstdint>
#include <memory>
#include <vector>

#include "core/limits.hpp"
#include "core/params.hpp"
#include "core/rng.hpp"
#include "dcms/engine_knobs.hpp"
#include "dcms/game.hpp"
#include "dcms/setup_search.hpp"
#include "search/mcts_knobs.hpp"
#include "search/simultaneous_mcts.hpp"

namespace gamelab::dcms {

using MoveSearch = search::SimultaneousResult<Action>;

// An index drawn from `strategy` among the entries of at least purify_percent % of the largest.
std::size_t purified_choice(const std::vector<double>& strategy, int purify_percent, Rng& rng);

class Engine {
 public:
  static constexpr std::uint64_t kTimeIterationCap = 300000;  // a tree of at most a few hundred MB

  using Learned = LearnedEval;

  Engine(const ParamSet& params, std::uint64_t seed);

  // Evaluates the MCTS's leaves with `file` (Learned::load), added to the hand-made evaluation or,
  // without `add_handmade`, instead of it; null: the hand-made evaluation alone.
  void set_learned_eval(std::shared_ptr<const learned::EvalFile> file, bool add_handmade);

  // The action of `side` in a position in play (not over).
  MoveSearch choose_action(const State& state, int side, const SearchLimits& limits);
  // The placement of `side` on a setup-phase board.
  PlacementSearch choose_placement(const State& setup, int side, const SearchLimits& limits);

  // Keep each search's tree until the next search, release_tree() or the engine's end, instead of
  // freeing it before choose_action() returns: freeing a large tree takes tens of milliseconds, which
  // a bot on the clock (bot.hpp) spends after it has answered. Off by default (matches hold less memory).
  void keep_tree(bool keep) { keep_tree_ = keep; }
  void release_tree() { tree_.reset(); }

  const std::vector<int>& weights() const { return weights_; }
  const search::MctsKnobs& mcts_knobs() const { return mcts_; }

  // The part of a movetime the engine uses: movetime minus a margin of 5% (at least 20 ms, at most
  // 250 ms, never more than half), so 5000 ms gives 4750 ms.
  static std::int64_t time_budget_ms(std::int64_t movetime_ms);

 private:
  std::vector<int> weights_;
  EngineKnobs knobs_;
  search::MctsKnobs mcts_;
  SearchConfig config_;
  std::uint64_t seed_;
  std::uint64_t searches_ = 0;
  bool keep_tree_ = false;
  std::shared_ptr<const learned::EvalFile> learned_;  // null: the hand-made evaluation
  bool learned_add_ = true;
  std::shared_ptr<search::SimultaneousMcts<SearchGame>> tree_;  // the last search's, when kept
};

}  // namespace gamelab::dcms
