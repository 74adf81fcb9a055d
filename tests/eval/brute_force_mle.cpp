#include "brute_force_mle.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace brute_force {

namespace {

constexpr double kMinusInfinity = -std::numeric_limits<double>::infinity();

// Solves the k x k system m x = r by Gaussian elimination with partial pivoting; false if singular.
bool solve(std::vector<std::vector<double>> m, std::vector<double> r, std::vector<double>& x) {
  const std::size_t k = r.size();
  for (std::size_t c = 0; c < k; ++c) {
    std::size_t pivot = c;
    for (std::size_t i = c + 1; i < k; ++i) {
      if (std::abs(m[i][c]) > std::abs(m[pivot][c])) pivot = i;
    }
    if (std::abs(m[pivot][c]) < 1e-12) return false;
    std::swap(m[pivot], m[c]);
    std::swap(r[pivot], r[c]);
    for (std::size_t i = c + 1; i < k; ++i) {
      const double f = m[i][c] / m[c][c];
      for (std::size_t j = c; j < k; ++j) m[i][j] -= f * m[c][j];
      r[i] -= f * r[c];
    }
  }
  x.assign(k, 0);
  for (std::size_t c = k; c-- > 0;) {
    double s = r[c];
    for (std::size_t j = c + 1; j < k; ++j) s -= m[c][j] * x[j];
    x[c] = s / m[c][c];
  }
  return true;
}

// All subsets of {0..n-1} with `size` elements.
void subsets(int n, int size, int start, std::vector<int>& current, std::vector<std::vector<int>>& out) {
  if (static_cast<int>(current.size()) == size) {
    out.push_back(current);
    return;
  }
  for (int i = start; i < n; ++i) {
    current.push_back(i);
    subsets(n, size, i + 1, current, out);
    current.pop_back();
  }
}

double objective(const std::vector<double>& counts, const std::vector<double>& p) {
  double total = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (counts[i] == 0) continue;
    if (p[i] <= 0) return kMinusInfinity;
    total += counts[i] * std::log(p[i]);
  }
  return total;
}

}  // namespace

double max_log_likelihood(const std::vector<double>& values, const std::vector<double>& counts, double mu,
                          bool second_moment, double m2, std::vector<double>* argmax) {
  const int n = static_cast<int>(values.size());
  // Constraint rows: 1, a, (a^2); right-hand sides 1, mu, (m2).
  std::vector<std::vector<double>> rows{std::vector<double>(n, 1.0), values};
  std::vector<double> rhs{1.0, mu};
  if (second_moment) {
    std::vector<double> squares(n);
    for (int i = 0; i < n; ++i) squares[i] = values[i] * values[i];
    rows.push_back(squares);
    rhs.push_back(m2);
  }
  const int m = static_cast<int>(rows.size());

  // Vertices: basic solutions on m cells with every component >= 0. Their centroid is feasible.
  std::vector<std::vector<int>> bases, edges;
  std::vector<int> scratch;
  subsets(n, m, 0, scratch, bases);
  subsets(n, m + 1, 0, scratch, edges);
  std::vector<double> p(n, 0.0);
  int vertices = 0;
  for (const auto& basis : bases) {
    std::vector<std::vector<double>> a(m, std::vector<double>(m));
    for (int r = 0; r < m; ++r) {
      for (int c = 0; c < m; ++c) a[r][c] = rows[r][basis[c]];
    }
    std::vector<double> x;
    if (!solve(a, rhs, x)) continue;
    if (*std::min_element(x.begin(), x.end()) < -1e-13) continue;
    for (int c = 0; c < m; ++c) p[basis[c]] += std::max(0.0, x[c]);
    ++vertices;
  }
  if (vertices == 0) return kMinusInfinity;
  for (double& x : p) x /= vertices;

  // Edge directions: the null vector of the constraints on m + 1 cells.
  std::vector<std::vector<double>> directions;
  for (const auto& edge : edges) {
    std::vector<std::vector<double>> a(m, std::vector<double>(m));
    std::vector<double> r(m);
    for (int row = 0; row < m; ++row) {
      for (int c = 0; c < m; ++c) a[row][c] = rows[row][edge[c]];
      r[row] = -rows[row][edge[m]];
    }
    std::vector<double> x;
    if (!solve(a, r, x)) continue;
    std::vector<double> d(n, 0.0);
    double norm = 1;
    for (int c = 0; c < m; ++c) {
      d[edge[c]] = x[c];
      norm += x[c] * x[c];
    }
    d[edge[m]] = 1;
    for (double& v : d) v /= std::sqrt(norm);
    directions.push_back(d);
  }

  double value = objective(counts, p);
  for (int sweep = 0; sweep < 200000; ++sweep) {
    const double before = value;
    for (const auto& d : directions) {
      // Steps t keeping p + t d >= 0.
      double lo = -std::numeric_limits<double>::infinity(), hi = std::numeric_limits<double>::infinity();
      for (int i = 0; i < n; ++i) {
        if (d[i] > 0) lo = std::max(lo, -p[i] / d[i]);
        if (d[i] < 0) hi = std::min(hi, -p[i] / d[i]);
      }
      if (!(hi > lo)) continue;
      // The objective is concave along the line: bisect on the sign of its derivative.
      const auto slope = [&](double t) {
        double s = 0;
        for (int i = 0; i < n; ++i) {
          if (counts[i] > 0 && d[i] != 0) s += counts[i] * d[i] / (p[i] + t * d[i]);
        }
        return s;
      };
      double a = lo, b = hi;
      for (int k = 0; k < 200 && b - a > 0; ++k) {
        const double mid = a + (b - a) / 2;
        if (mid <= a || mid >= b) break;
        (slope(mid) > 0 ? a : b) = mid;
      }
      const double t = a + (b - a) / 2;
      std::vector<double> next(n);
      for (int i = 0; i < n; ++i) next[i] = std::max(0.0, p[i] + t * d[i]);
      const double next_value = objective(counts, next);
      if (next_value > value) {
        p = next;
        value = next_value;
      }
    }
    if (value - before <= 1e-15 * std::abs(value) + 1e-300) break;
  }
  if (argmax) *argmax = p;
  return value;
}

double llr_expectation(const std::vector<double>& values, const std::vector<double>& counts, double s0, double s1) {
  return max_log_likelihood(values, counts, s1) - max_log_likelihood(values, counts, s0);
}

double max_log_likelihood_t(const std::vector<double>& values, const std::vector<double>& counts, double t) {
  if (t == 0) return max_log_likelihood(values, counts, 0.5);
  // (mu - 1/2) = t sigma with sigma^2 <= mu (1 - mu) on [0, 1]: mu lies between 1/2 and
  // 1/2 + sign(t) |t| / (2 sqrt(1 + t^2)).
  const double reach = std::abs(t) / (2 * std::sqrt(1 + t * t));
  const double from = 0.5, to = 0.5 + (t > 0 ? reach : -reach);
  const auto profile = [&](double mu) {
    const double sigma = (mu - 0.5) / t;
    return max_log_likelihood(values, counts, mu, true, mu * mu + sigma * sigma);
  };
  const int grid = 400;
  int best = 1;
  double best_value = kMinusInfinity;
  for (int k = 1; k < grid; ++k) {
    const double v = profile(from + (to - from) * k / grid);
    if (v > best_value) {
      best_value = v;
      best = k;
    }
  }
  // Golden-section refinement between the best grid point's neighbours.
  double a = from + (to - from) * (best - 1) / grid, b = from + (to - from) * (best + 1) / grid;
  const double ratio = (std::sqrt(5.0) - 1) / 2;
  double c = b - ratio * (b - a), d = a + ratio * (b - a);
  double fc = profile(c), fd = profile(d);
  for (int k = 0; k < 80; ++k) {
    if (fc > fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - ratio * (b - a);
      fc = profile(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + ratio * (b - a);
      fd = profile(d);
    }
  }
  return std::max({best_value, fc, fd});
}

double llr_t_value(const std::vector<double>& values, const std::vector<double>& counts, double t0, double t1) {
  return max_log_likelihood_t(values, counts, t1) - max_log_likelihood_t(values, counts, t0);
}

}  // namespace brute_force
