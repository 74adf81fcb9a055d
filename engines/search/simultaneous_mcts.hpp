#pragma once
// Search for simultaneous-move games: MCTS with decoupled selection, plus serialized bounds at the root.
//
// At every node each side chooses its own action from its own statistics (decoupled selection), by
// decoupled UCT or by regret matching (a knob); the joint action selects the child. Values are side 0's
// result in [0, 1] (side 1 gets 1 - value). The move is taken from the root's mixed strategy: visit
// frequencies (UCT) or the average regret-matching strategy, sampled with the seeded generator or
// taken at its most likely action (a knob).
//
// Before the iterations, serialized alpha-beta bounds (max-min: side 0 commits first, a lower bound on
// the game value; min-max: side 1 commits first, an upper bound) over the first joint plies give each
// root action a proven interval, counting only decided games (an undecided leaf is [0, 1]). An action
// whose best case is worse than another's worst case is never part of an equilibrium and is pruned; an
// action whose worst case beats every other's best case is provably best and is played at once. A
// state's paranoid bound is only one-sided, so nothing else is decided by it.
//
// A time-limited search (movetime) answers early when its answer is already fixed: the side has a
// single action left after the bounds, or, where the answer is the most played action (decoupled UCT,
// final choice 1), the leader's lead in visits is larger than the iterations the remaining time allows
// at the rate so far. Node-limited searches always run their iterations, so their games stay the same.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <memory>
#include <optional>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/limits.hpp"
#include "core/rng.hpp"
#include "search/mcts_knobs.hpp"
#include "search/regret_matching.hpp"

namespace gamelab::search {

// What the search needs of a simultaneous game G:
//  - G::generate_actions(s, side, list): side 0's or side 1's distinct actions (never empty while the
//    game goes on);
//  - G::play(s, a0, a1); G::terminal_value(s): side 0's result (1 win, 0.5 draw, 0 loss) when over;
//  - G::evaluate(s, weights): side 0's advantage in evaluation units.
template <class G>
concept SimultaneousSearchGame = requires(const typename G::State& s, typename G::ActionList& list,
                                          const typename G::Action& a, const int* weights) {
  G::generate_actions(s, 0, list);
  { G::play(s, a, a) } -> std::same_as<typename G::State>;
  { G::terminal_value(s) } -> std::same_as<std::optional<double>>;
  { G::evaluate(s, weights) } -> std::convertible_to<int>;
};

// A learned evaluation at the leaves (a learned evaluation file: learned_leaf_eval.hpp), offered by a
// game as G::Learned with
//   value(s)          side 0's learned value in evaluation units;
//   add_handmade()    whether G::evaluate is added to it (evalmode=add) or left out (replace).
// A game without one (or a search not given one) evaluates its leaves with G::evaluate.
namespace detail {
struct NoLearned {};
template <class G>
struct LearnedOf {
  using type = NoLearned;
};
template <class G>
  requires requires { typename G::Learned; }
struct LearnedOf<G> {
  using type = typename G::Learned;
};
}  // namespace detail

template <class Action>
struct SimultaneousResult {
  std::optional<Action> action;       // for the side that asked; empty if the game is over
  std::vector<Action> actions[2];     // root actions of each side
  std::vector<double> strategy[2];    // root mixed strategies (0 for pruned actions)
  std::vector<char> pruned[2];        // 1: removed by the bounds
  bool proven = false;                // the action is provably best (bounds), no iterations needed
  bool early = false;                 // a time-limited search answered before its time (see above)
  double value = 0.5;                 // estimated value for side 0
  std::uint64_t iterations = 0;
  std::uint64_t nodes = 0;            // tree nodes created
  double seconds = 0;
};

template <SimultaneousSearchGame G>
class SimultaneousMcts {
 public:
  using State = typename G::State;
  using Action = typename G::Action;
  using ActionList = typename G::ActionList;
  using Learned = typename detail::LearnedOf<G>::type;
  static constexpr bool kHasLearned = !std::is_same_v<Learned, detail::NoLearned>;

  // Tree nodes are capped (about this many); beyond it leaves are evaluated without being stored.
  static constexpr std::size_t kMaxNodes = 1 << 20;
  static constexpr std::uint64_t kDefaultIterations = 10000;

  SimultaneousMcts(std::vector<int> weights, MctsKnobs knobs, std::uint64_t seed)
      : weights_(std::move(weights)), knobs_(knobs), rng_(seed) {}

  // Chooses an action for `side` (0 or 1). Limits: nodes = iterations; movetime (a clock: as the time
  // manager spends it, core/limits.hpp); default 10,000 iterations.
  SimultaneousResult<Action> search(const State& root, int side, const SearchLimits& given) {
    const SearchLimits limits = move_limits(given);
    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    SimultaneousResult<Action> result;
    nodes_.clear();
    if (G::terminal_value(root)) return result;
    nodes_.emplace_back();
    expand(0, root);
    for (int p = 0; p < 2; ++p) result.actions[p] = nodes_[0].actions[p];
    if (knobs_.bound_depth > 0) {
      const auto proven = root_bounds(root);
      if (proven[side]) {
        result.proven = true;
        result.action = nodes_[0].actions[side][*proven[side]];
        for (int p = 0; p < 2; ++p) {
          result.strategy[p].assign(nodes_[0].actions[p].size(), 0.0);
          if (proven[p]) result.strategy[p][*proven[p]] = 1.0;
        }
      }
    }
    for (int p = 0; p < 2; ++p) result.pruned[p] = allowed_as_pruned(nodes_[0].allowed[p]);

    if (!result.proven && limits.movetime_ms && single_allowed(side)) {
      result.early = true;
      for (int p = 0; p < 2; ++p) result.strategy[p] = root_strategy(p);
      result.action = nodes_[0].actions[side][*single_allowed(side)];
    } else if (!result.proven) {
      const std::uint64_t iterations = limits.nodes.value_or(limits.movetime_ms ? ~0ULL : kDefaultIterations);
      double value_sum = 0;
      const double loop_start_ms = elapsed() * 1000.0;  // the rate counts the iterations' time only
      while (result.iterations < iterations) {
        if (limits.movetime_ms && (result.iterations & 15) == 0 && result.iterations > 0) {
          const double used_ms = elapsed() * 1000.0;
          const double movetime = static_cast<double>(*limits.movetime_ms);
          if (used_ms >= movetime) break;
          if ((result.iterations & 255) == 0 && settled(side, result.iterations, used_ms - loop_start_ms, movetime - used_ms,
                                                         iterations - result.iterations)) {
            result.early = true;
            break;
          }
        }
        value_sum += simulate(0, root);
        ++result.iterations;
      }
      if (result.iterations > 0) result.value = value_sum / static_cast<double>(result.iterations);
      for (int p = 0; p < 2; ++p) result.strategy[p] = root_strategy(p);
      result.action = nodes_[0].actions[side][choose(result.strategy[side])];
    }
    result.nodes = nodes_.size();
    result.seconds = elapsed();
    return result;
  }

  // Evaluate the leaves with `learned` (a learned evaluation file) instead of G::evaluate alone;
  // null: G::evaluate again.
  void set_learned(std::unique_ptr<Learned> learned)
    requires kHasLearned
  {
    learned_ = std::move(learned);
  }
  Learned* learned() const { return learned_.get(); }

  // Leaf value used by the search (side 0's point of view, in [0, 1]).
  double leaf_value(const State& s) const {
    if (auto t = G::terminal_value(s)) return *t;
    return 1.0 / (1.0 + std::exp(-static_cast<double>(evaluation(s)) / std::max(knobs_.eval_scale, 1)));
  }
  // A live state's evaluation, side 0's view, in evaluation units: G::evaluate, or the learned value
  // with G::evaluate added (evalmode=add) or alone (replace).
  int evaluation(const State& s) const {
    if constexpr (kHasLearned) {
      if (learned_) {
        const int value = learned_->value(s);
        return learned_->add_handmade() ? value + G::evaluate(s, weights_.data()) : value;
      }
    }
    return G::evaluate(s, weights_.data());
  }

 private:
  struct Side {
    std::vector<double> reward;
    std::vector<std::uint32_t> visits;
    RegretMatching regret;
  };
  struct Node {
    bool expanded = false;
    std::vector<Action> actions[2];
    std::vector<char> allowed[2];
    Side side[2];
    std::uint32_t total = 0;
    std::uint32_t leaf_visits = 0;  // visits before the node was expanded (knob expand_visits)
    std::unordered_map<std::uint32_t, std::uint32_t> children;  // i * |A1| + j -> node
  };

  static std::vector<char> allowed_as_pruned(const std::vector<char>& allowed) {
    std::vector<char> pruned(allowed.size());
    for (std::size_t k = 0; k < allowed.size(); ++k) pruned[k] = allowed[k] ? 0 : 1;
    return pruned;
  }

  void expand(std::uint32_t id, const State& s) {
    Node& n = nodes_[id];
    for (int p = 0; p < 2; ++p) {
      ActionList list;
      G::generate_actions(s, p, list);
      n.actions[p].assign(list.begin(), list.end());
      n.allowed[p].assign(n.actions[p].size(), 1);
      n.side[p].reward.assign(n.actions[p].size(), 0.0);
      n.side[p].visits.assign(n.actions[p].size(), 0);
      n.side[p].regret = RegretMatching(n.actions[p].size());
    }
    n.expanded = true;
  }

  // One iteration from node `id` in state `s`; returns side 0's value.
  double simulate(std::uint32_t id, const State& s) {
    if (auto t = G::terminal_value(s)) return *t;
    if (!nodes_[id].expanded) {
      // A node is given its action statistics (memory in proportion to its actions) only from its
      // expand_visits-th visit on; before that it is a leaf, evaluated and counted.
      if (++nodes_[id].leaf_visits >= static_cast<std::uint32_t>(knobs_.expand_visits)) expand(id, s);
      return rollout(s);
    }
    std::vector<double> played[2];
    std::size_t chosen[2];
    for (int p = 0; p < 2; ++p) chosen[p] = select(nodes_[id], p, played[p]);
    const std::uint32_t key = static_cast<std::uint32_t>(chosen[0] * nodes_[id].actions[1].size() + chosen[1]);
    const State next = G::play(s, nodes_[id].actions[0][chosen[0]], nodes_[id].actions[1][chosen[1]]);
    double value;
    auto it = nodes_[id].children.find(key);
    if (it != nodes_[id].children.end()) {
      value = simulate(it->second, next);
    } else if (nodes_.size() < kMaxNodes) {
      const auto child = static_cast<std::uint32_t>(nodes_.size());
      nodes_[id].children.emplace(key, child);
      nodes_.emplace_back();
      value = simulate(child, next);
    } else {
      value = rollout(next);
    }
    Node& n = nodes_[id];  // nodes_ may have grown: take the reference again
    ++n.total;
    for (int p = 0; p < 2; ++p) {
      const double reward = p == 0 ? value : 1.0 - value;
      Side& st = n.side[p];
      st.reward[chosen[p]] += reward;
      ++st.visits[chosen[p]];
      if (knobs_.policy == 1) st.regret.update_sampled(chosen[p], reward, played[p]);
    }
    return value;
  }

  std::size_t select(const Node& n, int p, std::vector<double>& played) {
    const Side& st = n.side[p];
    const std::size_t count = n.actions[p].size();
    if (knobs_.policy == 1) {
      st.regret.strategy(played, knobs_.rm_gamma / 1000.0, &n.allowed[p]);
      return sample(played);
    }
    // Decoupled UCT: an untried action first (chosen at random), then mean + C * sqrt(ln N / n).
    std::size_t untried = 0;
    for (std::size_t k = 0; k < count; ++k) untried += n.allowed[p][k] && st.visits[k] == 0;
    if (untried > 0) {
      std::size_t pick = rng_.below(untried);
      for (std::size_t k = 0; k < count; ++k) {
        if (n.allowed[p][k] && st.visits[k] == 0 && pick-- == 0) return k;
      }
    }
    const double c = knobs_.exploration / 100.0;
    const double log_total = std::log(static_cast<double>(std::max<std::uint32_t>(n.total, 1)));
    std::size_t best = 0;
    double best_score = -1e300;
    for (std::size_t k = 0; k < count; ++k) {
      if (!n.allowed[p][k]) continue;
      const double mean = st.reward[k] / st.visits[k];
      const double score = mean + c * std::sqrt(log_total / st.visits[k]);
      if (score > best_score) {
        best_score = score;
        best = k;
      }
    }
    return best;
  }

  std::size_t sample(const std::vector<double>& probabilities) {
    double x = rng_.unit();
    std::size_t last = 0;
    for (std::size_t k = 0; k < probabilities.size(); ++k) {
      if (probabilities[k] <= 0) continue;
      last = k;
      x -= probabilities[k];
      if (x < 0) return k;
    }
    return last;
  }

  double rollout(State s) {
    for (int ply = 0; ply < knobs_.rollout_depth; ++ply) {
      if (G::terminal_value(s)) break;
      ActionList a, b;
      G::generate_actions(s, 0, a);
      G::generate_actions(s, 1, b);
      s = G::play(s, a[rng_.below(a.size())], b[rng_.below(b.size())]);
    }
    return leaf_value(s);
  }

  // The one action the bounds left `side` at the root, if only one is left.
  std::optional<std::size_t> single_allowed(int side) const {
    const std::vector<char>& allowed = nodes_[0].allowed[side];
    std::optional<std::size_t> only;
    for (std::size_t k = 0; k < allowed.size(); ++k) {
      if (!allowed[k]) continue;
      if (only) return std::nullopt;
      only = k;
    }
    return only;
  }

  // Whether the most played root action of `side` can no longer be overtaken before the movetime ends,
  // at the iteration rate so far (`iterations` in `spent_ms`, `left_ms` to go, at most `cap` more); only
  // where the answer is the most played action (UCT, final choice 1).
  bool settled(int side, std::uint64_t iterations, double spent_ms, double left_ms, std::uint64_t cap) const {
    if (knobs_.policy != 0 || knobs_.final_choice != 1 || spent_ms <= 0) return false;
    std::uint32_t first = 0, second = 0;
    for (const std::uint32_t v : nodes_[0].side[side].visits) {
      if (v > first) {
        second = first;
        first = v;
      } else if (v > second) {
        second = v;
      }
    }
    const double remaining = std::min(static_cast<double>(iterations) / spent_ms * left_ms, static_cast<double>(cap));
    return static_cast<double>(first - second) > remaining;
  }

  std::vector<double> root_strategy(int p) const {
    const Node& root = nodes_[0];
    if (knobs_.policy == 1) return root.side[p].regret.average();
    std::vector<double> out(root.actions[p].size(), 0.0);
    double total = 0;
    for (std::size_t k = 0; k < out.size(); ++k) total += root.side[p].visits[k];
    for (std::size_t k = 0; k < out.size(); ++k) {
      out[k] = total > 0 ? root.side[p].visits[k] / total : (root.allowed[p][k] ? 1.0 : 0.0);
    }
    return out;
  }

  std::size_t choose(const std::vector<double>& strategy) {
    if (knobs_.final_choice == 0) return sample(strategy);
    return static_cast<std::size_t>(std::max_element(strategy.begin(), strategy.end()) - strategy.begin());
  }

  // Proven bounds [lower, upper] on side 0's value of `s` from `depth` serialized joint plies.
  std::pair<double, double> bounds(const State& s, int depth) const {
    if (auto t = G::terminal_value(s)) return {*t, *t};
    if (depth == 0) return {0.0, 1.0};
    ActionList a, b;
    G::generate_actions(s, 0, a);
    G::generate_actions(s, 1, b);
    // Lower: max over i of min over j (side 0 commits first); upper: min over j of max over i.
    std::vector<std::pair<double, double>> child(a.size() * b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      for (std::size_t j = 0; j < b.size(); ++j) child[i * b.size() + j] = bounds(G::play(s, a[i], b[j]), depth - 1);
    }
    double lower = 0.0, upper = 1.0;
    for (std::size_t i = 0; i < a.size(); ++i) {
      double worst = 1.0;
      for (std::size_t j = 0; j < b.size(); ++j) worst = std::min(worst, child[i * b.size() + j].first);
      lower = std::max(lower, worst);
    }
    for (std::size_t j = 0; j < b.size(); ++j) {
      double best = 0.0;
      for (std::size_t i = 0; i < a.size(); ++i) best = std::max(best, child[i * b.size() + j].second);
      upper = std::min(upper, best);
    }
    return {lower, upper};
  }

  // Root pruning from the bounds of every root joint action; returns each side's provably best action.
  std::array<std::optional<std::size_t>, 2> root_bounds(const State& root) {
    Node& n = nodes_[0];
    const std::size_t na = n.actions[0].size(), nb = n.actions[1].size();
    std::vector<std::pair<double, double>> v(na * nb);
    for (std::size_t i = 0; i < na; ++i) {
      for (std::size_t j = 0; j < nb; ++j) {
        v[i * nb + j] = bounds(G::play(root, n.actions[0][i], n.actions[1][j]), knobs_.bound_depth - 1);
      }
    }
    // Side 0 maximises: worst case = min over replies of the lower bound, best case = max of the upper.
    // Side 1 minimises side 0's value: its worst case is the max of the upper bounds, and so on.
    std::vector<double> worst0(na, 1.0), best0(na, 0.0), worst1(nb, 0.0), best1(nb, 1.0);
    for (std::size_t i = 0; i < na; ++i) {
      for (std::size_t j = 0; j < nb; ++j) {
        worst0[i] = std::min(worst0[i], v[i * nb + j].first);
        best0[i] = std::max(best0[i], v[i * nb + j].second);
        worst1[j] = std::max(worst1[j], v[i * nb + j].second);
        best1[j] = std::min(best1[j], v[i * nb + j].first);
      }
    }
    prune(worst0, best0, n.allowed[0], false);
    prune(worst1, best1, n.allowed[1], true);
    return {proven_action(worst0, best0, false), proven_action(worst1, best1, true)};
  }

  // For side 0 (`minimizer` false) worst/best are lower/upper values; for side 1 the comparisons flip.
  static bool better(double x, double y, bool minimizer) { return minimizer ? x < y : x > y; }

  void prune(const std::vector<double>& worst, const std::vector<double>& best, std::vector<char>& allowed,
                       bool minimizer) const {
    const std::size_t n = worst.size();
    double best_worst = worst[0];
    for (double w : worst) best_worst = better(w, best_worst, minimizer) ? w : best_worst;
    const double hopeless = minimizer ? 1.0 : 0.0;  // the action loses against every reply
    bool some_not_hopeless = false;
    for (std::size_t k = 0; k < n; ++k) some_not_hopeless = some_not_hopeless || best[k] != hopeless;
    for (std::size_t k = 0; k < n; ++k) {
      // Even its best case is worse than what another action guarantees: outside every equilibrium.
      if (better(best_worst, best[k], minimizer)) allowed[k] = 0;
      // It loses whatever the opponent does, and another action does not: weakly dominated.
      if (best[k] == hopeless && some_not_hopeless) allowed[k] = 0;
    }
  }

  std::optional<std::size_t> proven_action(const std::vector<double>& worst, const std::vector<double>& best,
                                           bool minimizer) const {
    for (std::size_t k = 0; k < worst.size(); ++k) {
      bool dominates = true;
      for (std::size_t i = 0; i < worst.size() && dominates; ++i) {
        if (i != k && better(best[i], worst[k], minimizer)) dominates = false;
      }
      if (dominates) return k;
    }
    return std::nullopt;
  }

  std::vector<int> weights_;
  MctsKnobs knobs_;
  Rng rng_;
  std::vector<Node> nodes_;
  std::unique_ptr<Learned> learned_;  // empty: G::evaluate
};

}  // namespace gamelab::search
