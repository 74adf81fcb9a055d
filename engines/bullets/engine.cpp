#include "bullets/engine.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "bullets/analysis.hpp"
#include "bullets/notation.hpp"
#include "bullets/safety.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "search/mcts_knobs.hpp"

namespace gamelab::bullets {

namespace {

// The evaluation weights (the first kFeatureCount parameters), then the engine's own preferences
// signed for `side`: aggression, hunt, hunt shot (SearchGame::evaluate reads them from index
// kFeatureCount on).
std::vector<int> weights_for(const ParamSet& params, Side side) {
  std::vector<int> values = params.values();
  values.resize(kFeatureCount);
  const int sign = side == Blue ? 1 : -1;
  for (const char* name : {"engine_aggression", "engine_hunt", "engine_hunt_shot"}) values.push_back(sign * params.value(name));
  return values;
}

// Sets SearchGame::hunt for one search on this thread, and clears it after.
class HuntScope {
 public:
  explicit HuntScope(const Hunt* hunt) : saved_(SearchGame::hunt) { SearchGame::hunt = hunt; }
  ~HuntScope() { SearchGame::hunt = saved_; }
  HuntScope(const HuntScope&) = delete;
  HuntScope& operator=(const HuntScope&) = delete;

 private:
  const Hunt* saved_;
};

}  // namespace

std::int64_t tournament_movetime_ms(double already_ms, int move_ms) {
  const double left = move_ms - kTournamentMarginMs - already_ms;
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(left));
}

bool on_start_square(const State& s, Side side) { return s.player[side] == start_square(*s.board, side); }

void check_limits(const SearchLimits& limits, const std::string& what) {
  if (limits.depth) {
    throw InputError(what + ": Bullets' engine is an MCTS; give nodes=N (iterations) or movetime=MS, not a depth");
  }
}

Engine::Engine(const ParamSet& params, std::uint64_t seed) : params_(params), seed_(seed) {
  if (params.game() != "bullets" || !params.contains("engine_aggression") || !params.contains("engine_hunt")) {
    throw InputError("parameter set of '" + params.game() + "' given to the Bullets engine");
  }
  hunt_weights_ = params.value("engine_hunt") != 0 || params.value("engine_hunt_shot") != 0;
  plan_ = !params.contains("engine_plan") || params.value("engine_plan") != 0;
  safety_ = !params.contains("engine_safety") || params.value("engine_safety") != 0;
}

void Engine::set_learned_eval(std::shared_ptr<const learned::EvalFile> file, bool add_handmade) {
  learned_ = std::move(file);
  learned_add_ = add_handmade;
}

Mcts& Engine::mcts_for(Side side) {
  if (!mcts_[side]) {
    mcts_[side].emplace(weights_for(params_, side), search::MctsKnobs::from(params_),
                        derive_seed(seed_, static_cast<std::uint64_t>(side)));
    if (learned_) {
      mcts_[side]->set_learned(std::make_unique<LearnedEval>(learned_, learned_add_, search::MctsKnobs::from(params_).eval_scale));
    }
  }
  return *mcts_[side];
}

SearchResult Engine::search(const State& state, Side side, const SearchLimits& limits) {
  check_limits(limits, "search limits");
  const auto started = std::chrono::steady_clock::now();
  if (plan_ && on_start_square(state, other(side))) {
    const std::optional<HitPlan> plan = plan_hit(state, side);
    if (plan && plan_trusted(state, side, plan->actions.front())) {
      // The tree's bounds still come first: a win they prove holds against any reply. They need one
      // iteration, not the budget.
      SearchLimits bounds_only;
      bounds_only.nodes = 1;
      SearchResult result = tree_search(state, side, bounds_only);
      if (result.proven) return result;
      result.action = plan->actions.front();
      result.value = side == Blue ? 1.0 : 0.0;  // a win against the player that stays
      result.plan_hit_round = plan->hit_round;
      return result;
    }
  }
  // The safety's checks come out of the move's time (safety_reserve_ms).
  SearchLimits tree_limits = limits;
  if (safety_ && limits.movetime_ms) {
    tree_limits.movetime_ms = std::max<std::int64_t>(1, *limits.movetime_ms - safety_reserve_ms(*limits.movetime_ms));
  }
  SearchResult result = tree_search(state, side, tree_limits);
  if (safety_ && !result.proven && result.action) {
    std::optional<std::chrono::steady_clock::time_point> deadline;
    if (limits.movetime_ms) deadline = started + std::chrono::milliseconds(*limits.movetime_ms);
    keep_safe(state, side, result, deadline);
  }
  return result;
}

bool Engine::plan_trusted(const State& state, Side side, Action step) const {
  if (!safety_) return true;
  if (state.bullet_count() <= kPassiveBullets) return is_safe(state, side, step, /*their_shots=*/false);
  // A player that has acted and come back: the step must also be what the safety plays with it first,
  // as safe as any action as deep as the deepening reaches (clock-limit's pair 25: the plan's step, safe
  // one joint move deep, walked into a trap two deep where stepping up was safe five deep).
  if (!is_safe(state, side, step)) return false;
  ActionList mine;
  generate_actions(state, side, mine);
  std::vector<Action> preference{step};
  for (const Action a : mine) {
    if (a != step) preference.push_back(a);
  }
  return safest(state, side, preference) == step;
}

void Engine::keep_safe(const State& state, Side side, SearchResult& result,
                       std::optional<std::chrono::steady_clock::time_point> deadline) {
  // The tree's choice first, then the actions it played most (its strategy), among those the bounds left.
  const auto& actions = result.actions[side];
  const auto share = [&](std::size_t k) { return k < result.strategy[side].size() ? result.strategy[side][k] : 0.0; };
  std::vector<std::size_t> order;
  for (std::size_t k = 0; k < actions.size(); ++k) {
    if (actions[k] != *result.action && !(k < result.pruned[side].size() && result.pruned[side][k])) order.push_back(k);
  }
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return share(a) > share(b); });
  std::vector<Action> preference{*result.action};
  for (const std::size_t k : order) preference.push_back(actions[k]);
  const Action chosen = safest(state, side, preference, deadline);
  result.kept_safe = chosen != *result.action;
  result.action = chosen;
}

SearchResult Engine::tree_search(const State& state, Side side, const SearchLimits& limits) {
  // The hunt (hunt.hpp): the firing map towards the opponent's square, once per search (a breadth-first
  // search over the board, a few microseconds). Skipped when both hunt weights are 0.
  std::optional<Hunt> hunt;
  if (hunt_weights_) {
    hunt.emplace();
    hunt->side = side;
    hunt->map = firing_map(*state.board, state.player[other(side)]);
    hunt->root_time = hunt_time(state, *hunt, hunt->root_shot);
  }
  const HuntScope scope(hunt ? &*hunt : nullptr);
  const std::uint64_t before = SearchGame::plays;
  SearchResult result;
  static_cast<search::SimultaneousResult<Action>&>(result) = mcts_for(side).search(state, side, limits);
  result.positions = SearchGame::plays - before;
  return result;
}

std::string strategy_text(const SearchResult& result, Side side) {
  std::string out;
  const auto& actions = result.actions[side];
  for (std::size_t k = 0; k < actions.size(); ++k) {
    out += k ? " " : "";
    out += action_text(actions[k]) + ":";
    if (k < result.pruned[side].size() && result.pruned[side][k]) {
      out += "pruned";
    } else {
      char number[16];
      std::snprintf(number, sizeof number, "%.3f", k < result.strategy[side].size() ? result.strategy[side][k] : 0.0);
      out += number;
    }
  }
  return out;
}

}  // namespace gamelab::bullets
