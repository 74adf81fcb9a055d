#include "dcms/sparse_inputs.hpp"

#include <algorithm>
#include <array>

#include "core/value_bucket.hpp"
#include "dcms/distances.hpp"

namespace gamelab::dcms {

namespace {

// Where a range begins (core/value_bucket.hpp): distances 0-11 one by one, then 12-15, 16-23, 24-31,
// 32-47, 48 and more (and one more bucket: no path); turns left 0-9 one by one, then 10-14, 15-19,
// 20-29, 30-44, 45+; a Mouse's turns to spare 0, 1, 2, 3, 4-7, 8-15, 16+ (and one more: it cannot arrive).
constexpr std::array kDistanceStarts{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 24, 32, 48};
constexpr std::array kTurnsStarts{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20, 30, 45};
constexpr std::array kSlackStarts{1, 2, 3, 4, 8, 16};
constexpr int kLeadClamp = 6;

constexpr int kPairCount = kPieces * (kPieces - 1) / 2;
constexpr int kDistanceBuckets = kDistanceStarts.size() + 2;
constexpr int kSlackBuckets = kSlackStarts.size() + 2;
constexpr std::uint32_t kPresenceBase = kPairCount * kDistanceBuckets;
constexpr std::uint32_t kVariantBase = kPresenceBase + 2 * 3;
constexpr std::uint32_t kTurnsBase = kVariantBase + 2;
constexpr std::uint32_t kRaceBase = kTurnsBase + kTurnsStarts.size() + 1;
constexpr std::uint32_t kLeadBase = kRaceBase + 2 * kSlackBuckets;
static_assert(kLeadBase + 3 + 2 * kLeadClamp + 1 == kSparseInputCount);
static_assert(kPairCount + 2 * 3 + 1 + 1 + 2 + 1 == kSparseMaxActive);

constexpr int distance_bucket(int d) { return d == kUnreachable ? kDistanceBuckets - 1 : value_bucket(d, kDistanceStarts); }

// A Mouse `distance` steps from the enemy cheeSe with `turns_left` turns: 0 when it cannot arrive.
constexpr int slack_bucket(int distance, int turns_left) {
  if (distance == kUnreachable || distance > turns_left) return 0;
  return 1 + value_bucket(turns_left - distance, kSlackStarts);
}

}  // namespace

std::uint32_t sparse_pair_index(int a, int b, int distance) {
  const int pair = a * (2 * kPieces - a - 1) / 2 + (b - a - 1);  // (a, b) in lexicographic order
  return static_cast<std::uint32_t>(pair * kDistanceBuckets + distance_bucket(distance));
}

int active_sparse_inputs(const State& state, int side, std::uint32_t* out) {
  int count = 0;
  // The pieces seen from `side`: its own first, each by rank.
  Square at[kPieces];
  for (int owner = 0; owner < 2; ++owner) {
    for (int rank = 0; rank < kRanks; ++rank) at[owner * kRanks + rank] = state.at(owner == 0 ? side : other(side), rank);
  }
  const bool placed = std::any_of(at, at + kPieces, [](Square sq) { return sq != kNoSquare; });
  const Distances* d = placed ? &distances(state.board) : nullptr;
  for (int a = 0; a < kPieces; ++a) {
    if (at[a] == kNoSquare) continue;
    for (int b = a + 1; b < kPieces; ++b) {
      if (at[b] != kNoSquare) out[count++] = sparse_pair_index(a, b, d->at(at[a], at[b]));
    }
  }
  for (int owner = 0; owner < 2; ++owner) {
    for (int rank = kMouse; rank <= kDog; ++rank) {
      if (at[owner * kRanks + rank] != kNoSquare) out[count++] = kPresenceBase + static_cast<std::uint32_t>(owner * 3 + rank - 1);
    }
  }
  out[count++] = kVariantBase + (state.variant == Variant::Full ? 1 : 0);
  const int turns_left = std::max(0, state.turn_limit - state.turn);
  out[count++] = kTurnsBase + static_cast<std::uint32_t>(value_bucket(turns_left, kTurnsStarts));
  // The Mice's races to the enemy cheeSe (owner 0's Mouse to owner 1's cheeSe and the other way round).
  int arrival[2] = {kUnreachable, kUnreachable};
  bool mouse[2] = {false, false};
  for (int owner = 0; owner < 2; ++owner) {
    const Square m = at[owner * kRanks + kMouse], cheese = at[(1 - owner) * kRanks + kCheese];
    if (m == kNoSquare) continue;
    mouse[owner] = true;
    const int distance = cheese == kNoSquare ? kUnreachable : d->at(m, cheese);
    const int bucket = slack_bucket(distance, turns_left);
    if (bucket > 0) arrival[owner] = distance;
    out[count++] = kRaceBase + static_cast<std::uint32_t>(owner * kSlackBuckets + bucket);
  }
  if (mouse[0] && mouse[1]) {
    const bool ours = arrival[0] != kUnreachable, theirs = arrival[1] != kUnreachable;
    int lead = 0;
    if (ours && theirs) {
      lead = 3 + kLeadClamp + std::clamp(arrival[1] - arrival[0], -kLeadClamp, kLeadClamp);
    } else {
      lead = ours ? 1 : theirs ? 2 : 0;
    }
    out[count++] = kLeadBase + static_cast<std::uint32_t>(lead);
  }
  return count;
}

}  // namespace gamelab::dcms
