#pragma once
// A one-shot matrix game as a simultaneous game, for testing the generic searches: both sides pick a
// row and a column at once; the game ends with side 0's payoff in [0, 1].
#include <optional>
#include <vector>

#include "core/move_list.hpp"

namespace matrix_test {

struct MatrixGame {
  struct State {
    const std::vector<std::vector<double>>* payoff;
    int row = -1, col = -1;
  };
  using Action = int;
  using ActionList = gamelab::MoveList<int, 16>;

  static void generate_actions(const State& s, int side, ActionList& list) {
    list.clear();
    const int n = side == 0 ? static_cast<int>(s.payoff->size()) : static_cast<int>((*s.payoff)[0].size());
    for (int k = 0; k < n; ++k) list.push_back(k);
  }
  static State play(const State& s, int a, int b) { return {s.payoff, a, b}; }
  static std::optional<double> terminal_value(const State& s) {
    if (s.row < 0) return std::nullopt;
    return (*s.payoff)[s.row][s.col];
  }
  static int evaluate(const State&, const int*) { return 0; }
};

// How much both players could gain by deviating from (x, y): 0 exactly at an equilibrium.
inline double exploitability(const std::vector<std::vector<double>>& a, const std::vector<double>& x,
                             const std::vector<double>& y) {
  double best_row = -1e9, best_col = 1e9;
  for (std::size_t i = 0; i < a.size(); ++i) {
    double v = 0;
    for (std::size_t j = 0; j < y.size(); ++j) v += a[i][j] * y[j];
    best_row = std::max(best_row, v);
  }
  for (std::size_t j = 0; j < y.size(); ++j) {
    double v = 0;
    for (std::size_t i = 0; i < x.size(); ++i) v += a[i][j] * x[i];
    best_col = std::min(best_col, v);
  }
  return best_row - best_col;
}

}  // namespace matrix_test
