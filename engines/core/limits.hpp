#pragma once
// Search limits: depth, nodes, wall time. Any combination may be set; a search stops at the first one
// reached. Tuning and matches use depth or nodes (reproducible); release bots use time.
#include <cstdint>
#include <optional>
#include <string>

namespace gamelab {

struct SearchLimits {
  std::optional<int> depth;
  std::optional<std::uint64_t> nodes;
  std::optional<std::int64_t> movetime_ms;

  bool any() const { return depth || nodes || movetime_ms; }
  bool reproducible() const { return !movetime_ms.has_value() && (depth || nodes); }
};

// Parses "depth=6", "nodes=200000", "movetime=100" or a comma-separated mix ("depth=8,movetime=50").
// `what` names the input in error messages (e.g. "--limit").
SearchLimits parse_limits(const std::string& text, const std::string& what);
std::string to_string(const SearchLimits& limits);

}  // namespace gamelab
