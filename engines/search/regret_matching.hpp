#pragma once
// Regret matching (Hart and Mas-Colell, 2000) for one player's choice among n actions.
//
// The current strategy plays each action in proportion to its positive cumulative regret (uniformly
// when none is positive). The average of the strategies played converges to a Nash equilibrium in
// two-player zero-sum games when both players use it. Two update forms:
//  - full information: the value of every action against what the opponent just played is known;
//  - sampled (as inside simultaneous-move MCTS): only the chosen action's value is seen, and the others
//    are estimated without bias by importance weighting (value / probability for the chosen one, 0 for
//    the rest), as in Lanctot et al., "MCTS in simultaneous move games" (2013).
#include <algorithm>
#include <cstddef>
#include <vector>

namespace gamelab::search {

class RegretMatching {
 public:
  explicit RegretMatching(std::size_t actions = 0) : regret_(actions, 0.0), strategy_sum_(actions, 0.0) {}
  std::size_t size() const { return regret_.size(); }

  // The current strategy, mixed with `gamma` of uniform exploration; `allowed` (optional) masks actions.
  void strategy(std::vector<double>& out, double gamma = 0.0, const std::vector<char>* allowed = nullptr) const {
    const std::size_t n = regret_.size();
    out.assign(n, 0.0);
    double positive = 0;
    std::size_t live = 0;
    for (std::size_t k = 0; k < n; ++k) {
      if (allowed && !(*allowed)[k]) continue;
      ++live;
      positive += std::max(regret_[k], 0.0);
    }
    if (live == 0) return;
    for (std::size_t k = 0; k < n; ++k) {
      if (allowed && !(*allowed)[k]) continue;
      const double matched = positive > 0 ? std::max(regret_[k], 0.0) / positive : 1.0 / static_cast<double>(live);
      out[k] = (1.0 - gamma) * matched + gamma / static_cast<double>(live);
    }
  }

  // Full information: values[k] is what action k would have earned; `played` is the strategy used.
  void update_full(const std::vector<double>& values, const std::vector<double>& played) {
    double expected = 0;
    for (std::size_t k = 0; k < values.size(); ++k) expected += played[k] * values[k];
    for (std::size_t k = 0; k < values.size(); ++k) {
      regret_[k] += values[k] - expected;
      strategy_sum_[k] += played[k];
    }
  }

  // Sampled: action `chosen`, drawn with probability played[chosen], earned `value`.
  void update_sampled(std::size_t chosen, double value, const std::vector<double>& played) {
    const double p = std::max(played[chosen], 1e-12);
    for (std::size_t k = 0; k < regret_.size(); ++k) {
      if (played[k] <= 0) continue;
      regret_[k] += (k == chosen ? value / p : 0.0) - value;
      strategy_sum_[k] += played[k];
    }
  }

  // The average strategy: the equilibrium estimate.
  std::vector<double> average() const {
    double total = 0;
    for (double x : strategy_sum_) total += x;
    std::vector<double> out(strategy_sum_.size(), total > 0 ? 0.0 : 1.0 / std::max<std::size_t>(1, size()));
    if (total > 0) {
      for (std::size_t k = 0; k < out.size(); ++k) out[k] = strategy_sum_[k] / total;
    }
    return out;
  }

 private:
  std::vector<double> regret_;
  std::vector<double> strategy_sum_;
};

}  // namespace gamelab::search
