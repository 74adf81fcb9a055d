// Jump chess text forms: the tournament's board rows, position files, the 64-digit board, the diagram,
// and the errors that name the bad input.
#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "helpers.hpp"

using namespace jumpchess_test;

namespace {

const std::string kStartRows =
    "1 0 0 0 0 0 0 0\n"
    "0 1 0 0 0 0 0 2\n"
    "1 0 1 0 0 0 2 0\n"
    "0 1 0 0 0 2 0 2\n"
    "1 0 1 0 0 0 2 0\n"
    "0 1 0 0 0 2 0 2\n"
    "1 0 0 0 0 0 2 0\n"
    "0 0 0 0 0 0 0 2\n";

}  // namespace

TEST_CASE("position files round-trip, with the moves line written out", "[jumpchess][notation]") {
  const State s = start_position();
  CHECK(position_text(s) == kStartRows + "black\nmoves 0 0\n");
  CHECK(parse_position_text(position_text(s), "start") == s);
  State later = play_text(play_text(s, "[(2,2), (2,3)]"), "[(3,5), (3,4)]");
  const State back = parse_position_text(position_text(later), "later");
  CHECK(back == later);
  CHECK(back.hash == later.hash);
  CHECK(back.moves_made[Black] == 1);
  CHECK(back.moves_made[White] == 1);
}

TEST_CASE("a position file may start with comments, separate values by tabs, and leave out the moves line",
          "[jumpchess][notation]") {
  std::string rows = kStartRows;
  rows[1] = '\t';
  const State s = parse_position_text("# from game 12\n# after move 40\n" + rows + "white\n", "f.txt");
  CHECK(s.side == White);
  CHECK(s.moves_made[Black] == 0);
  CHECK(s.moves_made[White] == 0);
  CHECK(s.pieces == start_position().pieces);
  CHECK(parse_position_text(kStartRows + "black\nmoves 17 17\n\n\n", "f.txt").moves_made[White] == 17);
}

TEST_CASE("a bad position file is reported by file, line and column", "[jumpchess][notation]") {
  std::string bad_value = kStartRows;
  bad_value[2 * 16 + 4] = '3';  // row 2, col 2
  CHECK_THROWS_WITH(parse_position_text("# c\n" + bad_value + "black\n", "f.txt"),
                    Catch::StartsWith("f.txt:4:5: value '3' (row 2, col 2) is not 0 (empty), 1 (black) or 2 (white)"));
  CHECK_THROWS_WITH(parse_position_text("1 0 0\n", "f.txt"), Catch::StartsWith("f.txt:1:6: board row 0 has 3 values"));
  CHECK_THROWS_WITH(parse_position_text("1 0 0 0 0 0 0 0 0\n", "f.txt"),
                    Catch::StartsWith("f.txt:1:17: board row 0 has 9 values"));
  CHECK_THROWS_WITH(parse_position_text(kStartRows.substr(0, 32), "f.txt"), Catch::StartsWith("f.txt: ends after 2 lines"));
  CHECK_THROWS_WITH(parse_position_text(kStartRows, "f.txt"), Catch::StartsWith("f.txt: no side line"));
  CHECK_THROWS_WITH(parse_position_text(kStartRows + "red\n", "f.txt"),
                    Catch::StartsWith("f.txt:9:1: side: side 'red' must be black or white"));
  CHECK_THROWS_WITH(parse_position_text(kStartRows + "black white\n", "f.txt"), Catch::StartsWith("f.txt:9:1: expected one word"));
  CHECK_THROWS_WITH(parse_position_text(kStartRows + "black\nmoves 3\n", "f.txt"),
                    Catch::StartsWith("f.txt:10:1: expected 'moves B W' (3 fields), found 2"));
  CHECK_THROWS_WITH(parse_position_text(kStartRows + "black\nmoves 3 x\n", "f.txt"),
                    Catch::StartsWith("f.txt:10:9: move count 'x' is not a number"));
  CHECK_THROWS_WITH(parse_position_text(kStartRows + "black\nplies 3 3\n", "f.txt"), Catch::StartsWith("f.txt:10:1: expected 'moves B W'"));
  CHECK_THROWS_WITH(parse_position_text(kStartRows + "black\nmoves 3 3\nmore\n", "f.txt"),
                    Catch::StartsWith("f.txt:11:1: unexpected extra line"));
  CHECK_THROWS_WITH(parse_position_text("", "f.txt"), Catch::StartsWith("f.txt: empty"));
}

TEST_CASE("more than 9 pieces of a side is rejected at the tenth", "[jumpchess][notation]") {
  std::string rows = kStartRows;
  rows[3 * 16 + 6] = '1';  // row 3, col 3: one black piece more; the tenth in reading order is (6,0)
  CHECK_THROWS_WITH(parse_position_text(rows + "black\n", "f.txt"),
                    Catch::StartsWith("f.txt:7:1: Black has more than 9 pieces"));
  CHECK_THROWS_WITH(parse_board_digits(std::string(10, '2') + std::string(54, '0'), Black),
                    Catch::Contains("White has 10 pieces; a side never has more than 9"));
}

TEST_CASE("move counts must be at most 200 and in step with the side to move", "[jumpchess][notation]") {
  CHECK_THROWS_WITH(parse_position_text(kStartRows + "black\nmoves 201 201\n", "f.txt"),
                    Catch::StartsWith("f.txt:10: position: a side's move count must be between 0 and 200"));
  CHECK_THROWS_WITH(parse_position_text(kStartRows + "black\nmoves 5 4\n", "f.txt"),
                    Catch::Contains("black is to move having made 5 moves and white 4"));
  CHECK_THROWS_WITH(parse_position_text(kStartRows + "white\nmoves 2 4\n", "f.txt"), Catch::Contains("moves alternate"));
  // Both orders that alternation allows are accepted (Black moved first, or White did).
  CHECK(parse_position_text(kStartRows + "white\nmoves 5 4\n", "f.txt").side == White);
  CHECK(parse_position_text(kStartRows + "white\nmoves 4 4\n", "f.txt").side == White);
  CHECK(parse_position_text(kStartRows + "black\nmoves 4 5\n", "f.txt").side == Black);
  CHECK(parse_position_text(kStartRows + "black\nmoves 200 200\n", "f.txt").moves_made[Black] == 200);
}

TEST_CASE("the one-line board of 64 digits, with or without '/' between rows", "[jumpchess][notation]") {
  const State s = start_position();
  const std::string digits = board_digits(s);
  CHECK(digits.size() == 64);
  CHECK(digits.substr(0, 16) == "1000000001000002");
  CHECK(parse_board_digits(digits, Black) == s);
  std::string slashed;
  for (int r = 0; r < 8; ++r) {
    if (r > 0) slashed += '/';
    slashed += digits.substr(r * 8, 8);
  }
  CHECK(parse_board_digits(slashed, Black) == s);
  CHECK(looks_like_board_digits(slashed));
  CHECK_FALSE(looks_like_board_digits("position.txt"));
  CHECK_THROWS_WITH(parse_board_digits(digits.substr(1), Black), Catch::Contains("63 square values; the 8 x 8 board needs 64"));
  CHECK_THROWS_WITH(parse_board_digits(digits.substr(1) + "x", Black, "--board"),
                    Catch::StartsWith("--board: character 'x' at index 63 is not 0, 1, 2 or '/'"));
}

TEST_CASE("sides parse as black/white or b/w", "[jumpchess][notation]") {
  CHECK(parse_side("black") == Black);
  CHECK(parse_side("b") == Black);
  CHECK(parse_side("white") == White);
  CHECK(parse_side("w") == White);
  CHECK_THROWS_WITH(parse_side("Black", "--side"), Catch::StartsWith("--side: side 'Black' must be black or white"));
}

TEST_CASE("the diagram shows coordinates, pieces, targets, counts and scores", "[jumpchess][notation]") {
  const std::string text = diagram(start_position());
  CHECK_THAT(text, Catch::StartsWith("   0 1 2 3 4 5 6 7\n"
                                     "0  b . . . . . . .\n"
                                     "1  . b . . . . . w\n"));
  CHECK_THAT(text, Catch::Contains("black to move; moves made: black 0, white 0 (of 200)"));
  CHECK_THAT(text, Catch::Contains("pieces: black 9, white 9; score: black 0, white 0"));
  const State over = from_rows({"......bb", "........", "........", "........",
                                "........", "........", "........", "...w...."}, White, 5, 5);
  CHECK_THAT(diagram(over), Catch::Contains("game over: black wins (every black piece is in Black's target)"));
}
