#include "core/limits.hpp"

#include <charconv>

#include "core/error.hpp"

namespace gamelab {

namespace {

std::int64_t parse_positive(const std::string& key, const std::string& value, const std::string& what) {
  std::int64_t number = 0;
  const char* end = value.data() + value.size();
  auto [ptr, ec] = std::from_chars(value.data(), end, number);
  if (ec != std::errc() || ptr != end || number <= 0) {
    throw InputError(what + ": '" + key + "=" + value + "' needs a positive integer");
  }
  return number;
}

}  // namespace

SearchLimits parse_limits(const std::string& text, const std::string& what) {
  SearchLimits limits;
  if (text.empty()) throw InputError(what + ": empty limit; expected depth=D, nodes=N or movetime=MS");
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    const std::string item = text.substr(start, comma - start);
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos) {
      throw InputError(what + ": '" + item + "' is not of the form key=value (depth, nodes, movetime)");
    }
    const std::string key = item.substr(0, eq);
    const std::string value = item.substr(eq + 1);
    const std::int64_t number = parse_positive(key, value, what);
    if (key == "depth") {
      limits.depth = static_cast<int>(number);
    } else if (key == "nodes") {
      limits.nodes = static_cast<std::uint64_t>(number);
    } else if (key == "movetime") {
      limits.movetime_ms = number;
    } else {
      throw InputError(what + ": unknown limit '" + key + "'; expected depth, nodes or movetime");
    }
    start = comma + 1;
  }
  return limits;
}

std::string to_string(const SearchLimits& limits) {
  std::string out;
  auto add = [&](const std::string& item) { out += (out.empty() ? "" : ",") + item; };
  if (limits.depth) add("depth=" + std::to_string(*limits.depth));
  if (limits.nodes) add("nodes=" + std::to_string(*limits.nodes));
  if (limits.movetime_ms) add("movetime=" + std::to_string(*limits.movetime_ms));
  return out;
}

}  // namespace gamelab
