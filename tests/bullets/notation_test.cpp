// Bullets text forms: the tournament's input byte for byte, position files, what the 4-character cell
// can and cannot show, and errors naming line and column.
#include <algorithm>
#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "helpers.hpp"

using namespace bullets_test;
using gamelab::InputError;

namespace {

// A 5 x 6 board written out by hand in the tournament's form (4 characters per cell).
const std::string kRow0 = "#   #   #   #   #   #   ";
const std::string kRow1 = std::string("#   ") + "R   " + " v  " + "^v<>" + "    " + "#   ";
const std::string kRow2 = std::string("#   ") + "  < " + "#   " + "   >" + "B   " + "#   ";
const std::string kRow3 = std::string("#   ") + "    " + "   >" + " v  " + "    " + "#   ";

std::string board_lines() { return kRow0 + "\n" + kRow1 + "\n" + kRow2 + "\n" + kRow3 + "\n" + kRow0 + "\n"; }
std::string input(const std::string& tail = "17\nB\n") { return "5 6\n" + board_lines() + tail; }

bool has(const State& s, int row, int col, Dir dir) {
  const auto all = bullets_now(s);
  return std::find(all.begin(), all.end(), BulletPlace{sq(s, row, col), dir}) != all.end();
}

// The input with line `line` (1-based) replaced.
std::string with_line(int line, const std::string& text) {
  std::string all = input();
  std::size_t start = 0;
  for (int k = 1; k < line; ++k) start = all.find('\n', start) + 1;
  const std::size_t end = all.find('\n', start);
  return all.substr(0, start) + text + all.substr(end);
}

std::string cell_changed(const std::string& row, int col, const std::string& cell) {
  std::string out = row;
  out.replace(4 * static_cast<std::size_t>(col), 4, cell);
  return out;
}

}  // namespace

TEST_CASE("the tournament's input parses square by square", "[bullets][notation]") {
  const Position p = parse_position(input(), "input");
  const State& s = p.state;
  CHECK(p.you == Blue);
  CHECK(s.board->rows() == 5);
  CHECK(s.board->cols() == 6);
  CHECK(s.board->wall(sq(s, 2, 2)));
  CHECK_FALSE(s.board->wall(sq(s, 1, 4)));
  CHECK(s.round == 17);
  CHECK(s.limit == kDefaultRoundLimit);
  CHECK(s.player[Red] == sq(s, 1, 1));
  CHECK(s.player[Blue] == sq(s, 2, 4));
  CHECK(s.bullet_count() == 9);
  CHECK(has(s, 1, 2, Down));
  CHECK((has(s, 1, 3, Up) && has(s, 1, 3, Down) && has(s, 1, 3, Left) && has(s, 1, 3, Right)));
  CHECK(has(s, 2, 1, Left));
  CHECK(has(s, 2, 3, Right));
  CHECK(has(s, 3, 2, Right));
  CHECK(has(s, 3, 3, Down));
  CHECK_FALSE(result(s).over());
  CHECK(s.hash == compute_hash(s));
}

TEST_CASE("the tournament's input prints back byte for byte", "[bullets][notation]") {
  const Position p = parse_position(input(), "input");
  CHECK(tournament_input(p.state, p.you) == input());
  CHECK(tournament_input(p.state, Red) == input("17\nR\n"));
  CHECK(position_text(p.state, p.you) == input("17\nB\nlimit 2000\n"));
  // After a turn the same printer shows the bullets where they flew.
  const State next = play(p.state, kStay, kStay);
  const Position again = parse_position(position_text(next, Red), "again");
  CHECK(again.state == next);
  CHECK(again.state.hash == next.hash);
}

TEST_CASE("a position file may add a round limit and comments before the first line", "[bullets][notation]") {
  const Position p = parse_position("# from game 12\n# turn 17\n" + input("17\nB\nlimit 150\n"), "pos.txt");
  CHECK(p.state.limit == 150);
  CHECK(position_text(p.state, p.you) == input("17\nB\nlimit 150\n"));
  // The round may equal the limit: a finished game (a draw).
  const Position done = parse_position(input("150\nR\nlimit 150\n"), "done");
  CHECK(result(done.state).outcome == Outcome::Draw);
}

TEST_CASE("a missing final newline and CRLF line ends are accepted", "[bullets][notation]") {
  const State expected = parse_position(input(), "input").state;
  CHECK(parse_position(input("17\nB"), "no newline").state == expected);
  std::string crlf;
  for (char ch : input()) crlf += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
  CHECK(parse_position(crlf, "crlf").state == expected);
}

TEST_CASE("a bad cell character is reported by line and column", "[bullets][notation]") {
  CHECK_THROWS_WITH(parse_position(with_line(3, cell_changed(kRow1, 4, "x   ")), "pos.txt"),
                    Catch::StartsWith("pos.txt:3:17: 'x' is not a cell's first character") &&
                        Catch::Contains("(square 1,4)"));
  CHECK_THROWS_WITH(parse_position(with_line(3, cell_changed(kRow1, 4, "  v ")), "pos.txt"),
                    Catch::StartsWith("pos.txt:3:19: 'v' is not allowed as character 2"));
  CHECK_THROWS_WITH(parse_position(with_line(3, cell_changed(kRow1, 4, " ^  ")), "pos.txt"),
                    Catch::StartsWith("pos.txt:3:18:"));
  CHECK_THROWS_WITH(parse_position(with_line(3, cell_changed(kRow1, 4, "\t   ")), "pos.txt"),
                    Catch::StartsWith("pos.txt:3:17: byte 0x09"));
  CHECK_THROWS_WITH(parse_position(with_line(4, cell_changed(kRow2, 2, "#  >")), "pos.txt"),
                    Catch::StartsWith("pos.txt:4:12: a wall cannot hold a bullet"));
  CHECK_THROWS_WITH(parse_position(with_line(2, cell_changed(kRow0, 3, "    ")), "pos.txt"),
                    Catch::StartsWith("pos.txt:2:13: the border is all walls"));
  CHECK_THROWS_WITH(parse_position(with_line(3, cell_changed(kRow1, 0, "R   ")), "pos.txt"),
                    Catch::StartsWith("pos.txt:3:1: the border is all walls"));
}

TEST_CASE("rows of the wrong length are reported with a hint about trailing blanks", "[bullets][notation]") {
  CHECK_THROWS_WITH(parse_position(with_line(3, kRow1.substr(0, 21)), "pos.txt"),
                    Catch::StartsWith("pos.txt:3:22: board row 1 has 21 characters; m = 6 cells of 4 characters need 24") &&
                        Catch::Contains("trailing blanks"));
  CHECK_THROWS_WITH(parse_position(with_line(3, kRow1 + "#"), "pos.txt"),
                    Catch::StartsWith("pos.txt:3:25: unexpected '#' after the last"));
}

TEST_CASE("there is exactly one R and one B", "[bullets][notation]") {
  CHECK_THROWS_WITH(parse_position(with_line(3, cell_changed(kRow1, 4, "R   ")), "pos.txt"),
                    Catch::StartsWith("pos.txt:3:17: a second red player 'R'") && Catch::Contains("line 3, column 5"));
  CHECK_THROWS_WITH(parse_position(with_line(4, cell_changed(kRow2, 4, "    ")), "pos.txt"),
                    Catch::StartsWith("pos.txt:2: no blue player 'B' on the board"));
}

TEST_CASE("the size, round, side and limit lines are strict", "[bullets][notation]") {
  const std::string rest = board_lines() + "17\nB\n";
  CHECK_THROWS_WITH(parse_position("5  6\n" + rest, "p"), Catch::StartsWith("p:1:3: expected the board width m"));
  CHECK_THROWS_WITH(parse_position("5 6 \n" + rest, "p"), Catch::StartsWith("p:1:4: unexpected ' ' after the width m"));
  CHECK_THROWS_WITH(parse_position("5,6\n" + rest, "p"), Catch::StartsWith("p:1:2: expected one blank"));
  CHECK_THROWS_WITH(parse_position("x 6\n" + rest, "p"), Catch::StartsWith("p:1:1: expected the board height n"));
  CHECK_THROWS_WITH(parse_position("4 6\n" + rest, "p"), Catch::StartsWith("p:1:1: board height n = 4 is not supported"));
  CHECK_THROWS_WITH(parse_position("5 65\n" + rest, "p"), Catch::StartsWith("p:1:3: board width m = 65 is not supported"));
  CHECK_THROWS_WITH(parse_position(input("-1\nB\n"), "p"), Catch::StartsWith("p:7:1: expected the round number"));
  CHECK_THROWS_WITH(parse_position(input("17 \nB\n"), "p"), Catch::StartsWith("p:7:3: unexpected ' ' after the round"));
  CHECK_THROWS_WITH(parse_position(input("17\nb\n"), "p"), Catch::StartsWith("p:8:1: expected the side letter R or B"));
  CHECK_THROWS_WITH(parse_position(input("17\nR \n"), "p"), Catch::StartsWith("p:8:1: expected the side letter"));
  CHECK_THROWS_WITH(parse_position(input("17\nB\nlimit 0\n"), "p"), Catch::StartsWith("p:9:7: the round limit must be at least 1"));
  CHECK_THROWS_WITH(parse_position(input("17\nB\nlimit x\n"), "p"), Catch::StartsWith("p:9:7: expected the round limit"));
  CHECK_THROWS_WITH(parse_position(input("17\nB\nlimits 5\n"), "p"), Catch::StartsWith("p:9:1: unexpected line"));
  CHECK_THROWS_WITH(parse_position(input("17\nB\nlimit 50\nx\n"), "p"), Catch::StartsWith("p:10:1: unexpected line after"));
  CHECK_THROWS_WITH(parse_position(input("17\nB\n\nlimit 50\n"), "p"), Catch::StartsWith("p:9:1: unexpected line"));
  CHECK_THROWS_WITH(parse_position(input("170\nB\nlimit 50\n"), "p"), Catch::StartsWith("p:7:1: round 170 is past the round limit 50"));
  CHECK_THROWS_WITH(parse_position(input("99999999999\nB\n"), "p"), Catch::StartsWith("p:7:1: the round number is too large"));
}

TEST_CASE("a truncated or empty input says what is missing", "[bullets][notation]") {
  CHECK_THROWS_WITH(parse_position("5 6\n" + kRow0 + "\n" + kRow1 + "\n", "p"),
                    Catch::StartsWith("p:3: the input ends here; expected board row 2"));
  CHECK_THROWS_WITH(parse_position("5 6\n" + board_lines(), "p"), Catch::StartsWith("p:6: the input ends here; expected the round"));
  CHECK_THROWS_WITH(parse_position(input("17\n"), "p"), Catch::StartsWith("p:7: the input ends here; expected the side letter"));
  CHECK_THROWS_WITH(parse_position("", "p"), Catch::StartsWith("p: empty"));
  CHECK_THROWS_WITH(parse_position("# only a comment\n", "p"), Catch::StartsWith("p: empty"));
}

TEST_CASE("a player sharing its square with bullets has been hit: a finished game, printed as read", "[bullets][notation]") {
  const std::string text = input().replace(input().find("R   "), 4, "Rv >");
  const Position p = parse_position(text, "finished");
  CHECK(p.state.hit == (1 << Red));
  CHECK(result(p.state).outcome == Outcome::BlueWins);
  CHECK(representable(p.state));
  CHECK(tournament_input(p.state, p.you) == text);
}

TEST_CASE("a player on an up-flying bullet cannot be shown: the printer keeps the player", "[bullets][notation]") {
  const State s = drawn({"######",
                         "#R...#",
                         "#....#",
                         "#.^..#",
                         "#...B#",
                         "######"});
  const State t = play(s, kStay, kStay);  // the bullet flies up to (2,2)
  REQUIRE_FALSE(t.over());
  const State hit = play(t, kStay, kRight);  // Red steps onto (1,2) as the bullet arrives there flying up
  REQUIRE(result(hit).outcome == Outcome::BlueWins);
  CHECK_FALSE(representable(hit));
  const std::string text = tournament_input(hit, Red);
  CHECK(text.find("R   ") != std::string::npos);
  CHECK(text.find('^') == std::string::npos);
  // Every other state met on the way was representable.
  CHECK(representable(s));
  CHECK(representable(t));
}

TEST_CASE("bullets with the same square and direction show once — different directions share a cell", "[bullets][notation]") {
  const State one = drawn({"######",
                           "#R...#",
                           "#.>..#",
                           "#...B#",
                           "######"});
  const int cell = sq(one, 2, 2);
  const State merged = make_state(one.board, one.player[Blue], one.player[Red],
                                  {{cell, Right}, {cell, Right}, {cell, Up}, {cell, Left}}, 0, 2000);
  const std::string text = tournament_input(merged, Red);
  CHECK(text.find("^ <>") != std::string::npos);
  CHECK(parse_position(text, "merged").state.bullet_count() == 3);
}

TEST_CASE("actions print and parse as one integer 0-8", "[bullets][notation]") {
  for (Action a = 0; a < kActionCount; ++a) {
    CHECK(action_text(a) == std::to_string(a));
    CHECK(parse_action(action_text(a)) == a);
  }
  CHECK(parse_action("3\n") == 3);
  CHECK(parse_action("  7 \r\n") == 7);
  CHECK_THROWS_WITH(parse_action("9"), Catch::Contains("'9' is not an action; expected one integer 0-8"));
  CHECK_THROWS_AS(parse_action(""), InputError);
  CHECK_THROWS_AS(parse_action("03"), InputError);
  CHECK_THROWS_AS(parse_action("-1"), InputError);
  CHECK_THROWS_AS(parse_action("2 3"), InputError);
  CHECK(joint_text(3, 8) == "B3 R8");
}

TEST_CASE("the diagram has one character per square and a summary line", "[bullets][notation]") {
  const Position p = parse_position(input(), "input");
  CHECK(diagram(p.state) ==
        "######\n"
        "#Rv4.#\n"
        "#<#>B#\n"
        "#.>v.#\n"
        "######\n"
        "R (1,1) B (2,4), round 17/2000, 9 bullets\n");
}
