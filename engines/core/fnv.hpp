#pragma once
// FNV-1a, 64 bits: the fingerprints of parameter sets, data files and endgame-table files. Its values
// are recorded in files (release.json, campaign configs, table headers), so it never changes.
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace gamelab {

inline constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ULL;

// `hash` continued over `size` bytes (start from kFnvOffset). A separate name: a string literal would
// otherwise pick it over the text version below, taking the hash for the size.
inline std::uint64_t fnv1a_bytes(const void* bytes, std::size_t size, std::uint64_t hash = kFnvOffset) {
  const auto* p = static_cast<const unsigned char*>(bytes);
  for (std::size_t i = 0; i < size; ++i) {
    hash ^= p[i];
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

inline std::uint64_t fnv1a(std::string_view text, std::uint64_t hash = kFnvOffset) {
  return fnv1a_bytes(text.data(), text.size(), hash);
}

}  // namespace gamelab
