#pragma once
// Seeded random numbers for everything in gamelab.
//
// Generator: xoshiro256** (Blackman and Vigna, 2018), state filled from the seed by SplitMix64.
// It uses only 64-bit unsigned arithmetic, so the same seed gives the same sequence on every compiler
// and platform. The standard library's distributions and std::shuffle are implementation-defined, so
// gamelab never uses them: below(), unit() and shuffle() here are the portable replacements.
#include <cstdint>
#include <span>
#include <utility>

namespace gamelab {

// One step of SplitMix64: a good 64-bit mixer, also used to derive independent seeds.
std::uint64_t splitmix64(std::uint64_t& state);

// A seed for item `index` of a run seeded with `base` (game k of a match, iteration k of a tuner).
// Independent of how many items came before, so parallel runs give the same seeds as serial ones.
std::uint64_t derive_seed(std::uint64_t base, std::uint64_t index);

class Rng {
 public:
  explicit Rng(std::uint64_t seed);

  std::uint64_t next();
  // Uniform integer in [0, bound), bound > 0; unbiased (Lemire's multiply-and-reject).
  std::uint64_t below(std::uint64_t bound);
  // Uniform double in [0, 1) with 53 random bits.
  double unit();

  template <class T>
  void shuffle(std::span<T> items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::swap(items[i - 1], items[below(i)]);
    }
  }

 private:
  std::uint64_t s_[4];
};

}  // namespace gamelab
