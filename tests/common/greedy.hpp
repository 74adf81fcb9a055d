#pragma once
// The greedy baseline players' choice: of the candidates (moves, actions), one of those valued best,
// ties broken by one draw from the player's random generator.
#include <functional>
#include <iterator>
#include <type_traits>
#include <vector>

#include "core/rng.hpp"

namespace gamelab_test {

// `better(a, b)`: value a is strictly better than value b. `candidates` must not be empty.
template <class Candidates, class Value, class Better>
auto best_valued(const Candidates& candidates, Value&& value, gamelab::Rng& rng, Better better) {
  using Candidate = std::decay_t<decltype(*std::begin(candidates))>;
  std::vector<Candidate> ties;
  decltype(value(*std::begin(candidates))) best{};
  for (const auto& c : candidates) {
    const auto v = value(c);
    if (ties.empty() || better(v, best)) {
      best = v;
      ties.clear();
    }
    if (v == best) ties.push_back(c);
  }
  return ties[rng.below(ties.size())];
}

// The candidate with the lowest `value(candidate)` (for a value seen by the other side).
template <class Candidates, class Value>
auto lowest_valued(const Candidates& candidates, Value&& value, gamelab::Rng& rng) {
  return best_valued(candidates, value, rng, std::less<>());
}

// The candidate with the highest `value(candidate)`.
template <class Candidates, class Value>
auto highest_valued(const Candidates& candidates, Value&& value, gamelab::Rng& rng) {
  return best_valued(candidates, value, rng, std::greater<>());
}

}  // namespace gamelab_test
