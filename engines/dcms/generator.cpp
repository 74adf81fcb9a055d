#include "dcms/generator.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <span>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "dcms/notation.hpp"

namespace gamelab::dcms {

void check_generator_params(int rows, int cols, double density, const std::string& what) {
  if (rows < kGeneratorMinRows || rows > kMaxRows) {
    throw InputError(what + ": rows = " + std::to_string(rows) + " is outside " + std::to_string(kGeneratorMinRows) +
                     ".." + std::to_string(kMaxRows));
  }
  if (cols < kGeneratorMinCols || cols > kMaxCols) {
    throw InputError(what + ": cols = " + std::to_string(cols) + " is outside " + std::to_string(kGeneratorMinCols) +
                     ".." + std::to_string(kMaxCols) + " (a narrower board leaves a side no square to set up on)");
  }
  if (!(density >= 0.0 && density <= kGeneratorMaxDensity)) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%g", density);
    throw InputError(what + ": wall density " + buffer + " is outside [0, 0.5]");
  }
}

bool is_mirrored(const Board& board) {
  for (int r = 0; r < board.rows(); ++r) {
    for (int c = 0; c < board.cols(); ++c) {
      if (board.is_wall(r, c) != board.is_wall(r, board.cols() - 1 - c)) return false;
    }
  }
  return true;
}

bool is_connected(const Board& board) {
  std::vector<Square> stack;
  std::vector<std::uint8_t> seen(kSquares, 0);
  int empty = 0;
  for (int r = 0; r < board.rows(); ++r) {
    for (int c = 0; c < board.cols(); ++c) {
      if (board.is_wall(r, c)) continue;
      ++empty;
      if (stack.empty() && !seen[square(r, c)]) {
        stack.push_back(square(r, c));
        seen[square(r, c)] = 1;
      }
    }
  }
  if (empty == 0) return false;
  int reached = 0;
  while (!stack.empty()) {
    const Square sq = stack.back();
    stack.pop_back();
    ++reached;
    for (int digit = 1; digit <= 9; ++digit) {
      if (digit == 5) continue;
      const int row = row_of(sq) + kDigitRowDelta[digit], col = col_of(sq) + kDigitColDelta[digit];
      if (!board.inside(row, col) || board.is_wall(row, col) || seen[square(row, col)]) continue;
      seen[square(row, col)] = 1;
      stack.push_back(square(row, col));
    }
  }
  return reached == empty;
}

int inner_wall_count(const Board& board) {
  int count = 0;
  for (int r = 1; r + 1 < board.rows(); ++r) {
    for (int c = 1; c + 1 < board.cols(); ++c) count += board.is_wall(r, c) ? 1 : 0;
  }
  return count;
}

namespace {

bool playable(const Board& board) {
  return is_connected(board) && !setup_squares(board, kBlue).empty() && !setup_squares(board, kRed).empty();
}

}  // namespace

Board generate_board(int rows, int cols, double density, std::uint64_t seed) {
  check_generator_params(rows, cols, density);
  Board board(rows, cols);
  const int inner = (rows - 2) * (cols - 2);
  const int target = static_cast<int>(std::lround(density * inner));
  // Candidates: the inner squares of the left half and the middle column; each stands for its mirror.
  std::vector<Square> candidates;
  for (int r = 1; r + 1 < rows; ++r) {
    for (int c = 1; 2 * c <= cols - 1; ++c) candidates.push_back(square(r, c));
  }
  Rng rng(seed);
  rng.shuffle(std::span<Square>(candidates));
  int walls = 0;
  for (const Square sq : candidates) {
    if (walls >= target) break;
    const int r = row_of(sq), c = col_of(sq), mirror = cols - 1 - c;
    const int cost = c == mirror ? 1 : 2;
    if (walls + cost > target + 1) continue;  // never overshoot by more than one wall
    board.set_wall(r, c, true);
    board.set_wall(r, mirror, true);
    if (playable(board)) {
      walls += cost;
    } else {
      board.set_wall(r, c, false);
      board.set_wall(r, mirror, false);
    }
  }
  return board;
}

namespace {

bool parse_int_text(const std::string& text, int& value) {
  char* end = nullptr;
  errno = 0;
  const long parsed = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno != 0 || parsed < -1000000 || parsed > 1000000) return false;
  value = static_cast<int>(parsed);
  return true;
}

bool parse_double_text(const std::string& text, double& value) {
  char* end = nullptr;
  errno = 0;
  value = std::strtod(text.c_str(), &end);
  return !text.empty() && *end == '\0' && errno == 0 && std::isfinite(value);
}

// "N" or "MIN-MAX" (no blanks).
template <class T, class Parse>
void parse_range(const std::map<std::string, std::string>& values, const std::string& name, T& low, T& high,
                 Parse&& parse, const char* example) {
  const auto it = values.find(name);
  if (it == values.end()) return;
  const std::string& text = it->second;
  const std::size_t dash = text.find('-', 1);
  T a{}, b{};
  const bool ok = dash == std::string::npos ? (parse(text, a) && (b = a, true))
                                            : parse(text.substr(0, dash), a) && parse(text.substr(dash + 1), b);
  if (!ok) throw InputError("--" + name + " '" + text + "': expected a value or a range MIN-MAX (e.g. " + example + ")");
  if (a > b) throw InputError("--" + name + " '" + text + "': the range's minimum is larger than its maximum");
  low = a;
  high = b;
}

std::string density_text(double density) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", density);
  return buffer;
}

}  // namespace

SuiteOptions parse_suite_options(const std::map<std::string, std::string>& values) {
  SuiteOptions options;
  parse_range(values, "rows", options.min_rows, options.max_rows, parse_int_text, "11 or 7-15");
  parse_range(values, "cols", options.min_cols, options.max_cols, parse_int_text, "15 or 8-21");
  parse_range(values, "density", options.min_density, options.max_density, parse_double_text, "0.1 or 0.05-0.25");
  if (const auto it = values.find("variant"); it != values.end()) options.variant = parse_variant(it->second, "--variant");
  for (const auto& [name, value] : values) {
    if (name != "rows" && name != "cols" && name != "density" && name != "variant") {
      throw InputError("unknown board option --" + name);
    }
  }
  // Both ends of each range must be generatable.
  check_generator_params(options.min_rows, options.min_cols, options.min_density, "--rows/--cols/--density");
  check_generator_params(options.max_rows, options.max_cols, options.max_density, "--rows/--cols/--density");
  return options;
}

std::vector<GeneratedBoard> generate_suite(std::uint64_t seed, int count, const SuiteOptions& options) {
  std::vector<GeneratedBoard> suite;
  const int digits = std::max<int>(3, static_cast<int>(std::to_string(count > 0 ? count - 1 : 0).size()));
  for (int i = 0; i < count; ++i) {
    const std::uint64_t board_seed = derive_seed(seed, static_cast<std::uint64_t>(i));
    Rng rng(board_seed);
    const int rows = options.min_rows + static_cast<int>(rng.below(static_cast<std::uint64_t>(options.max_rows - options.min_rows + 1)));
    const int cols = options.min_cols + static_cast<int>(rng.below(static_cast<std::uint64_t>(options.max_cols - options.min_cols + 1)));
    const double drawn = options.min_density + (options.max_density - options.min_density) * rng.unit();
    const double density = std::round(drawn * 100.0) / 100.0;
    const Board board = generate_board(rows, cols, density, rng.next());
    std::string number = std::to_string(i);
    number.insert(0, static_cast<std::size_t>(std::max(0, digits - static_cast<int>(number.size()))), '0');
    const std::string name = "board-" + number + "-" + std::to_string(rows) + "x" + std::to_string(cols) + ".txt";
    const State state = setup_state(board, options.variant);
    GeneratedBoard out;
    out.name = name;
    out.text = "# gamelab boards dcms --seed " + std::to_string(seed) + ": board " + std::to_string(i) + ", " +
               std::to_string(rows) + "x" + std::to_string(cols) + ", wall density " + density_text(density) + " (" +
               std::to_string(inner_wall_count(board)) + " inner walls)\n" + position_text(state);
    suite.push_back(std::move(out));
  }
  return suite;
}

}  // namespace gamelab::dcms
