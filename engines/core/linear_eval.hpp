#pragma once
// The shape every game's evaluation shares (docs/design.md: linear in named weights): the game computes a
// fixed array of integer feature counts; the evaluation is the sum of weight x count, and the Texel
// tuner reads the same counts as a sparse list. Written once here so the two can never disagree.
#include <array>
#include <cstddef>
#include <vector>

namespace gamelab {

struct FeatureValue {
  int index;
  int value;
};

// The non-zero counts, in feature order.
template <std::size_t N>
std::vector<FeatureValue> sparse_features(const std::array<int, N>& counts) {
  std::vector<FeatureValue> out;
  for (std::size_t i = 0; i < N; ++i) {
    if (counts[i] != 0) out.push_back({static_cast<int>(i), counts[i]});
  }
  return out;
}

// Sum of weights[i] x counts[i].
template <std::size_t N>
int weighted_sum(const int* weights, const std::array<int, N>& counts) {
  int total = 0;
  for (std::size_t i = 0; i < N; ++i) total += weights[i] * counts[i];
  return total;
}

}  // namespace gamelab
