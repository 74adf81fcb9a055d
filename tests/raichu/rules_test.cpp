// One named test per rule of docs/rules/raichu.md, each on a small hand-made position.
#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "helpers.hpp"

using namespace raichu_test;
using Set = std::set<std::string>;

TEST_CASE("start position matches docs/rules/raichu.md for n = 8 and n = 10", "[raichu][rules]") {
  CHECK(board_string(start_position(8)) ==
        "........W.W.W.W..w.w.w.w................b.b.b.b..B.B.B.B........");
  CHECK(board_string(start_position(10)) ==
        "..........W.W.W.W.W..w.w.w.w.w........................................b.b.b.b.b..B.B.B.B.B..........");
}

TEST_CASE("every start piece stands on a square with row + col odd, n pieces a side", "[raichu][rules]") {
  for (int n : {8, 10, 12, 14, 16}) {
    const State s = start_position(n);
    CHECK(s.piece_count(White) == n);
    CHECK(s.piece_count(Black) == n);
    CHECK(s.side == White);  // White moves first
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        if (s.board[square(r, c)] != Empty) CHECK((r + c) % 2 == 1);
      }
    }
  }
}

TEST_CASE("only even board sizes from 8 to 16 are supported", "[raichu][rules]") {
  for (int n : {8, 10, 12, 14, 16}) CHECK(valid_board_size(n));
  for (int n : {0, 6, 7, 9, 11, 15, 17, 18}) CHECK_FALSE(valid_board_size(n));
  CHECK_THROWS_WITH(parse_board_size("9"), Catch::Contains("must be even and between 8 and 16"));
  CHECK_THROWS_WITH(parse_board_size("6"), Catch::Contains("n = 6"));
  CHECK_THROWS_WITH(parse_board_size("eight"), Catch::Contains("'eight' is not a board size"));
}

TEST_CASE("Pichu steps one square diagonally forward onto an empty square", "[raichu][rules][pichu]") {
  const State white = from_rows({"........",
                                 "........",
                                 "...w....",
                                 "....b...",
                                 "........",
                                 "........",
                                 "........",
                                 "......b."}, White);
  // (3,4) is occupied by a black Pichu: no step there, but a jump over it.
  CHECK(moves_from(white, 2, 3) == Set{"(2,3)-(3,2)", "(2,3)x(3,4)-(4,5)"});
  const State black = from_rows({"........",
                                 "........",
                                 "........",
                                 "........",
                                 "........",
                                 "........",
                                 "........",
                                 "b......w"}, Black);
  // Black goes towards row 0; never backwards, never sideways; the edge cuts the left diagonal.
  CHECK(moves_from(black, 7, 0) == Set{"(7,0)-(6,1)"});
}

TEST_CASE("Pichu jumps only over an adjacent enemy Pichu onto an empty square", "[raichu][rules][pichu]") {
  const State s = from_rows({"........",
                             "...w....",
                             "..b.B...",
                             ".w......",
                             "........",
                             "........",
                             "........",
                             "........"}, White);
  // Right diagonal holds a Pikachu: a Pichu may not jump it. Left diagonal: b with (3,1) beyond... own w.
  CHECK(moves_from(s, 1, 3) == Set{});
  const State t = from_rows({"........",
                             "...w....",
                             "..b.@...",
                             "........",
                             "........",
                             "........",
                             "........",
                             "b......."}, White);
  // Own Raichu blocks the right diagonal; the enemy Pichu on the left is jumped.
  CHECK(moves_from(t, 1, 3) == Set{"(1,3)x(2,2)-(3,1)"});
  const State after = play_text(t, "(1,3)x(2,2)-(3,1)");
  CHECK(after.board[square(2, 2)] == Empty);
  CHECK(after.board[square(3, 1)] == WhitePichu);
  CHECK(after.piece_count(Black) == 1);
}

TEST_CASE("Pichu cannot jump off the board or onto an occupied square", "[raichu][rules][pichu]") {
  const State s = from_rows({"........",
                             "........",
                             "........",
                             "........",
                             "........",
                             ".......b",
                             "......w.",
                             ".....W.."}, Black);
  // Black Pichu on (5,7): left diagonal (4,6) empty; no jump possible backwards over w.
  CHECK(moves_from(s, 5, 7) == Set{"(5,7)-(4,6)"});
  const State t = from_rows({"........",
                             "b.......",
                             ".w......",
                             "........",
                             "........",
                             "........",
                             "........",
                             "........"}, White);
  // White Pichu (2,1): forward is down; the black Pichu at (1,0) is behind it.
  CHECK(moves_from(t, 2, 1) == Set{"(2,1)-(3,0)", "(2,1)-(3,2)"});
  const State u = from_rows({"........",
                             "........",
                             "......b.",
                             ".......w",
                             "........",
                             "........",
                             "........",
                             "........"}, Black);
  // Black Pichu (2,6) jumps the white Pichu? No: (3,7) is behind it (black moves up). Up-left and up-right free.
  CHECK(moves_from(u, 2, 6) == Set{"(2,6)-(1,5)", "(2,6)-(1,7)"});
}

TEST_CASE("Pikachu moves 1 or 2 squares forward, left or right, never back or diagonally",
          "[raichu][rules][pikachu]") {
  const State s = from_rows({"........",
                             "........",
                             "........",
                             "...W....",
                             "........",
                             "........",
                             "........",
                             "b......."}, White);
  CHECK(moves_from(s, 3, 3) ==
        Set{"(3,3)-(4,3)", "(3,3)-(5,3)", "(3,3)-(3,2)", "(3,3)-(3,1)", "(3,3)-(3,4)", "(3,3)-(3,5)"});
  const State black = from_rows({"........",
                                 "........",
                                 "........",
                                 "........",
                                 "....B...",
                                 "........",
                                 "........",
                                 "w......."}, Black);
  CHECK(moves_from(black, 4, 4) ==
        Set{"(4,4)-(3,4)", "(4,4)-(2,4)", "(4,4)-(4,3)", "(4,4)-(4,2)", "(4,4)-(4,5)", "(4,4)-(4,6)"});
}

TEST_CASE("Pikachu moves need every square in between empty", "[raichu][rules][pikachu]") {
  const State s = from_rows({"........",
                             "........",
                             "........",
                             ".W.W....",
                             "...w....",
                             "........",
                             "........",
                             "b......."}, White);
  // Own pieces: right at distance 2 blocks the second square; forward own Pichu blocks; left to edge.
  CHECK(moves_from(s, 3, 1) == Set{"(3,1)-(4,1)", "(3,1)-(5,1)", "(3,1)-(3,0)", "(3,1)-(3,2)"});
}

TEST_CASE("Pikachu jumps an adjacent enemy Pichu or Pikachu, landing 2 or 3 squares away",
          "[raichu][rules][pikachu]") {
  const State s = from_rows({"........",
                             "..W.....",
                             "..b.....",
                             "........",
                             "........",
                             "........",
                             "........",
                             "........"}, White);
  // Enemy at distance 1 forward: land at distance 2 or 3 (two empty squares behind it).
  CHECK(moves_from(s, 1, 2) == Set{"(1,2)x(2,2)-(3,2)", "(1,2)x(2,2)-(4,2)", "(1,2)-(1,1)", "(1,2)-(1,0)",
                                   "(1,2)-(1,3)", "(1,2)-(1,4)"});
  const State blocked = from_rows({"........",
                                   "..W.....",
                                   "..B.....",
                                   "........",
                                   "..w.....",
                                   "........",
                                   "........",
                                   "........"}, White);
  // A piece on the third square: only the 2-square landing.
  CHECK(moves_from(blocked, 1, 2).count("(1,2)x(2,2)-(3,2)") == 1);
  CHECK(moves_from(blocked, 1, 2).count("(1,2)x(2,2)-(4,2)") == 0);
}

TEST_CASE("Pikachu jumps an enemy two squares away, landing 3 squares away", "[raichu][rules][pikachu]") {
  const State s = from_rows({"........",
                             "........",
                             "........",
                             "B.b.....",
                             "........",
                             "........",
                             "........",
                             "w......."}, Black);
  // Black Pikachu (3,0): right: (3,1) empty, enemy? (3,2) is own b: blocked. Make it enemy:
  const State t = from_rows({"........",
                             "........",
                             "........",
                             "B.W.....",
                             "........",
                             "........",
                             "........",
                             "w......."}, Black);
  CHECK(moves_from(s, 3, 0) == Set{"(3,0)-(2,0)", "(3,0)-(1,0)", "(3,0)-(3,1)"});
  CHECK(moves_from(t, 3, 0) == Set{"(3,0)-(2,0)", "(3,0)-(1,0)", "(3,0)-(3,1)", "(3,0)x(3,2)-(3,3)"});
  const State far = from_rows({"........",
                               "........",
                               "........",
                               "B..W....",
                               "........",
                               "........",
                               "........",
                               "........"}, Black);
  // Enemy three squares away: out of reach (the landing would be 4 squares away).
  CHECK(moves_from(far, 3, 0) == Set{"(3,0)-(2,0)", "(3,0)-(1,0)", "(3,0)-(3,1)", "(3,0)-(3,2)"});
}

TEST_CASE("Pikachu never jumps a Raichu, an own piece, or two pieces", "[raichu][rules][pikachu]") {
  const State s = from_rows({"........",
                             "...W$...",
                             "...W....",
                             "...b....",
                             "........",
                             "........",
                             "........",
                             "........"}, White);
  // (1,3): right is a black Raichu (no jump), forward is an own Pikachu (no jump), left free.
  CHECK(moves_from(s, 1, 3) == Set{"(1,3)-(1,2)", "(1,3)-(1,1)"});
  const State two = from_rows({"........",
                               "Wbb.....",
                               "........",
                               "........",
                               "........",
                               "........",
                               "........",
                               "........"}, White);
  CHECK(moves_from(two, 1, 0) == Set{"(1,0)-(2,0)", "(1,0)-(3,0)"});
}

TEST_CASE("Raichu slides any distance in 8 directions through empty squares", "[raichu][rules][raichu-piece]") {
  const State s = from_rows({"........",
                             "........",
                             "........",
                             "........",
                             "........",
                             "........",
                             ".@......",
                             "@......b"}, White);
  // (7,0) is boxed by its own Raichu on the diagonal: up the column and along the row.
  Set expected;
  for (int r = 1; r <= 7; ++r) expected.insert("(7,0)-(" + std::to_string(7 - r) + ",0)");
  for (int c = 1; c <= 6; ++c) expected.insert("(7,0)-(7," + std::to_string(c) + ")");
  CHECK(moves_from(s, 7, 0) == expected);
  CHECK(moves_from(s, 6, 1).size() == 7 + 6 + 1 + 1 + 5 + 1 + 1);  // N S W E NW NE SW SE reach
}

TEST_CASE("Raichu jumps exactly one enemy piece of any kind and lands any distance beyond",
          "[raichu][rules][raichu-piece]") {
  const State s = from_rows({"$.......",
                             "........",
                             "..@.....",
                             "........",
                             "........",
                             "........",
                             "........",
                             "........"}, Black);
  // Black Raichu (0,0) along the diagonal: (1,1) empty, white Raichu on (2,2), then (3,3)..(7,7).
  const Set moves = moves_from(s, 0, 0);
  CHECK(moves.count("(0,0)-(1,1)") == 1);
  for (int k = 3; k <= 7; ++k) {
    CHECK(moves.count("(0,0)x(2,2)-(" + std::to_string(k) + "," + std::to_string(k) + ")") == 1);
  }
  CHECK(moves.size() == 7 + 7 + 1 + 5);
  const State after = play_text(s, "(0,0)x(2,2)-(7,7)");
  CHECK(after.piece_count(White) == 0);
  CHECK(after.board[square(7, 7)] == BlackRaichu);
}

TEST_CASE("Raichu never jumps an own piece or two pieces in a row", "[raichu][rules][raichu-piece]") {
  const State s = from_rows({"@w......",
                             "b.......",
                             "B.......",
                             "........",
                             "........",
                             "........",
                             "........",
                             "........"}, White);
  // Right: own Pichu. Down: b then B (two pieces). Diagonal: free to (7,7).
  Set expected;
  for (int k = 1; k <= 7; ++k) expected.insert("(0,0)-(" + std::to_string(k) + "," + std::to_string(k) + ")");
  CHECK(moves_from(s, 0, 0) == expected);
  const State gap = from_rows({"@.b.b...",
                               "........",
                               "........",
                               "........",
                               "........",
                               "........",
                               "........",
                               "........"}, White);
  // Jumps the first b and lands on (0,3) only: the second b blocks what lies beyond.
  CHECK(moves_from(gap, 0, 0).count("(0,0)x(0,2)-(0,3)") == 1);
  CHECK(moves_from(gap, 0, 0).count("(0,0)x(0,2)-(0,5)") == 0);
}

TEST_CASE("a move captures at most one piece and the turn passes (no multi-jumps)", "[raichu][rules]") {
  const State s = from_rows({"........",
                             "..w.....",
                             "...b....",
                             "........",
                             ".....b..",
                             "........",
                             "........",
                             "........"}, White);
  const State after = play_text(s, "(1,2)x(2,3)-(3,4)");
  CHECK(after.side == Black);
  CHECK(after.piece_count(Black) == 1);
  CHECK(after.board[square(4, 5)] == BlackPichu);
}

TEST_CASE("promotion by step, two-square move and jump, for both colours", "[raichu][rules][promotion]") {
  const State white_step = from_rows({"b.......",
                                      "........",
                                      "........",
                                      "........",
                                      "........",
                                      "........",
                                      "...w....",
                                      "........"}, White);
  CHECK(play_text(white_step, "(6,3)-(7,2)=@").board[square(7, 2)] == WhiteRaichu);
  const State white_two = from_rows({"b.......",
                                     "........",
                                     "........",
                                     "........",
                                     "........",
                                     "..W.....",
                                     "........",
                                     "........"}, White);
  CHECK(moves_from(white_two, 5, 2).count("(5,2)-(6,2)") == 1);  // row 6: no promotion
  CHECK(play_text(white_two, "(5,2)-(7,2)=@").board[square(7, 2)] == WhiteRaichu);
  const State white_jump = from_rows({"b.......",
                                      "........",
                                      "........",
                                      "........",
                                      "........",
                                      "....w...",
                                      ".....b..",
                                      "........"}, White);
  const State jumped = play_text(white_jump, "(5,4)x(6,5)-(7,6)=@");
  CHECK(jumped.board[square(7, 6)] == WhiteRaichu);
  CHECK(jumped.board[square(6, 5)] == Empty);
  const State black_pikachu_jump = from_rows({"........",
                                              "....W...",
                                              "....B...",
                                              "........",
                                              "........",
                                              "........",
                                              "........",
                                              "w......."}, Black);
  CHECK(play_text(black_pikachu_jump, "(2,4)x(1,4)-(0,4)=$").board[square(0, 4)] == BlackRaichu);
  const State black_step = from_rows({"........",
                                      ".b......",
                                      "........",
                                      "........",
                                      "........",
                                      "........",
                                      "........",
                                      "......w."}, Black);
  CHECK(moves_from(black_step, 1, 1) == Set{"(1,1)-(0,0)=$", "(1,1)-(0,2)=$"});
  const State black_two = from_rows({"........",
                                     "........",
                                     "...B....",
                                     "........",
                                     "........",
                                     "........",
                                     "........",
                                     "......w."}, Black);
  CHECK(play_text(black_two, "(2,3)-(0,3)=$").board[square(0, 3)] == BlackRaichu);
}

TEST_CASE("a Pikachu moving sideways along the last row promotes there", "[raichu][rules][promotion]") {
  // Unreachable in a real game (it would have promoted on arrival) but the rule 'ends any move on the
  // last row' still decides it; such boards are accepted.
  const State s = from_rows({"b.......",
                             "........",
                             "........",
                             "........",
                             "........",
                             "........",
                             "........",
                             "...W...."}, White);
  CHECK(moves_from(s, 7, 3) == Set{"(7,3)-(7,2)=@", "(7,3)-(7,1)=@", "(7,3)-(7,4)=@", "(7,3)-(7,5)=@"});
}

TEST_CASE("a side with no pieces has lost", "[raichu][rules][end]") {
  const State no_black = from_rows({"........", "...@....", "........", "........",
                                    "........", "........", "........", "........"}, Black);
  CHECK(result(no_black).outcome == Outcome::WhiteWins);
  CHECK(result(no_black).reason == EndReason::NoPieces);
  CHECK(ends_before_moves(no_black));
  // The side not to move has none: it lost when its last piece was taken.
  const State no_black_white_to_move = from_rows({"........", "...@....", "........", "........",
                                                  "........", "........", "........", "........"}, White);
  CHECK(result(no_black_white_to_move).outcome == Outcome::WhiteWins);
  // Neither side has a piece: the side to move is the one that has lost.
  const State empty = from_rows({"........", "........", "........", "........",
                                 "........", "........", "........", "........"}, White);
  CHECK(result(empty).outcome == Outcome::BlackWins);
}

TEST_CASE("a side to move with pieces but no legal move has lost", "[raichu][rules][end]") {
  // Black's only Pichu is on row 0... blocked: a black Pichu at (1,1) with both forward diagonals held.
  const State s = from_rows({"W.W.....", ".b......", "........", "........",
                             "........", "........", "........", "........"}, Black);
  CHECK(moves_of(s).empty());
  CHECK(result(s).outcome == Outcome::WhiteWins);
  CHECK(result(s).reason == EndReason::NoLegalMove);
  CHECK_FALSE(ends_before_moves(s));
}

TEST_CASE("the ply limit draws, after the no-pieces rule and before the no-move rule", "[raichu][rules][end]") {
  State s = from_rows({"........", "........", "........", "........",
                       "........", "........", "...@....", ".......b"}, White);
  s.ply_limit = 2;
  s = play_text(s, "(6,3)-(5,3)");
  CHECK_FALSE(result(s).over());
  s = play_text(s, "(7,7)-(6,6)");
  CHECK(s.ply == 2);
  CHECK(result(s).outcome == Outcome::Draw);
  CHECK(result(s).reason == EndReason::PlyLimit);
  // A capture of the last piece on the last allowed ply still wins.
  State c = from_rows({"........", "........", "........", "b.......",
                       "........", "........", "........", "@......."}, White);
  c.ply_limit = 1;
  c = play_text(c, "(7,0)x(3,0)-(0,0)");
  CHECK(result(c).outcome == Outcome::WhiteWins);
  // No legal move on the last ply: the game has stopped, a draw.
  State blocked = from_rows({"W.W.....", ".b......", "........", "........",
                             "........", "........", "........", "........"}, Black);
  blocked.ply = blocked.ply_limit = 10;
  CHECK(result(blocked).outcome == Outcome::Draw);
  CHECK(start_position(8).ply_limit == 400);
}

TEST_CASE("the hash holds the side to move, and a board read back hashes as the board played", "[raichu][rules][hash]") {
  State s = start_position(8);
  for (const char* move : {"(1,0)-(3,0)", "(5,0)-(4,1)", "(3,0)-(3,1)", "(4,1)-(3,2)"}) {
    s = play_text(s, move);
    CHECK(s.hash == compute_hash(s));
  }
  const State reparsed = parse_board(8, s.side, board_string(s));
  CHECK(reparsed.hash == s.hash);
  State other_side = reparsed;
  other_side.side = opponent(reparsed.side);
  CHECK(compute_hash(other_side) != reparsed.hash);
}
