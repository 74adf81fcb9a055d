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

// A game's evaluation tail, written once: its feature_counts(state, [moves,] counts), found by
// argument-dependent lookup, fills the N counts; the features are their sparse list and the evaluation
// their weighted sum, so that Texel and the search read the very same counts.
template <std::size_t N, class State, class... Moves>
std::vector<FeatureValue> counted_features(const State& s, const Moves&... moves) {
  std::array<int, N> counts;
  feature_counts(s, moves..., counts);
  return sparse_features(counts);
}

template <std::size_t N, class State, class... Moves>
int counted_evaluation(const int* weights, const State& s, const Moves&... moves) {
  std::array<int, N> counts;
  feature_counts(s, moves..., counts);
  return weighted_sum(weights, counts);
}

// The same for an evaluation that reads the side to move's legal moves (generate_moves, by
// argument-dependent lookup), when the caller has not listed them already.
template <std::size_t N, class MoveList, class State>
int counted_evaluation_listing_moves(const int* weights, const State& s) {
  MoveList ours;
  generate_moves(s, ours);
  return counted_evaluation<N>(weights, s, ours);
}

}  // namespace gamelab
