#pragma once
// Zobrist keys: one random 64-bit key per (feature, square) slot, drawn from a seed so that hashes are
// the same on every run and platform. A game hashes a state by XOR-ing the keys of what is on it and
// updates the hash incrementally when it plays a move.
#include <cstdint>
#include <vector>

namespace gamelab {

class ZobristKeys {
 public:
  ZobristKeys(std::size_t count, std::uint64_t seed);
  std::uint64_t operator[](std::size_t index) const { return keys_[index]; }
  std::size_t size() const { return keys_.size(); }

 private:
  std::vector<std::uint64_t> keys_;
};

}  // namespace gamelab
