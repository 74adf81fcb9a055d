#pragma once
// Synthetic training data for the trainer's tests: rows of random distinct sparse inputs whose
// targets come from a known function, so that what the fit must find is known.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/rng.hpp"
#include "tuner/train/dataset.hpp"

namespace train_test {

// `rows` positions over `inputs` inputs with `min_active`..`max_active` distinct inputs on in each
// perspective (perspective 1 gets its own draw); target = f(perspective 0's inputs, perspective 1's).
inline gamelab::train::TrainData random_rows(
    std::uint32_t inputs, int rows, int min_active, int max_active, std::uint64_t seed,
    const std::function<double(const std::vector<std::uint32_t>&, const std::vector<std::uint32_t>&)>& target) {
  gamelab::train::TrainData data;
  data.inputs = inputs;
  gamelab::Rng rng(seed);
  auto draw = [&] {
    const int count = min_active + static_cast<int>(rng.below(static_cast<std::uint64_t>(max_active - min_active + 1)));
    std::vector<std::uint32_t> out;
    while (static_cast<int>(out.size()) < count) {
      const auto i = static_cast<std::uint32_t>(rng.below(inputs));
      if (std::find(out.begin(), out.end(), i) == out.end()) out.push_back(i);
    }
    return out;
  };
  for (int r = 0; r < rows; ++r) {
    const auto us = draw(), them = draw();
    data.add_row(us, them, target(us, them), std::nanf(""), static_cast<std::uint64_t>(r));
  }
  return data;
}

inline double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

}  // namespace train_test
