#include "eval/ratings/draw_elo_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "core/error.hpp"

namespace gamelab::eval {

namespace {

constexpr double kNatsPerElo = 2.302585092994046 / 400;  // ln 10 / 400

double sigmoid(double x) {
  if (x >= 0) return 1 / (1 + std::exp(-x));
  const double e = std::exp(x);
  return e / (1 + e);
}

double log_sigmoid(double x) { return x >= 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x)); }

// Results of one seating (first, second), counts of the first seat's wins, draws and losses.
struct Cell {
  int first, second;
  double wins = 0, draws = 0, losses = 0;
};

std::vector<Cell> aggregate(int engines, const std::vector<RatedGame>& games, double prior_draws) {
  std::map<std::pair<int, int>, Cell> cells;
  const auto cell = [&](int i, int j) -> Cell& {
    auto [it, inserted] = cells.try_emplace({i, j}, Cell{i, j});
    return it->second;
  };
  for (const auto& g : games) {
    if (g.first < 0 || g.second < 0 || g.first >= engines || g.second >= engines || g.first == g.second) {
      throw std::invalid_argument("fit_draw_elo_model: a game refers to a bad engine index");
    }
    Cell& c = cell(g.first, g.second);
    if (g.score == 1.0) c.wins += 1;
    else if (g.score == 0.5) c.draws += 1;
    else if (g.score == 0.0) c.losses += 1;
    else throw std::invalid_argument("fit_draw_elo_model: a game score must be 0, 0.5 or 1");
  }
  if (prior_draws > 0) {
    std::vector<std::pair<int, int>> met;
    for (const auto& [key, c] : cells) met.emplace_back(std::min(key.first, key.second), std::max(key.first, key.second));
    std::sort(met.begin(), met.end());
    met.erase(std::unique(met.begin(), met.end()), met.end());
    for (const auto& [i, j] : met) {
      cell(i, j).draws += prior_draws / 2;
      cell(j, i).draws += prior_draws / 2;
    }
  }
  std::vector<Cell> out;
  for (const auto& [key, c] : cells) out.push_back(c);
  return out;
}

std::string name_list(const std::vector<std::string>& names, const std::vector<bool>& in_set, bool member) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (in_set[i] != member) continue;
    if (!out.empty()) out += ", ";
    out += names[i];
  }
  return out;
}

// Engines reachable from `start` along "scored at least a draw against" (forward) or its reverse.
std::vector<bool> reachable(int engines, const std::vector<Cell>& cells, int start, bool forward) {
  std::vector<std::vector<int>> edges(engines);
  for (const auto& c : cells) {
    const bool first_scored = c.wins + c.draws > 0, second_scored = c.losses + c.draws > 0;
    if (first_scored) (forward ? edges[c.first] : edges[c.second]).push_back(forward ? c.second : c.first);
    if (second_scored) (forward ? edges[c.second] : edges[c.first]).push_back(forward ? c.first : c.second);
  }
  std::vector<bool> seen(engines, false);
  std::vector<int> stack{start};
  seen[start] = true;
  while (!stack.empty()) {
    const int i = stack.back();
    stack.pop_back();
    for (int j : edges[i]) {
      if (!seen[j]) {
        seen[j] = true;
        stack.push_back(j);
      }
    }
  }
  return seen;
}

// InputError unless the ratings have a finite maximum-likelihood value (see the header).
void check_ratings_exist(const std::vector<std::string>& names, const std::vector<Cell>& cells) {
  const int n = static_cast<int>(names.size());
  std::vector<std::vector<int>> met(n);
  for (const auto& c : cells) {
    met[c.first].push_back(c.second);
    met[c.second].push_back(c.first);
  }
  std::vector<bool> connected(n, false);
  std::vector<int> stack{0};
  connected[0] = true;
  while (!stack.empty()) {
    const int i = stack.back();
    stack.pop_back();
    for (int j : met[i]) {
      if (!connected[j]) {
        connected[j] = true;
        stack.push_back(j);
      }
    }
  }
  if (std::find(connected.begin(), connected.end(), false) != connected.end()) {
    throw InputError("no game connects {" + name_list(names, connected, true) + "} with {" +
                     name_list(names, connected, false) + "}: their ratings cannot be compared");
  }
  const std::string remedy = ": no finite maximum-likelihood rating exists (play more games, or add virtual draws with --prior)";
  const auto forward = reachable(n, cells, 0, true);
  if (std::find(forward.begin(), forward.end(), false) != forward.end()) {
    throw InputError("{" + name_list(names, forward, true) + "} never scored against {" +
                     name_list(names, forward, false) + "}" + remedy);
  }
  const auto backward = reachable(n, cells, 0, false);
  if (std::find(backward.begin(), backward.end(), false) != backward.end()) {
    throw InputError("{" + name_list(names, backward, false) + "} never scored against {" +
                     name_list(names, backward, true) + "}" + remedy);
  }
}

// Solves a x = b for a symmetric positive definite `a` (row-major, n x n) by Cholesky; false if not
// positive definite.
bool cholesky_solve(std::vector<double> a, std::vector<double> b, int n, std::vector<double>& x) {
  for (int j = 0; j < n; ++j) {
    double d = a[j * n + j];
    for (int k = 0; k < j; ++k) d -= a[j * n + k] * a[j * n + k];
    if (!(d > 0)) return false;
    d = std::sqrt(d);
    a[j * n + j] = d;
    for (int i = j + 1; i < n; ++i) {
      double s = a[i * n + j];
      for (int k = 0; k < j; ++k) s -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = s / d;
    }
  }
  for (int i = 0; i < n; ++i) {
    double s = b[i];
    for (int k = 0; k < i; ++k) s -= a[i * n + k] * b[k];
    b[i] = s / a[i * n + i];
  }
  for (int i = n - 1; i >= 0; --i) {
    double s = b[i];
    for (int k = i + 1; k < n; ++k) s -= a[k * n + i] * b[k];
    b[i] = s / a[i * n + i];
  }
  x = std::move(b);
  return true;
}

// The model's parameters as one vector: ratings of the engines other than the anchor, then the
// advantage, then draw_elo if it is fitted.
class Objective {
 public:
  Objective(int engines, int anchor, bool fit_draw, const std::vector<Cell>& cells)
      : cells_(cells), fit_draw_(fit_draw), index_(engines, -1) {
    int next = 0;
    for (int e = 0; e < engines; ++e) {
      if (e != anchor) index_[e] = next++;
    }
    advantage_ = next++;
    draw_ = fit_draw ? next++ : -1;
    size_ = next;
  }

  int size() const { return size_; }
  int advantage_index() const { return advantage_; }
  int draw_index() const { return draw_; }
  double rating(const std::vector<double>& theta, int engine) const {
    return index_[engine] < 0 ? 0.0 : theta[index_[engine]];
  }
  double draw_elo(const std::vector<double>& theta) const { return fit_draw_ ? theta[draw_] : 0.0; }

  double log_likelihood(const std::vector<double>& theta) const {
    double total = 0;
    const double d = draw_elo(theta);
    for (const auto& c : cells_) {
      const double eta = rating(theta, c.first) - rating(theta, c.second) + theta[advantage_];
      const double u1 = kNatsPerElo * (eta - d), u2 = kNatsPerElo * (eta + d);
      if (c.wins > 0) total += c.wins * log_sigmoid(u1);
      if (c.losses > 0) total += c.losses * log_sigmoid(-u2);
      if (c.draws > 0) total += c.draws * (log_sigmoid(u2) + log_sigmoid(-u1) + std::log(-std::expm1(u1 - u2)));
    }
    return total;
  }

  // Gradient and Hessian of the log-likelihood (Hessian row-major, size x size).
  void derivatives(const std::vector<double>& theta, std::vector<double>& gradient, std::vector<double>& hessian) const {
    gradient.assign(size_, 0);
    hessian.assign(size_ * size_, 0);
    const double d = draw_elo(theta);
    for (const auto& c : cells_) {
      const double eta = rating(theta, c.first) - rating(theta, c.second) + theta[advantage_];
      const double u1 = kNatsPerElo * (eta - d), u2 = kNatsPerElo * (eta + d);
      const double s1 = sigmoid(u1), s2 = sigmoid(u2);
      const double g1 = s1 * sigmoid(-u1), g2 = s2 * sigmoid(-u2);
      // Derivatives of the cell's log-likelihood with respect to u1 and u2.
      double l1 = c.wins * sigmoid(-u1), l2 = -c.losses * s2;
      double l11 = -c.wins * g1, l22 = -c.losses * g2, l12 = 0;
      if (c.draws > 0) {
        // P(draw) = s2 - s1, computed without cancellation.
        const double p = std::exp(log_sigmoid(u2) + log_sigmoid(-u1)) * -std::expm1(u1 - u2);
        const double h1 = g1 / p, h2 = g2 / p;
        l1 -= c.draws * h1;
        l2 += c.draws * h2;
        l11 += c.draws * (-h1 * (1 - 2 * s1) - h1 * h1);
        l22 += c.draws * (h2 * (1 - 2 * s2) - h2 * h2);
        l12 += c.draws * h1 * h2;
      }
      // u1 and u2 are k (r_first - r_second + advantage) -+ k draw_elo.
      int idx[4];
      double v1[4], v2[4];
      int m = 0;
      const auto add = [&](int index, double c1, double c2) {
        if (index < 0) return;
        idx[m] = index;
        v1[m] = kNatsPerElo * c1;
        v2[m] = kNatsPerElo * c2;
        ++m;
      };
      add(index_[c.first], 1, 1);
      add(index_[c.second], -1, -1);
      add(advantage_, 1, 1);
      add(draw_, -1, 1);
      for (int p = 0; p < m; ++p) {
        gradient[idx[p]] += l1 * v1[p] + l2 * v2[p];
        for (int q = 0; q < m; ++q) {
          hessian[idx[p] * size_ + idx[q]] +=
              l11 * v1[p] * v1[q] + l12 * (v1[p] * v2[q] + v2[p] * v1[q]) + l22 * v2[p] * v2[q];
        }
      }
    }
  }

 private:
  const std::vector<Cell>& cells_;
  bool fit_draw_;
  std::vector<int> index_;
  int advantage_ = 0, draw_ = -1, size_ = 0;
};

// Beyond these the fitted values mean a result is certain: the likelihood has no finite maximum.
constexpr double kMaxAdvantage = 2000;
constexpr double kMaxRatingSpread = 5000;

}  // namespace

std::array<double, 3> draw_elo_probabilities(double rating_difference, double advantage, double draw_elo) {
  const double eta = rating_difference + advantage;
  const double win = sigmoid(kNatsPerElo * (eta - draw_elo));
  const double loss = sigmoid(-kNatsPerElo * (eta + draw_elo));
  return {win, std::max(0.0, 1 - win - loss), loss};
}

DrawEloFit fit_draw_elo_model(const std::vector<std::string>& names, const std::vector<RatedGame>& games, int anchor,
                              double anchor_rating, double prior_draws) {
  const int n = static_cast<int>(names.size());
  if (n < 2) throw InputError("a rating list needs games between at least two engines");
  if (anchor < 0 || anchor >= n) throw std::invalid_argument("fit_draw_elo_model: bad anchor index");
  if (!(prior_draws >= 0) || !std::isfinite(prior_draws)) throw InputError("--prior must be a non-negative number");
  const std::vector<Cell> cells = aggregate(n, games, prior_draws);
  check_ratings_exist(names, cells);

  double wins = 0, draws = 0, losses = 0;
  for (const auto& c : cells) {
    wins += c.wins;
    draws += c.draws;
    losses += c.losses;
  }
  DrawEloFit fit;
  fit.ratings.assign(n, anchor_rating);
  if (wins + losses == 0) {  // only draws: every engine equal, draws certain
    fit.draw_elo = std::numeric_limits<double>::infinity();
    return fit;
  }
  const bool fit_draw = draws > 0;
  const Objective objective(n, anchor, fit_draw, cells);
  std::vector<double> theta(objective.size(), 0.0);
  if (fit_draw) {
    // Start where the model's draw rate between equal engines is the observed one.
    const double rate = draws / (wins + draws + losses);
    theta[objective.draw_index()] = std::log((1 + rate) / (1 - rate)) / kNatsPerElo;
  }

  double value = objective.log_likelihood(theta);
  std::vector<double> gradient, hessian, step;
  bool converged = false;
  for (int iteration = 0; iteration < 200 && !converged; ++iteration) {
    fit.iterations = iteration + 1;
    objective.derivatives(theta, gradient, hessian);
    const int m = objective.size();
    std::vector<double> negative(m * m);
    for (int i = 0; i < m * m; ++i) negative[i] = -hessian[i];
    double ridge = 0;
    while (!cholesky_solve(negative, gradient, m, step)) {
      ridge = ridge == 0 ? 1e-12 : ridge * 10;
      for (int i = 0; i < m; ++i) negative[i * m + i] = -hessian[i * m + i] + ridge;
      if (ridge > 1e6) throw std::runtime_error("fit_draw_elo_model: Hessian is singular");
    }
    double decrement = 0;  // Newton decrement squared: the predicted gain of the full step, times 2
    for (int i = 0; i < m; ++i) decrement += gradient[i] * step[i];
    if (decrement < 1e-20 * std::max(1.0, std::abs(value))) {
      converged = true;
      break;
    }
    double t = 1;
    if (fit_draw) {  // keep draw_elo positive
      const int k = objective.draw_index();
      while (theta[k] + t * step[k] <= 0) t /= 2;
    }
    std::vector<double> next(m);
    double next_value;
    for (;;) {
      for (int i = 0; i < m; ++i) next[i] = theta[i] + t * step[i];
      next_value = objective.log_likelihood(next);
      if (next_value >= value + 1e-4 * t * decrement || t < 1e-12) break;
      t /= 2;
    }
    if (!(next_value >= value)) {  // no progress possible: at the maximum within rounding
      converged = true;
      break;
    }
    const double gain = next_value - value;
    theta = std::move(next);
    value = next_value;
    if (gain <= 1e-15 * std::max(1.0, std::abs(value)) && decrement < 1e-9) converged = true;
  }
  if (!converged) throw InputError("the rating fit did not converge (results too extreme for a finite maximum?)");

  fit.log_likelihood = value;
  fit.advantage = theta[objective.advantage_index()];
  fit.draw_elo = objective.draw_elo(theta);
  double lowest = 0, highest = 0;
  for (int e = 0; e < n; ++e) {
    const double r = objective.rating(theta, e);
    lowest = std::min(lowest, r);
    highest = std::max(highest, r);
    fit.ratings[e] = anchor_rating + r;
  }
  if (std::abs(fit.advantage) > kMaxAdvantage) {
    throw InputError("the first seat's advantage has no finite maximum-likelihood value (one seat wins every "
                     "decisive game?); add virtual draws with --prior");
  }
  if (highest - lowest > kMaxRatingSpread) {
    throw InputError("the fitted ratings diverge (results too one-sided); add virtual draws with --prior");
  }
  return fit;
}

}  // namespace gamelab::eval
