// Dog-Cat-Mouse-cheeSe text forms: move strings (every failure its own message), the board rows, the
// pieces map, setup answers, position files and diagrams.
#include <sstream>

#include "core/error.hpp"
#include "dcms/bot.hpp"
#include "helpers.hpp"

using namespace dcms_test;
using gamelab::InputError;

namespace {

const State kFull = position("full", kOpen, "S 1 1, s 1 6, M 2 2, C 1 2, D 3 3, m 2 5, c 2 4, d 3 6");

MoveParse blue(const std::string& text, const State& s = kFull) { return parse_move(s, kBlue, text); }
MoveParse red(const std::string& text, const State& s = kFull) { return parse_move(s, kRed, text); }

}  // namespace

// ---- move strings -------------------------------------------------------------------------------------

TEST_CASE("move strings: legal strings parse, in any order, with the empty string moving nothing", "[dcms][notation][moves]") {
  CHECK(blue("M 4").ok());
  CHECK(blue("M 4").action.to[0] == square(2, 1));
  CHECK(blue("D 2 C 6 M 4").ok());  // D (3,3) down is a wall: it stays
  CHECK(move_text(blue("D 2 C 6 M 4").action, kBlue) == "D 5 C 6 M 4");
  CHECK(blue("M 4 C 6 D 9").action == blue("D 9 C 6 M 4").action);
  CHECK(blue("C 6").action == blue("D 5 C 6 M 5").action);  // a piece not named stays
  CHECK(blue("").ok());
  CHECK(blue("").action == stay_action(kFull, kBlue));
  CHECK(red("m 9").ok());
  CHECK(red("d 7 c 1").ok());
}

TEST_CASE("move strings: canonical strings name every movable piece, Dog first, and parse back", "[dcms][notation][moves]") {
  for (int side = 0; side < 2; ++side) {
    ActionList actions;
    generate_actions(kFull, side, actions);
    for (const auto& a : actions) {
      const std::string text = move_text(a, side);
      const MoveParse back = parse_move(kFull, side, text);
      INFO(text);
      REQUIRE(back.ok());
      CHECK(back.action == a);
      CHECK(text.size() == 11);  // "D x C y M z"
    }
  }
  CHECK(joint_move_text(blue("M 4").action, red("m 6").action) == "[D 5 C 5 M 4] [d 5 c 5 m 6]");
}

TEST_CASE("move strings: a letter that is no piece is a bad letter", "[dcms][notation][moves]") {
  const MoveParse x = blue("X 4");
  CHECK(x.error == MoveError::BadLetter);
  CHECK(x.message == "blue move \"X 4\": 'X' at index 0 is not a piece letter; blue names its pieces M, C, D");
  CHECK(blue("M 4 Q 2").error == MoveError::BadLetter);
  CHECK_THAT(blue("M 4 Q 2").message, Catch::Contains("'Q' at index 4"));
  CHECK(red("x 1").error == MoveError::BadLetter);
  CHECK_THAT(red("x 1").message, Catch::Contains("red names its pieces m, c, d"));
  CHECK(blue("4 M").error == MoveError::BadLetter);
  CHECK_THAT(blue("\x01 4").message, Catch::Contains("byte 0x01 at index 0"));
}

TEST_CASE("move strings: naming the other side's piece is illegal", "[dcms][notation][moves]") {
  const MoveParse m = blue("m 4");
  CHECK(m.error == MoveError::OtherSidesPiece);
  CHECK(m.message == "blue move \"m 4\": 'm' at index 0 is red's Mouse; blue moves only its own pieces (upper-case letters)");
  CHECK(red("c 4 D 2").error == MoveError::OtherSidesPiece);
  CHECK_THAT(red("c 4 D 2").message, Catch::Contains("'D' at index 4 is blue's Dog") && Catch::Contains("lower-case"));
  CHECK(blue("s 5").error == MoveError::OtherSidesPiece);
}

TEST_CASE("move strings: naming the cheeSe is illegal, even with 5", "[dcms][notation][moves]") {
  CHECK(blue("S 5").error == MoveError::Cheese);
  CHECK(blue("S 5").message == "blue move \"S 5\": 'S' at index 0 is the cheeSe, which never moves");
  CHECK(red("m 4 s 6").error == MoveError::Cheese);
}

TEST_CASE("move strings: naming a captured piece is illegal", "[dcms][notation][moves]") {
  const State s = position("full", kOpen, "S 1 1, s 1 6, M 2 2, m 2 5");
  CHECK(blue("C 4", s).error == MoveError::CapturedPiece);
  CHECK(blue("C 4", s).message == "blue move \"C 4\": 'C' at index 0: blue's Cat has been captured");
  CHECK(red("m 4 d 2", s).error == MoveError::CapturedPiece);
}

TEST_CASE("move strings: a Cat or Dog in the mouse variant is illegal", "[dcms][notation][moves]") {
  const State s = position("mouse", kOpen, "S 1 1, s 1 6, M 2 2, m 2 5");
  CHECK(blue("C 4", s).error == MoveError::NotInVariant);
  CHECK(blue("C 4", s).message == "blue move \"C 4\": 'C' at index 0: there is no Cat in the mouse variant");
  CHECK(red("d 4", s).error == MoveError::NotInVariant);
}

TEST_CASE("move strings: naming a piece twice is illegal", "[dcms][notation][moves]") {
  CHECK(blue("M 4 M 6").error == MoveError::NamedTwice);
  CHECK(blue("M 4 M 6").message == "blue move \"M 4 M 6\": 'M' at index 4 names blue's Mouse a second time");
  CHECK(blue("M 5 C 6 M 5").error == MoveError::NamedTwice);
}

TEST_CASE("move strings: a direction that is not one digit 1-9 is a bad digit", "[dcms][notation][moves]") {
  CHECK(blue("M 0").error == MoveError::BadDigit);
  CHECK(blue("M 0").message ==
        "blue move \"M 0\": '0' at index 2 is not a direction; directions are the numpad digits 1-9");
  CHECK(blue("M x").error == MoveError::BadDigit);
  CHECK(blue("M 45").error == MoveError::BadDigit);
  CHECK_THAT(blue("M 45").message, Catch::Contains("is not a single digit 1-9"));
  CHECK(blue("M").error == MoveError::BadDigit);
  CHECK_THAT(blue("M").message, Catch::Contains("not followed by a blank and a direction digit"));
  CHECK(blue("M ").error == MoveError::BadDigit);
  CHECK_THAT(blue("M ").message, Catch::Contains("no direction digit after 'M' (index 2)"));
  CHECK(blue("C 6 M -1").error == MoveError::BadDigit);
}

TEST_CASE("move strings: anything but single blanks is bad spacing", "[dcms][notation][moves]") {
  CHECK(blue("M4").error == MoveError::BadSpacing);
  CHECK(blue("M4").message == "blue move \"M4\": no blank between 'M' and its digit (index 1); write \"M 4\"");
  CHECK(blue(" M 4").error == MoveError::BadSpacing);
  CHECK_THAT(blue(" M 4").message, Catch::Contains("starts with a blank"));
  CHECK(blue("M 4 ").error == MoveError::BadSpacing);
  CHECK_THAT(blue("M 4 ").message, Catch::Contains("ends with a blank"));
  CHECK(blue("M  4").error == MoveError::BadSpacing);
  CHECK_THAT(blue("M  4").message, Catch::Contains("more than one blank after 'M'"));
  CHECK(blue("M 4  C 6").error == MoveError::BadSpacing);
  CHECK_THAT(blue("M 4  C 6").message, Catch::Contains("more than one blank between pairs"));
  CHECK(blue("M\t4").error == MoveError::BadSpacing);
  CHECK(blue("M 4,C 6").error == MoveError::BadSpacing);
  CHECK_THAT(blue("M 4,C 6").message, Catch::Contains("expected a single blank between pairs at index 3, found ','"));
  CHECK(blue("M 4\n").error == MoveError::BadSpacing);
  CHECK(blue(" ").error == MoveError::BadSpacing);
}

TEST_CASE("move strings: every kind of failure has its own name", "[dcms][notation][moves]") {
  std::set<std::string> names;
  for (auto e : {MoveError::BadLetter, MoveError::OtherSidesPiece, MoveError::Cheese, MoveError::NotInVariant,
                 MoveError::CapturedPiece, MoveError::NamedTwice, MoveError::BadDigit, MoveError::BadSpacing}) {
    names.insert(to_string(e));
  }
  CHECK(names.size() == 8);
}

// ---- board rows ----------------------------------------------------------------------------------------

TEST_CASE("board rows: r strings of c 4-character cells round-trip", "[dcms][notation][board]") {
  const auto rows = wide_rows({"#####", "#.#.#", "#...#", "#####"});
  const Board board = parse_board_rows(rows);
  CHECK(board.rows() == 4);
  CHECK(board.cols() == 5);
  CHECK(board.is_wall(1, 2));
  CHECK_FALSE(board.is_wall(2, 2));
  CHECK(board_rows(board) == rows);
  CHECK(rows[1] == "WWWW    WWWW    WWWW");
}

TEST_CASE("board rows: a bad cell, a short row, an open border or a bad size is named", "[dcms][notation][board]") {
  auto rows = wide_rows({"#####", "#...#", "#####"});
  rows[1].replace(8, 4, "WW W");
  CHECK_THROWS_WITH(parse_board_rows(rows), Catch::Contains("row 1, character 8: cell (1,2) is \"WW W\""));
  rows = wide_rows({"#####", "#...#", "#####"});
  rows[1].pop_back();
  CHECK_THROWS_WITH(parse_board_rows(rows), Catch::Contains("board row 1 has 19 characters; 5 cells of 4 characters are 20"));
  rows = wide_rows({"#####", "....#", "#####"});
  CHECK_THROWS_WITH(parse_board_rows(rows), Catch::Contains("square (1,0) is on the border and must be a wall"));
  CHECK_THROWS_WITH(parse_board_rows(wide_rows({"##", "##"})), Catch::Contains("a 2x2 board is not supported"));
}

// ---- pieces map ----------------------------------------------------------------------------------------

TEST_CASE("pieces map: written as Python's repr and read back", "[dcms][notation][pieces]") {
  const State s = position("mouse", kOpen, "S 1 1, s 1 6, M 2 2");
  CHECK(pieces_map_text(s) == "{'S': (1, 1), 's': (1, 6), 'M': (2, 2), 'm': None}");
  const State back = parse_pieces_map(*s.board, Variant::Mouse, 0, pieces_map_text(s));
  CHECK(back == s);
  CHECK(pieces_map_text(kFull) ==
        "{'S': (1, 1), 's': (1, 6), 'M': (2, 2), 'm': (2, 5), 'C': (1, 2), 'c': (2, 4), 'D': (3, 3), 'd': (3, 6)}");
  const State full = parse_pieces_map(*kFull.board, Variant::Full, 0, pieces_map_text(kFull));
  CHECK(full == kFull);
  // Any order, either quote, lists, blanks, a trailing comma; C c D d with None in the mouse variant.
  const State loose = parse_pieces_map(*s.board, Variant::Mouse, 0,
                                       " { \"m\":None,'M' : [2,2], 's':(1 , 6),'S':(1,1), 'C': None, } ");
  CHECK(loose == s);
}

TEST_CASE("pieces map: the bot reads a full game only where a Cat or a Dog stands, a mouse map naming them with None "
          "staying mouse",
          "[dcms][notation][pieces]") {
  // The line protocol's move request (docs/tools/bots.md §5): the header, the board rows, the map.
  const auto variant_read = [](const std::string& map) {
    std::string request = "move 0 5 8 3\n";
    for (const auto& row : wide_rows(kOpen)) request += row + "\n";
    std::istringstream in(request + map + "\n");
    int line = 0;
    return gamelab::dcms::read_bot_request(in, line, 1).state.variant;
  };
  const std::string mouse = "{'S': (1, 1), 's': (1, 6), 'M': (2, 2), 'm': (2, 5)";
  CHECK(variant_read(mouse + "}") == Variant::Mouse);
  // docs/rules/dcms.md §9: in the mouse variant C c D d may appear, with None. (The map of a full game
  // whose Cats and Dogs are all captured is the same text: it plays on as a mouse game, and is read so.)
  CHECK(variant_read(mouse + ", 'C': None, 'c': None, 'D': None, 'd': None}") == Variant::Mouse);
  CHECK(variant_read(mouse + ", \"C\" :None , \"d\":  None}") == Variant::Mouse);
  // A Cat or a Dog on a square: the full game.
  CHECK(variant_read(mouse + ", 'C': None, 'c': (2, 4), 'D': None, 'd': None}") == Variant::Full);
  CHECK(variant_read(mouse + ", 'C': (1, 2), 'c': (2, 4), 'D': (3, 3), 'd': (3, 6)}") == Variant::Full);
  CHECK(variant_read(mouse + ", \"C\": None, \"c\": None, \"D\": [3, 3], \"d\": None}") == Variant::Full);
  // A Cat key without a value is the map's parser's to report.
  CHECK_THROWS_WITH(variant_read(mouse + ", 'C'}"), Catch::Contains("pieces map"));
}

TEST_CASE("pieces map: malformed maps are reported by index", "[dcms][notation][pieces]") {
  const Board& board = *kFull.board;
  CHECK_THROWS_WITH(parse_pieces_map(board, Variant::Mouse, 0, "{'S': (1, 1), 's': (1, 6), 'M': (2, 2)}"),
                    Catch::Contains("key 'm' is missing"));
  CHECK_THROWS_WITH(parse_pieces_map(board, Variant::Mouse, 0, "{'S': (1, 1), 'S': (1, 1)}"),
                    Catch::Contains("index 15: key 'S' appears twice"));
  CHECK_THROWS_WITH(parse_pieces_map(board, Variant::Mouse, 0, "{'X': (1, 1)}"),
                    Catch::Contains("index 2: expected one of the piece letters"));
  CHECK_THROWS_WITH(parse_pieces_map(board, Variant::Mouse, 0, "{'S': (1 1)}"),
                    Catch::Contains("index 9: expected ',' between row and column"));
  CHECK_THROWS_WITH(parse_pieces_map(board, Variant::Mouse, 0, "{'S': (0, 1), 's': None, 'M': None, 'm': None}"),
                    Catch::Contains("'S' (0,1) is a wall"));
  CHECK_THROWS_WITH(parse_pieces_map(board, Variant::Mouse, 0, "{'S': (1, 1), 's': (1, 6), 'M': None, 'm': None, 'C': (1, 1)}"),
                    Catch::Contains("'C' names a piece the mouse variant does not have"));
  CHECK_THROWS_WITH(parse_pieces_map(board, Variant::Mouse, 0, "{'S': (1, 1), 's': (1, 6), 'M': None, 'm': None} x"),
                    Catch::Contains("unexpected text after the pieces map"));
  CHECK_THROWS_WITH(parse_pieces_map(board, Variant::Mouse, 0, "{'S': (1, 1), 's': (1, 6), 'M': (1, 6), 'm': None}"),
                    Catch::Contains("s at (1,6) shares its square with M"));
}

// ---- setup answers -------------------------------------------------------------------------------------

TEST_CASE("setup answers: tuples of (row, col) pairs", "[dcms][notation][setup]") {
  const Placement p = parse_placement("((3, 1), (4, 2))");
  CHECK(p.count == 2);
  CHECK(p.cells[0] == Cell{3, 1});
  CHECK(p.cells[1] == Cell{4, 2});
  CHECK(placement_text(p) == "((3, 1), (4, 2))");
  CHECK(parse_placement("[[3,1],[4,2],[5,5],[-1,0]]").cells[3] == Cell{-1, 0});
  CHECK(parse_placement("((3, 1),)").count == 1);
  CHECK_THROWS_WITH(parse_placement("((3, 1), (4, 2)"), Catch::Contains("index 15: expected ',' or ')', found the end"));
  CHECK_THROWS_WITH(parse_placement("(3, 1)"), Catch::Contains("index 1: expected '(' or '['"));
  CHECK_THROWS_WITH(parse_placement("((1,1),(1,1),(1,1),(1,1),(1,1))"), Catch::Contains("more than 4"));
}

// ---- position files ------------------------------------------------------------------------------------

TEST_CASE("position files: written and read back, with comments and the setup phase", "[dcms][notation][files]") {
  const std::string text = position_text(kFull);
  CHECK(text.rfind("full 5 8 0\nWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW\nWWWW", 0) == 0);
  CHECK(text.find("\nS 1 1\ns 1 6\nM 2 2\nm 2 5\nC 1 2\nc 2 4\nD 3 3\nd 3 6\n") != std::string::npos);
  const State back = parse_position_text("# a comment\n" + text, "pos.txt");
  CHECK(back == kFull);
  const State setup = parse_position_text(position_file("mouse", kOpen, ""), "board.txt");
  CHECK(setup.phase == Phase::Setup);
  CHECK(setup.variant == Variant::Mouse);
  CHECK(position_text(setup) == position_file("mouse", kOpen, ""));
  // Blank lines among the piece lines are skipped; the turn is kept.
  const State later = parse_position_text(position_file("mouse", kOpen, "S 1 1,, s 1 6", 17), "pos.txt");
  CHECK(later.turn == 17);
  CHECK(later.hash == compute_hash(later));
}

TEST_CASE("position files: errors name file, line and column", "[dcms][notation][files]") {
  auto error_of = [](const std::string& text) {
    try {
      parse_position_text(text, "pos.txt");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string board = position_file("full", kOpen, "");
  const std::string body = board.substr(board.find('\n') + 1);
  CHECK_THAT(error_of(""), Catch::Contains("pos.txt: empty"));
  CHECK_THAT(error_of("full 5 8\n" + body), Catch::StartsWith("pos.txt:1:1: expected 'variant ROWS COLS TURN' (4 fields), found 3"));
  CHECK_THAT(error_of("fuller 5 8 0\n" + body), Catch::StartsWith("pos.txt:1:1: variant: variant 'fuller' must be mouse or full"));
  CHECK_THAT(error_of("full 5 x 0\n" + body), Catch::StartsWith("pos.txt:1:8: COLS 'x' is not a number"));
  CHECK_THAT(error_of("full 5 8 61\n" + body), Catch::StartsWith("pos.txt:1:10: TURN 61 is outside 0..60"));
  CHECK_THAT(error_of("full 5 8 3\n" + body), Catch::StartsWith("pos.txt:1:10: a board for the setup phase (no piece lines) has TURN 0, not 3"));
  CHECK_THAT(error_of("full 6 8 0\n" + body), Catch::Contains("expected 6 board lines after the header, found 5"));
  CHECK_THAT(error_of("full 70 8 0\n" + body), Catch::StartsWith("pos.txt:1:6: a 70x8 board is not supported"));
  std::string bad_cell = board;
  bad_cell.replace(bad_cell.find("WWWW    ") + 4, 4, "  x ");
  CHECK_THAT(error_of(bad_cell), Catch::StartsWith("pos.txt:3:5: cell (1,1) is \"  x \""));
  CHECK_THAT(error_of(board + "S 1\n"), Catch::StartsWith("pos.txt:7:1: expected a piece line 'LETTER ROW COL'"));
  CHECK_THAT(error_of(board + "X 1 1\n"), Catch::StartsWith("pos.txt:7:1: 'X' is not a piece letter"));
  CHECK_THAT(error_of(board + "S 1 1\nS 2 1\n"), Catch::StartsWith("pos.txt:8:1: S appears twice (first on line 7)"));
  CHECK_THAT(error_of(board + "S  1 q\n"), Catch::StartsWith("pos.txt:7:6: COL 'q' is not a number"));
  CHECK_THAT(error_of(board + "S 0 1\n"), Catch::StartsWith("pos.txt:7:3: S stands on a wall at (0,1)"));
  CHECK_THAT(error_of(board + "S 9 1\n"), Catch::StartsWith("pos.txt:7:3: (9,1) is outside the 5x8 board"));
  CHECK_THAT(error_of(position_file("mouse", kOpen, "S 1 1, s 1 6, C 2 2")),
             Catch::StartsWith("pos.txt:9:1: there is no Cat in the mouse variant"));
  CHECK_THAT(error_of(position_file("mouse", kOpen, "S 1 5, s 1 6")),
             Catch::StartsWith("pos.txt:7:1: blue's cheeSe S at (1,5) is not in blue's half"));
  CHECK_THAT(error_of(position_file("full", kOpen, "S 1 1, s 1 6, M 2 3, c 2 3")),
             Catch::StartsWith("pos.txt:9:1: M at (2,3) shares its square with c: the capture rule would have removed it"));
}

TEST_CASE("the diagram shows walls, empty squares and the pieces on each square", "[dcms][notation]") {
  const State s = position("full", kOpen, "S 1 1, s 1 6, M 1 1, C 1 1, m 2 5, d 2 5", 12);
  CHECK(diagram(s) ==
        "full 5x8, turn 12 of 60, ongoing\n"
        "################################\n"
        "####SMC  .   .   .   .  s   ####\n"
        "#### .   .   .   .  md   .  ####\n"
        "#### .   .   .   .   .   .  ####\n"
        "################################\n");
  const State setup = parse_position_text(position_file("mouse", kOpen, ""), "board");
  CHECK_THAT(diagram(setup), Catch::StartsWith("mouse 5x8, setup phase: blue has 9 setup squares, red 9\n"));
  const State over = after(position("mouse", kOpen, "S 2 1, s 2 5, M 2 4, m 3 6"), "M 6", "m 5");
  CHECK_THAT(diagram(over), Catch::StartsWith("mouse 5x8, turn 1 of 60, blue wins (cheeSe eaten)\n"));
}
