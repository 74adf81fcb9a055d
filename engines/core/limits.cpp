#include "core/limits.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

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

// Seconds as the field writes them ("10", "0.1"), in milliseconds; nullopt unless a plain decimal in
// [0, 86400].
std::optional<std::int64_t> seconds_ms(const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789.") != std::string::npos) return std::nullopt;
  char* end = nullptr;
  const double seconds = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || !std::isfinite(seconds) || seconds > 86400) return std::nullopt;
  return static_cast<std::int64_t>(std::llround(seconds * 1000));
}

GameClock parse_clock(const std::string& value, const std::string& what) {
  const std::size_t plus = value.find('+');
  const auto time = seconds_ms(value.substr(0, plus));
  const auto inc = plus == std::string::npos ? std::optional<std::int64_t>(0) : seconds_ms(value.substr(plus + 1));
  if (!time || !inc || *time <= 0) {
    throw InputError(what + ": 'tc=" + value + "' is not a clock; expected seconds for the game and the increment " +
                     "after each move, as in tc=10+0.1 or tc=60");
  }
  return {*time, *inc};
}

std::string seconds_text(std::int64_t ms) {
  std::string text = std::to_string(ms / 1000);
  if (ms % 1000 == 0) return text;
  std::string fraction = std::to_string(1000 + ms % 1000).substr(1);
  while (fraction.back() == '0') fraction.pop_back();
  return text + "." + fraction;
}

}  // namespace

std::int64_t clock_movetime_ms(std::int64_t time_ms, std::int64_t inc_ms, int movestogo) {
  const std::int64_t left = time_ms - kMoveOverhead_ms;
  const std::int64_t moves = movestogo > 0 ? std::min(movestogo, kPlannedMoves) : kPlannedMoves;
  const std::int64_t soft = left / moves + std::max<std::int64_t>(inc_ms, 0) * 4 / 5;
  return std::max<std::int64_t>(std::min(2 * soft, left / 2), 1);
}

SearchLimits move_limits(const SearchLimits& limits) {
  if (!limits.clock) return limits;
  SearchLimits move = limits;
  const std::int64_t budget = clock_movetime_ms(limits.clock->time_ms, limits.clock->inc_ms);
  move.movetime_ms = std::min(limits.movetime_ms.value_or(budget), budget);
  move.clock.reset();
  return move;
}

SearchLimits parse_limits(const std::string& text, const std::string& what) {
  SearchLimits limits;
  if (text.empty()) throw InputError(what + ": empty limit; expected depth=D, nodes=N, movetime=MS or tc=SECONDS+INC");
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    const std::string item = text.substr(start, comma - start);
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos) {
      throw InputError(what + ": '" + item + "' is not of the form key=value (depth, nodes, movetime, tc)");
    }
    const std::string key = item.substr(0, eq);
    const std::string value = item.substr(eq + 1);
    if (key == "tc") {
      limits.clock = parse_clock(value, what);
      start = comma + 1;
      continue;
    }
    const std::int64_t number = parse_positive(key, value, what);
    if (key == "depth") {
      limits.depth = static_cast<int>(number);
    } else if (key == "nodes") {
      limits.nodes = static_cast<std::uint64_t>(number);
    } else if (key == "movetime") {
      limits.movetime_ms = number;
    } else {
      throw InputError(what + ": unknown limit '" + key + "'; expected depth, nodes, movetime or tc");
    }
    start = comma + 1;
  }
  return limits;
}

double movetime_seconds(std::int64_t movetime_ms, const std::string& what) {
  if (movetime_ms > 3600000) throw InputError(what + ": movetime must be at most 3600000 ms (an hour)");
  return static_cast<double>(movetime_ms) / 1000.0;
}

double movetime_seconds(const std::string& text, const std::string& what) {
  const SearchLimits limits = parse_limits(text, what);
  if (!limits.movetime_ms || limits.depth || limits.nodes || limits.clock) {
    throw InputError(what + ": '" + text + "': a per-move time, movetime=MS (milliseconds), and nothing else");
  }
  return movetime_seconds(*limits.movetime_ms, what + " '" + text + "'");
}

std::string to_string(const SearchLimits& limits) {
  std::string out;
  auto add = [&](const std::string& item) { out += (out.empty() ? "" : ",") + item; };
  if (limits.depth) add("depth=" + std::to_string(*limits.depth));
  if (limits.nodes) add("nodes=" + std::to_string(*limits.nodes));
  if (limits.movetime_ms) add("movetime=" + std::to_string(*limits.movetime_ms));
  if (limits.clock) add("tc=" + seconds_text(limits.clock->time_ms) + "+" + seconds_text(limits.clock->inc_ms));
  return out;
}

}  // namespace gamelab
