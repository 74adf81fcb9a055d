// One named test per rule of docs/rules/ataxx.md, each on a small hand-made position.
#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "helpers.hpp"
#include "search/alphabeta.hpp"
#include "search/game_concepts.hpp"
#include "search/perft.hpp"

using namespace ataxx_test;
using Set = std::set<std::string>;

namespace {

Result result_of(const std::string& fen) { return result(parse_fen(fen)); }

}  // namespace

TEST_CASE("§1 the start is x5o/7/7/7/7/7/o5x x 0 1, x to move", "[ataxx][rules]") {
  const State s = start_position();
  CHECK(fen_string(s) == "x5o/7/7/7/7/7/o5x x 0 1");
  CHECK(s.side == X);
  CHECK(s.stones[X] == (bit(square(0, 6)) | bit(square(6, 0))));  // a7, g1
  CHECK(s.stones[O] == (bit(square(0, 0)) | bit(square(6, 6))));  // a1, g7
  CHECK(s == parse_fen("x5o/7/7/7/7/7/o5x x 0 1"));
}

TEST_CASE("§1 squares run a1 (bottom left) to g7 (top right)", "[ataxx][rules]") {
  CHECK(square_text(square(0, 0)) == "a1");
  CHECK(square_text(square(6, 0)) == "g1");
  CHECK(square_text(square(0, 6)) == "a7");
  CHECK(square_text(square(6, 6)) == "g7");
  // The FEN's first rank is rank 7: the stone written first stands on a7.
  CHECK(parse_fen("x6/7/7/7/7/7/7 x").stones[X] == bit(square(0, 6)));
}

TEST_CASE("§1 gaps are never entered and never change", "[ataxx][rules]") {
  // d4 surrounded by gaps at distance 1 and 2 except e5 and f6; o far away on a1.
  const State s = parse_fen("7/1----2/1---1-1/1--x--1/1-----1/1-----1/o6 x 0 1");
  CHECK(moves_of(s) == Set{"e5", "d4f6"});
  const State t = play_text(play_text(s, "d4f6"), "b1");
  CHECK(t.gaps == s.gaps);
  CHECK(fen_string(t) == "7/1----x1/1---1-1/1--1--1/1-----1/1-----1/oo5 x 0 2");
}

TEST_CASE("§2.1 a single move clones onto an adjacent empty square, one move per destination", "[ataxx][rules]") {
  // b2 and c2 share the destinations b1 c1 b3 c3; each square is one move whichever stone clones.
  const State s = parse_fen("6o/7/7/7/7/1xx4/7 x 0 1");
  MoveList moves;
  generate_moves(s, moves);
  int singles = 0;
  for (const Move& m : moves) singles += m.is_single();
  CHECK(singles == 10);  // a1 b1 c1 d1 a2 d2 a3 b3 c3 d3
  CHECK(after("6o/7/7/7/7/1xx4/7 x 0 1", "b3") == "6o/7/7/7/1x5/1xx4/7 o 0 1");  // both stones stay
}

TEST_CASE("§2.2 a double move jumps to distance exactly 2 and leaves its square", "[ataxx][rules]") {
  const Set centre = moves_of(parse_fen("o6/7/7/3x3/7/7/7 x 0 1"));  // o on a7, out of reach
  int jumps = 0;
  for (const auto& m : centre) jumps += m.size() == 4;
  CHECK(jumps == 16);
  CHECK(centre.size() == 24);
  CHECK(moves_of(parse_fen("6o/7/7/7/7/7/x6 x 0 1")) == Set{"a2", "b1", "b2", "a1a3", "a1b3", "a1c3", "a1c2", "a1c1"});
  CHECK(after("6o/7/7/7/7/7/x6 x 0 1", "a1c3") == "6o/7/7/7/2x4/7/7 o 1 1");
  // No move reaches distance 3 or more, and a stone never lands on a stone.
  CHECK(moves_of(parse_fen("7/7/7/7/7/o6/x6 x 0 1")).count("a1a2") == 0);
  CHECK(moves_of(parse_fen("7/7/7/7/7/o6/x6 x 0 1")).count("a2") == 0);
}

TEST_CASE("§2.3 every enemy stone next to the destination flips, and nothing else", "[ataxx][rules]") {
  // x jumps a1c3: b2 b3 b4 c4 d3 are o next to c3 (they flip); c5 e5 e4 are at distance 2 (they
  // stay); a2 is next to the origin only (it stays); the gap d2 stays a gap.
  const std::string fen = "7/7/2o1o2/1oo1o2/1o1o3/oo1-3/x6 x 0 1";
  CHECK(after(fen, "a1c3") == "7/7/2o1o2/1xx1o2/1xxx3/ox1-3/7 o 1 1");
  // A single move flips the same way and keeps the clock at 0.
  CHECK(after("7/7/7/7/7/oo5/x6 x 5 1", "b1") == "7/7/7/7/7/xx5/xx5 o 0 1");
}

TEST_CASE("§2.4 a side that cannot move passes, and has no pass otherwise", "[ataxx][rules]") {
  // x on g1 is walled in by o (libataxx tests/passing.cpp).
  CHECK(moves_of(parse_fen("7/7/7/7/4ooo/4ooo/4oox x 0 1")) == Set{"0000"});
  CHECK(moves_of(parse_fen("7/7/7/7/4ooo/4ooo/4oox o 0 1")).count("0000") == 0);
  CHECK(moves_of(parse_fen("xxxxxxx/-------/-------/7/7/-------/ooooooo x 0 1")) == Set{"0000"});
  // When neither side can move the game is over: no pass either.
  CHECK(moves_of(parse_fen("7/7/7/7/-------/-------/xxxoooo x 0 1")).empty());
  // Nor once the clock has run out.
  CHECK(moves_of(parse_fen("7/7/7/7/4ooo/4ooo/4oox x 100 1")).empty());
}

TEST_CASE("§2.4 a pass changes only the side and the counters", "[ataxx][rules]") {
  CHECK(after("7/7/7/7/4ooo/4ooo/4oox x 7 3", "0000") == "7/7/7/7/4ooo/4ooo/4oox o 8 3");
  CHECK(after("7/7/7/7/4xxx/4xxx/4xxo o 7 3", "0000") == "7/7/7/7/4xxx/4xxx/4xxo x 8 4");
}

TEST_CASE("§3 the halfmove clock counts every ply and only a single move resets it", "[ataxx][rules]") {
  // libataxx tests/counters.cpp: (move, halfmove clock, fullmove number) after each move.
  const std::vector<std::tuple<std::string, int, int>> line = {
      {"g2", 0, 1},   {"a2", 0, 2},   {"g3", 0, 2}, {"a2a4", 1, 3},
      {"a7a5", 2, 3}, {"a1b3", 3, 4}, {"b4", 0, 4}, {"f6", 0, 5}};
  State s = start_position();
  for (const auto& [move, halfmove, fullmove] : line) {
    s = play_text(s, move);
    INFO(move);
    CHECK(s.halfmove == halfmove);
    CHECK(s.fullmove == static_cast<std::uint32_t>(fullmove));
  }
}

TEST_CASE("§3 a pass runs the clock and, played by o, the fullmove number", "[ataxx][rules]") {
  // libataxx tests/counters.cpp, second part.
  State s = parse_fen("7/7/7/7/4ooo/4ooo/4oox x 0 1");
  const std::vector<std::tuple<std::string, int, int>> line = {
      {"0000", 1, 1}, {"d1", 0, 2}, {"0000", 1, 2}, {"d1b1", 2, 3}, {"0000", 3, 3}, {"a1", 0, 4}};
  for (const auto& [move, halfmove, fullmove] : line) {
    s = play_text(s, move);
    INFO(move);
    CHECK(s.halfmove == halfmove);
    CHECK(s.fullmove == static_cast<std::uint32_t>(fullmove));
  }
}

TEST_CASE("§3 no position has more than kMaxMoves moves", "[ataxx][rules]") {
  // 240 pairs of squares at distance 2 on the board, checked by counting them.
  int pairs = 0;
  for (int a = 0; a < kSquares; ++a) pairs += std::popcount(kRings.two[a]);
  CHECK(pairs / 2 == 240);
  CHECK(kMaxMoves == 240 + 47);
  // Stripes of stones two files apart reach many jumps; the bound holds with room to spare.
  for (const char* fen : {"x1x1x1x/x1x1x1x/x1x1x1x/x1x1x1x/x1x1x1x/x1x1x1x/x1x1x1o x 0 1",
                          "1x1x1x1/1x1x1x1/1x1x1x1/1x1x1x1/1x1x1x1/1x1x1x1/1x1x1xo x 0 1",
                          "xx2xx1/xx2xx1/7/7/xx2xx1/xx2xx1/6o x 0 1"}) {
    const State s = parse_fen(fen);
    CHECK(static_cast<std::size_t>(count_moves(s)) <= kMaxMoves);
    CHECK(moves_of(s).size() == static_cast<std::size_t>(count_moves(s)));
  }
}

TEST_CASE("§4.1 a side without stones has lost, and no stones at all is a draw", "[ataxx][rules]") {
  for (const char* side : {" x", " o"}) {
    CHECK(result_of(std::string("x6/7/7/7/7/7/7") + side).outcome == Outcome::XWins);
    CHECK(result_of(std::string("o6/7/7/7/7/7/7") + side).outcome == Outcome::OWins);
    CHECK(result_of(std::string("7/7/7/7/7/7/7") + side).outcome == Outcome::Draw);
    CHECK(result_of(std::string("x6/7/7/7/7/7/7") + side).reason == EndReason::NoStones);
  }
  // Flipping the last enemy stone ends the game at once.
  CHECK(result_of(after("7/7/7/7/7/7/xo5 x 0 1", "b2")).outcome == Outcome::XWins);
}

TEST_CASE("§4.2 the game ends when neither side can move, empty squares or not", "[ataxx][rules]") {
  // libataxx tests/result.cpp: full boards, 25 against 24, and equal numbers with one gap.
  CHECK(result_of("xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx o 0 1").outcome == Outcome::XWins);
  CHECK(result_of("ooooooo/ooooooo/ooooooo/oooxxxx/xxxxxxx/xxxxxxx/xxxxxxx x 0 1").outcome == Outcome::XWins);
  CHECK(result_of("ooooooo/ooooooo/ooooooo/ooooxxx/xxxxxxx/xxxxxxx/xxxxxxx x 0 1").outcome == Outcome::OWins);
  CHECK(result_of("ooooooo/ooooooo/ooooooo/ooo-xxx/xxxxxxx/xxxxxxx/xxxxxxx x 0 1").outcome == Outcome::Draw);
  // Empty squares out of every stone's reach do not keep the game going (python-ataxx test_gameover).
  const Result walled = result_of("7/7/7/7/-------/-------/xxxoooo x 0 1");
  CHECK(walled.outcome == Outcome::OWins);
  CHECK(walled.reason == EndReason::NoMoves);
  CHECK_FALSE(result_of("7/7/7/7/---1---/-------/xxxoooo x 0 1").over());
}

TEST_CASE("§4.2 one side unable to move does not end the game", "[ataxx][rules]") {
  CHECK_FALSE(result_of("7/7/7/7/4ooo/4ooo/4oox x 0 1").over());
  CHECK_FALSE(ends_before_moves(parse_fen("7/7/7/7/4ooo/4ooo/4oox x 0 1")));
}

TEST_CASE("§4.3 the halfmove clock at 100 draws", "[ataxx][rules]") {
  CHECK_FALSE(result_of("x5o/7/7/7/7/7/o5x x 99 1").over());
  const Result r = result_of("x5o/7/7/7/7/7/o5x x 100 1");
  CHECK(r.outcome == Outcome::Draw);
  CHECK(r.reason == EndReason::HalfmoveClock);
  // The 100th ply without a single move ends the game, a single move on it does not.
  const std::string fen = "x5o/7/7/7/7/7/o5x x 99 60";
  CHECK(result_of(after(fen, "a7a5")).reason == EndReason::HalfmoveClock);
  CHECK_FALSE(result_of(after(fen, "a6")).over());
  // A draw whoever leads: more stones do not win on the clock.
  CHECK(result_of("xxo4/7/7/7/7/7/7 o 100 1").outcome == Outcome::Draw);
}

TEST_CASE("§4.3 a decided game stays decided when the clock reaches 100", "[ataxx][rules]") {
  // libataxx tests/result.cpp, "Wins take priority over the 50 move rule".
  CHECK(result_of("7/7/7/7/-------/-------/xxxxooo x 100 1").outcome == Outcome::XWins);
  CHECK(result_of("7/7/7/7/-------/-------/xxxoooo o 100 1").outcome == Outcome::OWins);
  CHECK(result_of("x6/7/7/7/7/7/7 o 100 1").outcome == Outcome::XWins);
}

TEST_CASE("§4 there is no repetition rule", "[ataxx][rules]") {
  // Jumping back and forth repeats the position; only the clock ends it.
  State s = parse_fen("x5o/7/7/7/7/7/o5x x 0 1");
  const State start = s;
  for (int cycle = 0; cycle < 24; ++cycle) {
    for (const char* move : {"a7a5", "g7g5", "a5a7", "g5g7"}) s = play_text(s, move);
    CHECK(s.hash == start.hash);
    CHECK_FALSE(result(s).over());
  }
  for (const char* move : {"a7a5", "g7g5", "a5a7", "g5g7"}) s = play_text(s, move);
  CHECK(s.halfmove == 100);
  CHECK(result(s).reason == EndReason::HalfmoveClock);
}

TEST_CASE("§4 the result is named by outcome and reason", "[ataxx][rules]") {
  CHECK(std::string(to_string(Outcome::XWins)) == "x wins");
  CHECK(std::string(to_string(Outcome::OWins)) == "o wins");
  CHECK(std::string(to_string(Outcome::Draw)) == "draw");
  CHECK(std::string(to_string(Outcome::Ongoing)) == "ongoing");
  CHECK(std::string(to_string(EndReason::NoStones)) == "a side has no stones");
  CHECK(std::string(to_string(EndReason::NoMoves)) == "neither side can move");
  CHECK(std::string(to_string(EndReason::HalfmoveClock)) == "halfmove clock at 100");
  CHECK_FALSE(result(start_position()).over());
}

TEST_CASE("§5 in perft a pass is one move and a finished position has none", "[ataxx][rules][perft]") {
  CHECK(count_moves(parse_fen("7/7/7/7/4ooo/4ooo/4oox x 0 1")) == 1);
  CHECK(count_moves(parse_fen("7/7/7/7/-------/-------/xxxoooo x 0 1")) == 0);
  CHECK(count_moves(parse_fen("x5o/7/7/7/7/7/o5x x 100 1")) == 0);
  CHECK(count_moves(parse_fen("7/7/7/7/7/7/7 x 0 1")) == 0);
  CHECK(count_moves(start_position()) == 16);
}

TEST_CASE("§6.1 FEN round trip", "[ataxx][rules][notation]") {
  for (const char* fen : {"x5o/7/7/7/7/7/o5x x 0 1", "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1", "7/7/7/7/7/7/7 x 100 200",
                          "xxxxxxx/-------/-------/7/7/-------/ooooooo x 17 42", "1x1o1-1/7/7/7/7/7/6x o 3 999999"}) {
    CHECK(fen_string(parse_fen(fen)) == fen);
    CHECK(position_text(parse_position_text(fen, "file")) == fen);
  }
}

TEST_CASE("§6.1 a missing clock is 0 and a missing fullmove number 1", "[ataxx][rules][notation]") {
  CHECK(fen_string(parse_fen("x5o/7/7/7/7/7/o5x x")) == "x5o/7/7/7/7/7/o5x x 0 1");
  CHECK(fen_string(parse_fen("x5o/7/7/7/7/7/o5x o 12")) == "x5o/7/7/7/7/7/o5x o 12 1");
  CHECK(fen_string(parse_fen("x5o/7/7/7/7/7/o5x \t x  3   9")) == "x5o/7/7/7/7/7/o5x x 3 9");
}

TEST_CASE("§6.1 a bad FEN is refused with the column of the offending character", "[ataxx][rules][notation]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"x5o/7/7/7/7/7/o5X x 0 1", "fen:1:17: BOARD: character 'X' is not one of x o - 1-7 /"},
      {"x5o/7/7/7/7/7/o5x", "fen:1:18: expected 'BOARD SIDE [HALFMOVE [FULLMOVE]]', found 1 field"},
      {"x5o/7/7/6/7/7/o5x x", "fen:1:10: BOARD: rank 4 has 6 squares; a rank has 7"},
      {"x5o/7/7/8/7/7/o5x x", "fen:1:9: BOARD: character '8' is not one of x o - 1-7 /"},
      {"x5o/7/7/16/7/7/o5x x", "fen:1:10: BOARD: two digits in a row; a run of empty squares is one digit"},
      {"x5o/7/7/7x/7/7/o5x x", "fen:1:10: BOARD: rank 4 has more than 7 squares"},
      {"x5o/7/7/7/7/o5x x", "fen:1:16: BOARD: the board has 6 ranks; it needs 7"},
      {"x5o/7/7/7/7/7/o5x/7 x", "fen:1:18: BOARD: more than 7 ranks"},
      {"x5o/7/7/7/7/7/o4x x", "fen:1:18: BOARD: rank 1 has 6 squares; a rank has 7"},
      {"x5o/7/7/7/7/7/o5x b 0 1", "fen:1:19: SIDE: 'b' must be x or o"},
      {"x5o/7/7/7/7/7/o5x x 1a 1", "fen:1:22: HALFMOVE: character 'a' is not a digit"},
      {"x5o/7/7/7/7/7/o5x x 101 1", "fen:1:21: HALFMOVE: 101 is not in 0 to 100"},
      {"x5o/7/7/7/7/7/o5x x 0 0", "fen:1:23: FULLMOVE: 0 is not in 1 to 999999"},
      {"x5o/7/7/7/7/7/o5x x 0 1 extra", "fen:1:25: unexpected fifth field; a FEN has at most 4"},
      {"", "fen:1:1: expected 'BOARD SIDE [HALFMOVE [FULLMOVE]]', found 0 fields"},
  };
  for (const auto& [fen, message] : cases) {
    INFO(fen);
    CHECK_THROWS_WITH(parse_fen(fen), message);
  }
  CHECK_THROWS_AS(parse_fen("startpos"), gamelab::InputError);
}

TEST_CASE("§6.1 a position file is one FEN line after '#' comments", "[ataxx][rules][notation]") {
  const State s = parse_position_text("# a comment\n# another\nx5o/7/7/7/7/7/o5x o 3 2\r\n\n", "p.txt");
  CHECK(fen_string(s) == "x5o/7/7/7/7/7/o5x o 3 2");
  CHECK_THROWS_WITH(parse_position_text("# only\n", "p.txt"), Catch::Contains("p.txt: empty"));
  CHECK_THROWS_WITH(parse_position_text("x5o/7/7/7/7/7/o5x x\nx5o/7/7/7/7/7/o5x x\n", "p.txt"),
                    Catch::StartsWith("p.txt:2:1: unexpected extra line"));
  CHECK_THROWS_WITH(parse_position_text("# c\nx5o/7/7/7/7/7/o5x y\n", "p.txt"),
                    Catch::StartsWith("p.txt:2:19: SIDE"));
}

TEST_CASE("§6.2 moves are written b2, a1c3 and 0000, and read strictly", "[ataxx][rules][notation]") {
  CHECK(move_text(Move::single(square(1, 1))) == "b2");
  CHECK(move_text(Move::jump(square(0, 0), square(2, 2))) == "a1c3");
  CHECK(move_text(Move::pass()) == "0000");
  const State s = parse_fen("7/7/7/7/7/7/x5o x 0 1");
  CHECK(parse_move("b2", s) == Move::single(square(1, 1)));
  CHECK(parse_move("a1c3", s) == Move::jump(square(0, 0), square(2, 2)));
  for (const char* bad : {"B2", " b2", "a1b2", "a1a1", "pass", "h1", "a8", "a1d4", "b"}) {
    INFO(bad);
    CHECK_THROWS_WITH(parse_move(bad, s), Catch::Contains("is not a move"));
  }
  CHECK_THROWS_WITH(parse_move("e1", s), Catch::Contains("'e1' is not a legal move in 7/7/7/7/7/7/x5o x 0 1"));
  CHECK_THROWS_WITH(parse_move("0000", s), Catch::Contains("not a legal move"));
  CHECK(parse_move("0000", parse_fen("7/7/7/7/4ooo/4ooo/4oox x 0 1")).is_pass());
}

TEST_CASE("§6.2 an external program's move is read as leniently as its meaning allows", "[ataxx][rules][notation]") {
  const State s = parse_fen("7/7/7/7/7/7/x5o x 0 1");
  CHECK(read_uai_move(" b2\r\n", s) == Move::single(square(1, 1)));
  CHECK(read_uai_move("B2", s) == Move::single(square(1, 1)));
  CHECK(read_uai_move("A1c3", s) == Move::jump(square(0, 0), square(2, 2)));
  CHECK(read_uai_move("a1b2", s) == Move::single(square(1, 1)));  // a clone written from-to
  CHECK_FALSE(read_uai_move("c1b2", s));  // c1 holds no stone of x: not a clone
  CHECK_FALSE(read_uai_move("e1", s));    // readable, not legal
  CHECK_FALSE(read_uai_move("0000", s));  // x can move: no pass
  CHECK_FALSE(read_uai_move("a1d4", s));
  CHECK_FALSE(read_uai_move("", s));
  CHECK_FALSE(read_uai_move("b 2", s));
  const State stuck = parse_fen("7/7/7/7/4ooo/4ooo/4oox x 0 1");
  for (const char* pass : {"0000", "pass", "PASS", "null", " Null ", "g1g1", "a1a1"}) {
    INFO(pass);
    CHECK(read_uai_move(pass, stuck) == Move::pass());
  }
}

TEST_CASE("§6.3 the diagram shows rank 7 first with file letters below", "[ataxx][rules][notation]") {
  CHECK(diagram(parse_fen("x5o/7/2-1-2/7/7/7/o5x x 0 1")) ==
        "7 x . . . . . o\n"
        "6 . . . . . . .\n"
        "5 . . - . - . .\n"
        "4 . . . . . . .\n"
        "3 . . . . . . .\n"
        "2 . . . . . . .\n"
        "1 o . . . . . x\n"
        "  a b c d e f g\n");
}

TEST_CASE("the search sees a finished game's result and the clock near the draw", "[ataxx][game]") {
  CHECK(Game::terminal_score(parse_fen("x6/7/7/7/7/7/7 x 0 1"), 3) == gamelab::search::win_in(3));
  CHECK(Game::terminal_score(parse_fen("x6/7/7/7/7/7/7 o 0 1"), 3) == gamelab::search::loss_in(3));
  CHECK(Game::terminal_score(parse_fen("x5o/7/7/7/7/7/o5x x 100 1"), 3) == 0);
  CHECK_FALSE(Game::terminal_score(start_position(), 0));
  // The clock is part of the search's hash only from kClockHashFrom on.
  CHECK(Game::hash(parse_fen("x5o/7/7/7/7/7/o5x x 3 1")) == Game::hash(parse_fen("x5o/7/7/7/7/7/o5x x 4 1")));
  CHECK(Game::hash(parse_fen("x5o/7/7/7/7/7/o5x x 70 1")) != Game::hash(parse_fen("x5o/7/7/7/7/7/o5x x 71 1")));
}

TEST_CASE("the adapter satisfies the game interface, perft and the shared alpha-beta, which finds a win",
          "[ataxx][game]") {
  static_assert(gamelab::search::TurnBasedGame<Game>);
  static_assert(gamelab::search::TurnBasedPerftGame<Game> && gamelab::search::BulkCountingGame<Game>);
  static_assert(gamelab::search::AlphaBetaGame<Game>);
  const gamelab::ParamSet params = default_params();
  CHECK(params.at(0).name == "eval_material");
  CHECK(params.contains("search_qsearch_depth"));
  gamelab::search::AlphaBeta<Game> engine(params.values(), gamelab::search::AlphaBetaKnobs::from(params));
  gamelab::SearchLimits limits;
  limits.depth = 4;
  // A jump from d1 to b1 or b3 flips both of o's stones: the game is won at once.
  const State s = parse_fen("7/7/7/7/7/oo5/3x3 x 0 1");
  const auto found = engine.search(s, limits);
  REQUIRE(found.best);
  CHECK((move_text(*found.best) == "d1b1" || move_text(*found.best) == "d1b3"));
  CHECK(found.score == gamelab::search::win_in(1));
  CHECK(Game::end_text(play(s, *found.best)) == "x wins: a side has no stones");
}
