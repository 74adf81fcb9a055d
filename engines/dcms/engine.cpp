#include "dcms/engine.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <utility>

#include "core/rng.hpp"
#include "dcms/distances.hpp"

namespace gamelab::dcms {

Engine::Engine(const ParamSet& params, std::uint64_t seed)
    : weights_(params.values()), knobs_(EngineKnobs::from(params)), mcts_(search::MctsKnobs::from(params)), seed_(seed) {
  config_.quiet_moves = knobs_.quiet_moves;
}

void Engine::set_learned_eval(std::shared_ptr<const learned::EvalFile> file, bool add_handmade) {
  learned_ = std::move(file);
  learned_add_ = add_handmade;
}

std::size_t purified_choice(const std::vector<double>& strategy, int purify_percent, Rng& rng) {
  const double top = *std::max_element(strategy.begin(), strategy.end());
  const double floor = top * purify_percent / 100.0;
  double total = 0;
  for (const double p : strategy) total += p >= floor ? p : 0.0;
  double x = rng.unit() * total;
  std::size_t last = 0;
  for (std::size_t k = 0; k < strategy.size(); ++k) {
    if (strategy[k] < floor || strategy[k] <= 0) continue;
    last = k;
    x -= strategy[k];
    if (x < 0) return k;
  }
  return last;
}

std::int64_t Engine::time_budget_ms(std::int64_t movetime_ms) {
  const std::int64_t margin = std::min(std::clamp<std::int64_t>(movetime_ms / 20, 20, 250), movetime_ms / 2);
  return std::max<std::int64_t>(movetime_ms - margin, 1);
}

MoveSearch Engine::choose_action(const State& state, int side, const SearchLimits& limits) {
  const auto start = std::chrono::steady_clock::now();
  if (state.phase != Phase::Play || ends_before_moves(state)) throw std::logic_error("dcms engine: no move in this position");
  distances(state.board);  // built now if new, inside the time budget
  SearchLimits inner;
  inner.nodes = limits.nodes;
  if (limits.movetime_ms) {
    const auto used = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    inner.movetime_ms = std::max<std::int64_t>(time_budget_ms(*limits.movetime_ms) - used, 1);
    if (!inner.nodes) inner.nodes = kTimeIterationCap;
  }
  config_.weights = weights_.data();  // here, not in the constructor: an engine may have been copied
  const std::uint64_t seed = derive_seed(seed_, searches_++);
  tree_.reset();
  auto mcts = std::make_shared<search::SimultaneousMcts<SearchGame>>(weights_, mcts_, seed);
  if (learned_) mcts->set_learned(std::make_unique<LearnedEval>(learned_, learned_add_, mcts_.eval_scale));
  MoveSearch result = mcts->search(SearchState{state, &config_}, side, inner);
  if (keep_tree_) tree_ = std::move(mcts);
  if (!result.proven && result.action && mcts_.final_choice == 0 && knobs_.purify > 0) {
    Rng rng(derive_seed(seed, 1));
    result.action = result.actions[side][purified_choice(result.strategy[side], knobs_.purify, rng)];
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

PlacementSearch Engine::choose_placement(const State& setup, int side, const SearchLimits& limits) {
  const auto start = std::chrono::steady_clock::now();
  if (setup.phase != Phase::Setup) throw std::logic_error("dcms engine: not a setup-phase board");
  Deadline deadline;
  if (limits.movetime_ms) deadline = start + std::chrono::milliseconds(time_budget_ms(*limits.movetime_ms));
  Rng rng(derive_seed(seed_, searches_++));
  PlacementSearch result = search_placement(setup, side, weights_.data(), knobs_, mcts_, rng, deadline);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace gamelab::dcms
