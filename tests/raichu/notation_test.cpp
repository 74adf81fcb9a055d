// Raichu text forms: the tournament's board string, position lines and files, diagrams, errors.
#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "helpers.hpp"

using namespace raichu_test;
using gamelab::InputError;

TEST_CASE("board strings round-trip", "[raichu][notation]") {
  for (int n : {8, 10, 12, 14, 16}) {
    const State s = start_position(n);
    const State back = parse_board(n, White, board_string(s));
    CHECK(back == s);
    CHECK(back.hash == s.hash);
  }
}

TEST_CASE("a bad character is named with its index, row and column", "[raichu][notation]") {
  std::string board = board_string(start_position(8));
  board[19] = 'x';
  CHECK_THROWS_WITH(parse_board(8, White, board),
                    Catch::Contains("'x' at index 19 (row 2, col 3)") && Catch::Contains(". w b W B @ $"));
  board[19] = '\t';
  CHECK_THROWS_WITH(parse_board(8, White, board), Catch::Contains("byte 0x09 at index 19"));
}

TEST_CASE("a board string of the wrong length is rejected", "[raichu][notation]") {
  const std::string board = board_string(start_position(8));
  CHECK_THROWS_WITH(parse_board(8, White, board.substr(1)), Catch::Contains("has 63 characters; n = 8 needs 64"));
  CHECK_THROWS_WITH(parse_board(10, White, board), Catch::Contains("n = 10 needs 100"));
}

TEST_CASE("odd or too small board sizes are rejected", "[raichu][notation]") {
  CHECK_THROWS_WITH(parse_board(7, White, std::string(49, '.')), Catch::Contains("n = 7 is not supported"));
  CHECK_THROWS_WITH(parse_board(6, White, std::string(36, '.')), Catch::Contains("n = 6 is not supported"));
  CHECK_THROWS_WITH(parse_board(18, White, std::string(324, '.')), Catch::Contains("n = 18"));
}

TEST_CASE("more pieces of a colour than a game can have is rejected", "[raichu][notation]") {
  std::string board(64, '.');
  for (int i = 0; i < 9; ++i) board[i] = 'w';
  CHECK_THROWS_WITH(parse_board(8, White, board), Catch::Contains("White has 9 pieces"));
}

TEST_CASE("sides parse as w or b", "[raichu][notation]") {
  CHECK(parse_side("w") == White);
  CHECK(parse_side("b") == Black);
  CHECK_THROWS_WITH(parse_side("x"), Catch::Contains("side 'x' must be w or b"));
}

TEST_CASE("position lines parse with comments and report line and column", "[raichu][notation]") {
  const State s = parse_position_text("# a comment\n# another\n10 b " + board_string(start_position(10)) + "\n",
                                      "pos.txt");
  CHECK(s.n == 10);
  CHECK(s.side == Black);
  CHECK(position_line(s) == "10 b " + board_string(start_position(10)));
  CHECK_THROWS_WITH(parse_position_text("8 w ....\n", "pos.txt"), Catch::StartsWith("pos.txt:1:5: BOARD"));
  CHECK_THROWS_WITH(parse_position_text("# c\n9 w x\n", "pos.txt"), Catch::StartsWith("pos.txt:2:1: N"));
  CHECK_THROWS_WITH(parse_position_text("8 q " + std::string(64, '.'), "pos.txt"),
                    Catch::StartsWith("pos.txt:1:3: SIDE"));
  CHECK_THROWS_WITH(parse_position_text("8 w\n", "pos.txt"), Catch::Contains("found 2"));
  CHECK_THROWS_WITH(parse_position_text("", "pos.txt"), Catch::Contains("pos.txt: empty"));
  CHECK_THROWS_WITH(parse_position_text("8 w " + std::string(64, '.') + "\nmore\n", "pos.txt"),
                    Catch::StartsWith("pos.txt:2:1"));
}

TEST_CASE("the diagram has n lines of n characters", "[raichu][notation]") {
  const std::string text = diagram(start_position(8));
  CHECK(text == "........\nW.W.W.W.\n.w.w.w.w\n........\n........\nb.b.b.b.\n.B.B.B.B\n........\n");
}

TEST_CASE("moves print as squares with capture and promotion marks", "[raichu][notation]") {
  const State s = start_position(8);
  Move step{static_cast<std::uint8_t>(square(1, 0)), static_cast<std::uint8_t>(square(3, 0)), 0, 0};
  CHECK(move_text(step, s) == "(1,0)-(3,0)");
  Move jump{static_cast<std::uint8_t>(square(6, 5)), static_cast<std::uint8_t>(square(7, 6)),
            static_cast<std::uint8_t>(square(6, 6)), Move::kCapture | Move::kPromotion};
  CHECK(move_text(jump, s) == "(6,5)x(6,6)-(7,6)=@");
}
