// The board generator (docs/rules/bullets.md) and the committed suite datasets/boards/bullets/.
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>

#include "bullets/generator.hpp"
#include "common/suite.hpp"
#include "core/error.hpp"
#include "core/text_file.hpp"
#include "helpers.hpp"

using namespace bullets_test;

TEST_CASE("the generator follows the tournament's recipe draw by draw", "[bullets][generator]") {
  // The recipe written out again: walls/2 times a square (row, then column, border included) and its
  // 180-degree twin; then both start squares cleared; then the border.
  for (std::uint64_t seed : {1ULL, 2ULL, 77ULL}) {
    const int rows = 15 + static_cast<int>(seed % 7), cols = 20 + static_cast<int>(seed % 11), walls = 151;
    gamelab::Rng rng(seed);
    std::vector<bool> expected(static_cast<std::size_t>(rows) * cols, false);
    for (int k = 0; k < walls / 2; ++k) {
      const int r = static_cast<int>(rng.below(rows));
      const int c = static_cast<int>(rng.below(cols));
      expected[r * cols + c] = true;
      expected[(rows - 1 - r) * cols + (cols - 1 - c)] = true;
    }
    expected[1 * cols + 1] = false;
    expected[(rows - 2) * cols + (cols - 2)] = false;
    for (int r = 0; r < rows; ++r) expected[r * cols] = expected[r * cols + cols - 1] = true;
    for (int c = 0; c < cols; ++c) expected[c] = expected[(rows - 1) * cols + c] = true;
    gamelab::Rng again(seed);
    CHECK(generate_walls(rows, cols, walls, again) == expected);
  }
}

TEST_CASE("generated boards are symmetric, walled round and leave both start squares open", "[bullets][generator]") {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const int rows = 15 + static_cast<int>(seed % 36), cols = 20 + static_cast<int>((seed * 7) % 31);
    const Board* board = generate_board(rows, cols, static_cast<int>(10 + seed * 5), seed);
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) {
        REQUIRE(board->wall(board->cell(r, c)) == board->wall(board->cell(rows - 1 - r, cols - 1 - c)));
        if (r == 0 || c == 0 || r == rows - 1 || c == cols - 1) REQUIRE(board->wall(board->cell(r, c)));
      }
    }
    CHECK_FALSE(board->wall(board->cell(1, 1)));
    CHECK_FALSE(board->wall(board->cell(rows - 2, cols - 2)));
    const int inner_walls = (rows - 2) * (cols - 2) - board->open_squares();
    CHECK(inner_walls <= 2 * ((10 + static_cast<int>(seed) * 5) / 2));
  }
}

TEST_CASE("the same seed gives the same boards — another seed other boards", "[bullets][generator]") {
  const BoardRanges ranges;
  const auto a = generate_suite(9, 5, ranges), b = generate_suite(9, 5, ranges), c = generate_suite(10, 5, ranges);
  for (int k = 0; k < 5; ++k) {
    CHECK(a[k].name == b[k].name);
    CHECK(a[k].text == b[k].text);
  }
  CHECK(a[0].text != c[0].text);
  // Board k depends on (seed, k) only, not on how many boards are asked for.
  CHECK(generate_suite(9, 2, ranges)[1].text == a[1].text);
}

TEST_CASE("board options take a number or a range within limits", "[bullets][generator]") {
  const BoardRanges r = board_ranges({{"rows", "20"}, {"cols", "30-40"}, {"walls", "0-5"}, {"rounds", "100-2000"}});
  CHECK((r.rows_min == 20 && r.rows_max == 20));
  CHECK((r.cols_min == 30 && r.cols_max == 40));
  CHECK((r.walls_min == 0 && r.walls_max == 5));
  CHECK((r.limit_min == 100 && r.limit_max == 2000));
  for (const auto& board : generate_suite(3, 10, r)) {
    const Position p = parse_position(board.text, board.name);
    CHECK(p.state.board->rows() == 20);
    CHECK(p.state.board->cols() >= 30);
    CHECK(p.state.board->cols() <= 40);
  }
  CHECK_THROWS_WITH(board_ranges({{"rows", "4"}}), Catch::Contains("--rows: '4' must be a number or a range A-B"));
  CHECK_THROWS_WITH(board_ranges({{"cols", "40-30"}}), Catch::Contains("--cols"));
  CHECK_THROWS_WITH(board_ranges({{"rows", "65"}}), Catch::Contains("within 5-64"));
  CHECK_THROWS_AS(board_ranges({{"walls", "x"}}), gamelab::InputError);
  CHECK_THROWS_AS(board_ranges({{"rounds", "0"}}), gamelab::InputError);
}

TEST_CASE("the committed suite is what `gamelab boards bullets --seed 1 --count 60` writes", "[bullets][generator]") {
  const auto files = gamelab_test::suite_files("bullets");
  REQUIRE(files.size() == 60);
  const auto generated = generate_suite(1, 60, BoardRanges{});
  for (std::size_t k = 0; k < files.size(); ++k) {
    INFO(files[k]);
    CHECK(std::filesystem::path(files[k]).filename().string() == generated[k].name);
    CHECK(gamelab::read_text_file(files[k]) == generated[k].text);
  }
}

TEST_CASE("the suite spans the tournament's sizes: height 15-50, width 20-50, walls 10-200", "[bullets][generator]") {
  int min_rows = 99, max_rows = 0, min_cols = 99, max_cols = 0;
  for (const auto& file : gamelab_test::suite_files("bullets")) {
    const Position p = parse_position(gamelab::read_text_file(file), file);
    const Board& board = *p.state.board;
    min_rows = std::min(min_rows, board.rows());
    max_rows = std::max(max_rows, board.rows());
    min_cols = std::min(min_cols, board.cols());
    max_cols = std::max(max_cols, board.cols());
    CHECK(p.state.round == 0);
    CHECK(p.state.limit == 2000);
    CHECK(p.state.player[Red] == board.cell(1, 1));
    CHECK(p.state.player[Blue] == board.cell(board.rows() - 2, board.cols() - 2));
    CHECK(p.state.bullet_count() == 0);
  }
  CHECK(min_rows == 15);
  CHECK(max_rows == 50);
  CHECK(min_cols == 20);
  CHECK(max_cols == 50);
}
