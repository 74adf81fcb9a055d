#pragma once
// Transposition table shared by the alpha-beta searches.
//
// Replacement scheme: buckets of two entries. Slot 0 is depth-preferred: a new result replaces it when
// it is at least as deep, or when the stored entry is from an older search (generation). Slot 1 is
// always-replace: whatever does not go into slot 0 goes there. A probe looks at both. So deep results
// survive many shallow ones, and recent shallow results are still found.
#include <cstdint>
#include <cstring>
#include <vector>

namespace gamelab::search {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TTEntry {
  std::uint64_t key = 0;
  std::uint32_t move = 0;  // the game's encoded move, 0 = none
  std::int16_t score = 0;
  std::int8_t depth = 0;
  Bound bound = Bound::None;
  std::uint8_t generation = 0;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }

  void resize(std::size_t megabytes) {
    std::size_t buckets = 1;
    while (buckets * 2 * sizeof(Bucket) <= megabytes * 1024 * 1024) buckets *= 2;
    table_.assign(buckets, Bucket{});
    mask_ = buckets - 1;
    generation_ = 0;
  }
  void clear() {
    std::fill(table_.begin(), table_.end(), Bucket{});
    generation_ = 0;
  }
  void new_search() { ++generation_; }
  std::size_t bytes() const { return table_.size() * sizeof(Bucket); }

  const TTEntry* probe(std::uint64_t key) const {
    const Bucket& b = table_[key & mask_];
    for (const auto& e : b.slot) {
      if (e.key == key && e.bound != Bound::None) return &e;
    }
    return nullptr;
  }

  void store(std::uint64_t key, std::uint32_t move, int score, int depth, Bound bound) {
    Bucket& b = table_[key & mask_];
    TTEntry entry{key, move, static_cast<std::int16_t>(score), static_cast<std::int8_t>(depth), bound, generation_};
    TTEntry& deep = b.slot[0];
    // Keep the known best move when a new result for the same position has none.
    if (move == 0) {
      for (const auto& e : b.slot) {
        if (e.key == key) entry.move = e.move;
      }
    }
    if (deep.key == key || deep.bound == Bound::None || depth >= deep.depth || deep.generation != generation_) {
      deep = entry;
    } else {
      b.slot[1] = entry;
    }
  }

 private:
  struct Bucket {
    TTEntry slot[2];
  };
  std::vector<Bucket> table_;
  std::size_t mask_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace gamelab::search
