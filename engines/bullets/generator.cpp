#include "bullets/generator.hpp"

#include <charconv>

#include "bullets/notation.hpp"
#include "bullets/state.hpp"
#include "core/error.hpp"

namespace gamelab::bullets {

std::vector<bool> generate_walls(int rows, int cols, int walls, Rng& rng) {
  std::vector<bool> wall(static_cast<std::size_t>(rows) * cols, false);
  const auto at = [&](int r, int c) { return wall.begin() + static_cast<std::ptrdiff_t>(r) * cols + c; };
  for (int k = 0; k < walls / 2; ++k) {
    const int r = static_cast<int>(rng.below(static_cast<std::uint64_t>(rows)));
    const int c = static_cast<int>(rng.below(static_cast<std::uint64_t>(cols)));
    *at(r, c) = true;
    *at(rows - 1 - r, cols - 1 - c) = true;
  }
  *at(1, 1) = false;
  *at(rows - 2, cols - 2) = false;
  for (int r = 0; r < rows; ++r) *at(r, 0) = *at(r, cols - 1) = true;
  for (int c = 0; c < cols; ++c) *at(0, c) = *at(rows - 1, c) = true;
  return wall;
}

const Board* generate_board(int rows, int cols, int walls, std::uint64_t seed) {
  Rng rng(seed);
  return intern_board(rows, cols, generate_walls(rows, cols, walls, rng));
}

void parse_range(const std::string& text, const std::string& what, int lo, int hi, int& min, int& max) {
  const auto number = [&](const char* begin, const char* end, int& out) {
    auto [ptr, ec] = std::from_chars(begin, end, out);
    return ec == std::errc() && ptr == end && begin != end;
  };
  const std::size_t dash = text.find('-');
  const char* begin = text.data();
  const char* end = text.data() + text.size();
  bool ok = dash == std::string::npos ? number(begin, end, min) && number(begin, end, max)
                                      : number(begin, begin + dash, min) && number(begin + dash + 1, end, max);
  if (!ok || min > max || min < lo || max > hi) {
    throw InputError(what + ": '" + text + "' must be a number or a range A-B (A <= B) within " + std::to_string(lo) +
                     "-" + std::to_string(hi));
  }
}

BoardRanges board_ranges(const std::map<std::string, std::string>& options) {
  BoardRanges ranges;
  const auto take = [&](const char* name, int lo, int hi, int& min, int& max) {
    auto it = options.find(name);
    if (it != options.end()) parse_range(it->second, std::string("--") + name, lo, hi, min, max);
  };
  take("rows", kMinSize, kMaxSize, ranges.rows_min, ranges.rows_max);
  take("cols", kMinSize, kMaxSize, ranges.cols_min, ranges.cols_max);
  take("walls", 0, kMaxCells, ranges.walls_min, ranges.walls_max);
  take("rounds", 1, 1000000000, ranges.limit_min, ranges.limit_max);
  return ranges;
}

std::vector<GeneratedBoard> generate_suite(std::uint64_t seed, int count, const BoardRanges& ranges) {
  std::vector<GeneratedBoard> out;
  const int digits = std::max<int>(3, static_cast<int>(std::to_string(count - 1).size()));
  for (int k = 0; k < count; ++k) {
    Rng rng(derive_seed(seed, static_cast<std::uint64_t>(k)));
    const auto pick = [&](int lo, int hi) { return lo + static_cast<int>(rng.below(static_cast<std::uint64_t>(hi - lo + 1))); };
    const int rows = pick(ranges.rows_min, ranges.rows_max);
    const int cols = pick(ranges.cols_min, ranges.cols_max);
    const int walls = pick(ranges.walls_min, ranges.walls_max);
    const int limit = pick(ranges.limit_min, ranges.limit_max);
    const Board* board = intern_board(rows, cols, generate_walls(rows, cols, walls, rng));
    const State state = start_state(board, static_cast<std::uint32_t>(limit));
    std::string index = std::to_string(k);
    index.insert(0, static_cast<std::size_t>(digits) - std::min<std::size_t>(index.size(), digits), '0');
    GeneratedBoard item;
    item.name = "board-" + index + "-" + std::to_string(rows) + "x" + std::to_string(cols) + ".txt";
    item.text = "# bullets board " + std::to_string(k) + " of seed " + std::to_string(seed) + ": " +
                std::to_string(rows) + "x" + std::to_string(cols) + ", walls parameter " + std::to_string(walls) +
                " (" + std::to_string(rows * cols - board->open_squares()) + " wall squares with the border)\n" +
                position_text(state, Red);
    out.push_back(std::move(item));
  }
  return out;
}

}  // namespace gamelab::bullets
