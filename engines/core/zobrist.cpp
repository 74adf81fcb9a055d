#include "core/zobrist.hpp"

#include "core/rng.hpp"

namespace gamelab {

ZobristKeys::ZobristKeys(std::size_t count, std::uint64_t seed) : keys_(count) {
  Rng rng(seed);
  for (auto& key : keys_) {
    do {
      key = rng.next();
    } while (key == 0);  // a zero key would make a feature invisible to the hash
  }
}

}  // namespace gamelab
