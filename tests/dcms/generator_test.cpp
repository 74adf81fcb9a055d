// The board generator: mirrored walls, every empty square reachable from every other (checked here
// with a search of its own), the same seed giving the same board, bad parameters rejected, and the
// committed suite datasets/boards/dcms being exactly what `gamelab boards dcms` writes.
#include <cmath>
#include <filesystem>
#include <map>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "dcms/entry.hpp"
#include "dcms/generator.hpp"
#include "helpers.hpp"

using namespace dcms_test;
using gamelab::InputError;

namespace {

// The suite's regeneration command: gamelab boards dcms --seed 4 --count 60 --out datasets/boards/dcms
constexpr std::uint64_t kSuiteSeed = 4;
constexpr int kSuiteCount = 60;
const std::string kSuiteDir = std::string(GAMELAB_DATA_DIR) + "/boards/dcms";

bool mirrored(const Board& b) {
  for (int r = 0; r < b.rows(); ++r) {
    for (int c = 0; c < b.cols(); ++c) {
      if (b.is_wall(r, c) != b.is_wall(r, b.cols() - 1 - c)) return false;
    }
  }
  return true;
}

// Flood fill by king steps from the first empty square; true if it reaches every empty square.
bool all_reachable(const Board& b) {
  std::vector<std::vector<int>> seen(b.rows(), std::vector<int>(b.cols(), 0));
  std::vector<std::pair<int, int>> todo;
  int empty = 0;
  for (int r = 0; r < b.rows(); ++r) {
    for (int c = 0; c < b.cols(); ++c) {
      if (b.is_wall(r, c)) continue;
      ++empty;
      if (todo.empty()) {
        todo.push_back({r, c});
        seen[r][c] = 1;
      }
    }
  }
  int reached = 0;
  for (std::size_t i = 0; i < todo.size(); ++i) {
    ++reached;
    const auto [r, c] = todo[i];
    for (int dr = -1; dr <= 1; ++dr) {
      for (int dc = -1; dc <= 1; ++dc) {
        const int rr = r + dr, cc = c + dc;
        if (rr < 0 || cc < 0 || rr >= b.rows() || cc >= b.cols() || b.is_wall(rr, cc) || seen[rr][cc]) continue;
        seen[rr][cc] = 1;
        todo.push_back({rr, cc});
      }
    }
  }
  return empty > 0 && reached == empty;
}

}  // namespace

TEST_CASE("generator: walls are mirrored left-right on every size and density", "[dcms][generator]") {
  gamelab::Rng rng(1);
  for (int i = 0; i < 400; ++i) {
    const int rows = 3 + static_cast<int>(rng.below(30));
    const int cols = 4 + static_cast<int>(rng.below(30));
    const double density = 0.5 * rng.unit();
    const Board b = generate_board(rows, cols, density, rng.next());
    INFO(rows << "x" << cols << " density " << density);
    CHECK(b.rows() == rows);
    CHECK(b.cols() == cols);
    CHECK(mirrored(b));
    CHECK(is_mirrored(b));
    CHECK(b.has_wall_border());
  }
}

TEST_CASE("generator: every empty square is reachable from every other", "[dcms][generator]") {
  gamelab::Rng rng(2);
  for (int i = 0; i < 400; ++i) {
    const int rows = 3 + static_cast<int>(rng.below(20));
    const int cols = 4 + static_cast<int>(rng.below(20));
    const Board b = generate_board(rows, cols, 0.5 * rng.unit(), rng.next());
    CHECK(all_reachable(b));
    CHECK(is_connected(b));
    CHECK_FALSE(setup_squares(b, kBlue).empty());
    CHECK_FALSE(setup_squares(b, kRed).empty());
  }
  // The library's own check sees a cut board and a board without empty squares.
  Board cut = board_of({"#######", "#..#..#", "#..#..#", "#######"});
  CHECK_FALSE(is_connected(cut));
  cut.set_wall(1, 3, false);
  CHECK(is_connected(cut));  // one gap reconnects the halves
  Board diagonal = board_of({"######", "#.#..#", "##...#", "######"});
  CHECK(is_connected(diagonal));  // (1,1) reaches (2,2) by a diagonal king step
  CHECK_FALSE(is_connected(board_of({"###", "###", "###"})));
}

TEST_CASE("generator: the wall density is met on the suite's sizes", "[dcms][generator]") {
  gamelab::Rng rng(3);
  for (int i = 0; i < 200; ++i) {
    const int rows = 7 + static_cast<int>(rng.below(9));
    const int cols = 8 + static_cast<int>(rng.below(14));
    const double density = 0.3 * rng.unit();
    const Board b = generate_board(rows, cols, density, rng.next());
    const int target = static_cast<int>(std::lround(density * (rows - 2) * (cols - 2)));
    INFO(rows << "x" << cols << " density " << density);
    CHECK(inner_wall_count(b) >= target);
    CHECK(inner_wall_count(b) <= target + 1);
  }
  CHECK(inner_wall_count(generate_board(9, 12, 0.0, 5)) == 0);
}

TEST_CASE("generator: the same seed gives the same board, another seed another", "[dcms][generator]") {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    CHECK(generate_board(11, 15, 0.2, seed) == generate_board(11, 15, 0.2, seed));
  }
  int different = 0;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    different += generate_board(11, 15, 0.2, seed) == generate_board(11, 15, 0.2, seed + 100) ? 0 : 1;
  }
  CHECK(different >= 19);
  // A known board: seeds are portable (gamelab::Rng), so this never changes.
  CHECK(generate_board(7, 10, 0.25, 7) == board_of({"##########",
                                                    "#...##...#",
                                                    "#........#",
                                                    "#.######.#",
                                                    "#........#",
                                                    "#...##...#",
                                                    "##########"}));
  const auto suite_a = generate_suite(9, 5, {});
  const auto suite_b = generate_suite(9, 8, {});
  for (int i = 0; i < 5; ++i) CHECK(suite_a[i].text == suite_b[i].text);  // board i does not depend on the count
}

TEST_CASE("generator: invalid parameters are rejected with a message", "[dcms][generator]") {
  CHECK_THROWS_WITH(generate_board(2, 10, 0.1, 1), Catch::Contains("rows = 2 is outside 3..64"));
  CHECK_THROWS_WITH(generate_board(65, 10, 0.1, 1), Catch::Contains("rows = 65 is outside 3..64"));
  CHECK_THROWS_WITH(generate_board(10, 3, 0.1, 1), Catch::Contains("cols = 3 is outside 4..64") &&
                                                       Catch::Contains("no square to set up on"));
  CHECK_THROWS_WITH(generate_board(10, 10, -0.1, 1), Catch::Contains("wall density -0.1 is outside [0, 0.5]"));
  CHECK_THROWS_WITH(generate_board(10, 10, 0.7, 1), Catch::Contains("wall density 0.7 is outside [0, 0.5]"));
  CHECK_THROWS_AS(generate_board(10, 10, std::nan(""), 1), InputError);
}

TEST_CASE("generator: suite options take a value or a range and reject bad ones", "[dcms][generator]") {
  const SuiteOptions defaults = parse_suite_options({});
  CHECK(defaults.min_rows == 7);
  CHECK(defaults.max_cols == 21);
  CHECK(defaults.variant == Variant::Full);
  const SuiteOptions o = parse_suite_options({{"rows", "11"}, {"cols", "8-12"}, {"density", "0.1-0.2"}, {"variant", "mouse"}});
  CHECK(o.min_rows == 11);
  CHECK(o.max_rows == 11);
  CHECK(o.min_cols == 8);
  CHECK(o.max_cols == 12);
  CHECK(o.min_density == 0.1);
  CHECK(o.max_density == 0.2);
  CHECK(o.variant == Variant::Mouse);
  CHECK_THROWS_WITH(parse_suite_options({{"rows", "x"}}), Catch::Contains("--rows 'x': expected a value or a range MIN-MAX"));
  CHECK_THROWS_WITH(parse_suite_options({{"rows", "15-7"}}), Catch::Contains("minimum is larger than its maximum"));
  CHECK_THROWS_WITH(parse_suite_options({{"rows", "2-7"}}), Catch::Contains("rows = 2 is outside"));
  CHECK_THROWS_WITH(parse_suite_options({{"density", "0.9"}}), Catch::Contains("wall density 0.9"));
  CHECK_THROWS_WITH(parse_suite_options({{"variant", "half"}}), Catch::Contains("--variant: variant 'half' must be mouse or full"));
  CHECK_THROWS_WITH(parse_suite_options({{"colour", "red"}}), Catch::Contains("unknown board option --colour"));
}

TEST_CASE("the committed board suite is valid and exactly what the generator writes", "[dcms][generator]") {
  std::map<std::string, std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(kSuiteDir)) {
    if (entry.path().extension() == ".txt") files[entry.path().filename().string()] = gamelab::read_text_file(entry.path().string());
  }
  REQUIRE(files.size() >= 50);
  int smallest = 1000, largest = 0;
  for (const auto& [name, text] : files) {
    INFO(name);
    const State s = parse_position_text(text, name);
    CHECK(s.phase == Phase::Setup);
    CHECK(mirrored(*s.board));
    CHECK(all_reachable(*s.board));
    CHECK(s.board->rows() >= 7);
    CHECK(s.board->rows() <= 15);
    CHECK(s.board->cols() >= 8);
    CHECK(s.board->cols() <= 21);
    smallest = std::min(smallest, s.board->rows() * s.board->cols());
    largest = std::max(largest, s.board->rows() * s.board->cols());
  }
  CHECK(smallest <= 7 * 10);
  CHECK(largest >= 14 * 19);
  // Regenerating with the documented command gives the same files, byte for byte.
  gamelab::BoardRequest request;
  request.seed = kSuiteSeed;
  request.count = kSuiteCount;
  const auto generated = game_entry().generate_boards(request);
  REQUIRE(generated.size() == files.size());
  for (const auto& board : generated) {
    INFO(board.name);
    REQUIRE(files.count(board.name) == 1);
    CHECK(files.at(board.name) == board.text);
  }
}
