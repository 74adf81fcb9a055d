#pragma once
// One-dimensional minimisation for the fits' scale parameters (Texel's K, the trainer's score scale):
// a scan over [low, high] in steps of `step`, then a golden-section search between the best scan
// point's neighbours. Deterministic: the same function gives the same point.
#include <algorithm>
#include <cmath>

namespace gamelab::tuner {

struct LineMinimum {
  double x = 0;      // the argument found
  double error = 0;  // the function's value there
};

template <class F>
LineMinimum scan_then_golden(F&& error, double low, double high, double step, int rounds = 40) {
  const int steps = static_cast<int>(std::lround((high - low) / step));
  int best = 0;
  double best_error = error(low);
  for (int i = 1; i <= steps; ++i) {
    const double e = error(low + i * step);
    if (e < best_error) {
      best_error = e;
      best = i;
    }
  }
  double a = low + std::max(best - 1, 0) * step, b = low + std::min(best + 1, steps) * step;
  const double ratio = (std::sqrt(5.0) - 1) / 2;
  double x1 = b - ratio * (b - a), x2 = a + ratio * (b - a);
  double e1 = error(x1), e2 = error(x2);
  for (int i = 0; i < rounds; ++i) {
    if (e1 <= e2) {
      b = x2;
      x2 = x1;
      e2 = e1;
      x1 = b - ratio * (b - a);
      e1 = error(x1);
    } else {
      a = x1;
      x1 = x2;
      e1 = e2;
      x2 = a + ratio * (b - a);
      e2 = error(x2);
    }
  }
  if (std::min(e1, e2) > best_error) return {low + best * step, best_error};
  return e1 <= e2 ? LineMinimum{x1, e1} : LineMinimum{x2, e2};
}

}  // namespace gamelab::tuner
