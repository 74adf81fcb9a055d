#include <algorithm>
#include <catch2/catch.hpp>
#include <numeric>
#include <vector>

#include "core/rng.hpp"
#include "core/zobrist.hpp"

using gamelab::Rng;

TEST_CASE("the same seed gives the same sequence, another seed another", "[core][rng]") {
  Rng a(42), b(42), c(43);
  for (int i = 0; i < 1000; ++i) {
    const auto x = a.next();
    CHECK(x == b.next());
    CHECK(x != c.next());
  }
}

TEST_CASE("xoshiro256** output is pinned, so every platform draws the same numbers", "[core][rng]") {
  // If these change, every recorded seed in the lab changes meaning: never update them casually.
  Rng rng(0);
  CHECK(rng.next() == 0x99ec5f36cb75f2b4ULL);
  CHECK(rng.next() == 0xbf6e1f784956452aULL);
  std::uint64_t state = 0;
  CHECK(gamelab::splitmix64(state) == 0xe220a8397b1dcdafULL);
}

TEST_CASE("below() stays in range and is close to uniform", "[core][rng]") {
  Rng rng(7);
  std::vector<int> counts(10, 0);
  for (int i = 0; i < 100000; ++i) {
    const auto x = rng.below(10);
    REQUIRE(x < 10);
    ++counts[x];
  }
  for (int c : counts) CHECK(std::abs(c - 10000) < 500);  // > 5 standard deviations
  CHECK(rng.below(1) == 0);
}

TEST_CASE("unit() lies between 0 inclusive and 1 exclusive", "[core][rng]") {
  Rng rng(9);
  double sum = 0;
  for (int i = 0; i < 10000; ++i) {
    const double u = rng.unit();
    REQUIRE(u >= 0.0);
    REQUIRE(u < 1.0);
    sum += u;
  }
  CHECK(sum / 10000 == Approx(0.5).margin(0.02));
}

TEST_CASE("shuffle is a seeded permutation", "[core][rng]") {
  std::vector<int> a(50), b(50);
  std::iota(a.begin(), a.end(), 0);
  std::iota(b.begin(), b.end(), 0);
  Rng r1(5), r2(5);
  r1.shuffle(std::span<int>(a));
  r2.shuffle(std::span<int>(b));
  CHECK(a == b);
  std::vector<int> sorted = a;
  std::sort(sorted.begin(), sorted.end());
  for (int i = 0; i < 50; ++i) CHECK(sorted[i] == i);
  CHECK(a != sorted);
}

TEST_CASE("derived seeds depend on base and index only", "[core][rng]") {
  CHECK(gamelab::derive_seed(1, 5) == gamelab::derive_seed(1, 5));
  CHECK(gamelab::derive_seed(1, 5) != gamelab::derive_seed(1, 6));
  CHECK(gamelab::derive_seed(1, 5) != gamelab::derive_seed(2, 5));
}

TEST_CASE("Zobrist keys come from their seed and are never zero", "[core][zobrist]") {
  gamelab::ZobristKeys a(1000, 3), b(1000, 3), c(1000, 4);
  CHECK(a.size() == 1000);
  int same = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i] == b[i]);
    CHECK(a[i] != 0);
    same += a[i] == c[i];
  }
  CHECK(same == 0);
}
