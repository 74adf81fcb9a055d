#pragma once
// A count as one-hot inputs (a learned evaluation's distances, turns left, bullets; e.g.
// engines/dcms/sparse_inputs.hpp): one input per range of values, the ranges finer where one step
// matters more (a Mouse 1 or 2 steps from the cheeSe) and coarse where it hardly does (40 or 44).
// Written once so that every game's layout numbers its ranges the same way.
#include <array>
#include <cstddef>

namespace gamelab {

// The range of `value` among the N + 1 ranges that `starts` (ascending) begin: 0 below starts[0], k
// from starts[k - 1] up to starts[k] - 1, N from starts[N - 1] on.
template <std::size_t N>
constexpr int value_bucket(int value, const std::array<int, N>& starts) {
  int bucket = 0;
  for (const int start : starts) bucket += value >= start ? 1 : 0;
  return bucket;
}

}  // namespace gamelab
