// One named test per rule of docs/rules/jumpchess.md, each on a small hand-made position.
#include <algorithm>
#include <catch2/catch.hpp>

#include "helpers.hpp"
#include "jumpchess/game.hpp"
#include "search/perft.hpp"

using namespace jumpchess_test;

namespace {

std::uint64_t perft(const State& s, int depth) { return gamelab::search::perft<Game>(s, depth); }

}  // namespace

TEST_CASE("start position matches docs/rules/jumpchess.md: 9 pieces a side, White turned by 180 degrees, Black first",
          "[jumpchess][rules]") {
  const State s = start_position();
  CHECK(board_rows(s) ==
        "1 0 0 0 0 0 0 0\n"
        "0 1 0 0 0 0 0 2\n"
        "1 0 1 0 0 0 2 0\n"
        "0 1 0 0 0 2 0 2\n"
        "1 0 1 0 0 0 2 0\n"
        "0 1 0 0 0 2 0 2\n"
        "1 0 0 0 0 0 2 0\n"
        "0 0 0 0 0 0 0 2\n");
  CHECK(s.piece_count(Black) == 9);
  CHECK(s.piece_count(White) == 9);
  CHECK(s.side == Black);
  CHECK(s.moves_made[Black] == 0);
  CHECK(s.moves_made[White] == 0);
  for (int sq = 0; sq < kSquares; ++sq) {
    CHECK(s.value_at(sq) == (s.value_at(kSquares - 1 - sq) == 0 ? 0 : 3 - s.value_at(kSquares - 1 - sq)));
  }
}

TEST_CASE("from the start position there are 31 moves", "[jumpchess][rules]") {
  CHECK(moves_of(start_position()).size() == 31);
  CHECK(perft(start_position(), 1) == 31);
}

TEST_CASE("target regions: Black columns 6-7, White columns 0-1, and each start area lies in the other's target",
          "[jumpchess][rules][target]") {
  for (int sq = 0; sq < kSquares; ++sq) {
    CHECK(((kBlackTarget & bit(sq)) != 0) == (col_of(sq) >= 6));
    CHECK(((kWhiteTarget & bit(sq)) != 0) == (col_of(sq) <= 1));
  }
  const State s = start_position();
  CHECK((s.pieces[Black] & ~kWhiteTarget) == bit(square(2, 2)) + bit(square(4, 2)));  // columns 0-2
  CHECK((s.pieces[White] & ~kBlackTarget) == bit(square(3, 5)) + bit(square(5, 5)));  // columns 5-7
  CHECK(score(s, Black) == 0);
  CHECK(score(s, White) == 0);
}

TEST_CASE("a step moves one piece to an orthogonally adjacent empty square, never diagonally",
          "[jumpchess][rules][step]") {
  const State s = from_rows({"b.......",
                             "........",
                             "........",
                             "...bw...",
                             "...b....",
                             "...w....",
                             "........",
                             ".......w"}, Black);
  // (3,3): up and left are free; down is its own piece (the hop over it is blocked by the white piece
  // on (5,3)), right an enemy (which it hops instead).
  CHECK(paths_from(s, 3, 3) == Set{"[(3,3), (2,3)]", "[(3,3), (3,2)]", "[(3,3), (3,5)]"});
  // A corner piece has two neighbours.
  CHECK(paths_from(s, 0, 0) == Set{"[(0,0), (1,0)]", "[(0,0), (0,1)]"});
  const State after = play_text(s, "[(0,0), (0,1)]");
  CHECK(after.value_at(square(0, 0)) == 0);
  CHECK(after.value_at(square(0, 1)) == 1);
  CHECK(after.side == White);
  CHECK(after.moves_made[Black] == 1);
}

TEST_CASE("a hop over an own piece lands directly beyond it and leaves it on the board",
          "[jumpchess][rules][hop]") {
  const State s = from_rows({"........",
                             ".bb.....",
                             ".b......",
                             "........",
                             "........",
                             "........",
                             "........",
                             ".......w"}, Black);
  CHECK(paths_from(s, 1, 1) == Set{"[(1,1), (0,1)]", "[(1,1), (1,0)]", "[(1,1), (1,3)]", "[(1,1), (3,1)]"});
  const State after = play_text(s, "[(1,1), (1,3)]");
  CHECK(after.piece_count(Black) == 3);
  CHECK(after.value_at(square(1, 2)) == 1);
  CHECK(after.value_at(square(1, 3)) == 1);
  CHECK(after.value_at(square(1, 1)) == 0);
}

TEST_CASE("a hop needs an empty landing square on the board", "[jumpchess][rules][hop]") {
  const State s = from_rows({"bw......",
                             "b.......",
                             "w.......",
                             "........",
                             "........",
                             "........",
                             "........",
                             "......ww"}, Black);
  // (0,0): right over w onto (0,2) is fine; down over its own piece onto (2,0) is blocked by a white
  // piece; nothing beyond the edge.
  CHECK(paths_from(s, 0, 0) == Set{"[(0,0), (0,2)]"});
}

TEST_CASE("a hop over an enemy piece captures it", "[jumpchess][rules][hop][capture]") {
  const State s = from_rows({"........",
                             "........",
                             "........",
                             "...bw...",
                             "........",
                             "........",
                             "........",
                             "w......."}, Black);
  const State after = play_text(s, "[(3,3), (3,5)]");
  CHECK(after.value_at(square(3, 4)) == 0);
  CHECK(after.piece_count(White) == 1);
  CHECK(after.piece_count(Black) == 1);
  CHECK(after.hash == compute_hash(after));
}

TEST_CASE("a chain of hops may capture several pieces and may stop after any hop",
          "[jumpchess][rules][chain][capture]") {
  const State s = from_rows({"bw.w.w..",
                             "........",
                             "........",
                             "........",
                             "........",
                             "........",
                             "........",
                             "..w....."}, Black);
  CHECK(paths_from(s, 0, 0) == Set{"[(0,0), (1,0)]", "[(0,0), (0,2)]", "[(0,0), (0,2), (0,4)]",
                                   "[(0,0), (0,2), (0,4), (0,6)]"});
  const State after = play_text(s, "[(0,0), (0,2), (0,4), (0,6)]");
  CHECK(after.piece_count(White) == 1);
  CHECK(after.pieces[White] == bit(square(7, 2)));
  CHECK(after.pieces[Black] == bit(square(0, 6)));
}

TEST_CASE("a chain may hop over own and enemy pieces alike, turning corners", "[jumpchess][rules][chain]") {
  const State s = from_rows({"bb......",
                             "..w.....",
                             "...b....",
                             "........",
                             "........",
                             "........",
                             "........",
                             ".......w"}, Black);
  // (0,0) over own (0,1) to (0,2), down over w (1,2) to (2,2), right over own (2,3) to (2,4).
  CHECK(paths_from(s, 0, 0).count("[(0,0), (0,2), (2,2), (2,4)]") == 1);
  const State after = play_text(s, "[(0,0), (0,2), (2,2), (2,4)]");
  CHECK(after.pieces[Black] == (bit(square(0, 1)) | bit(square(2, 3)) | bit(square(2, 4))));
  CHECK(after.pieces[White] == bit(square(7, 7)));
}

TEST_CASE("a captured piece is removed at once, and a chain can never use its square again",
          "[jumpchess][rules][chain][capture]") {
  // Going back over the captured piece would need the square the chain came from: the replayer says
  // the piece is gone (that is what "removed at once" changes), and no generated chain does it.
  const State s = from_rows({"bw......",
                             "........",
                             "........",
                             "........",
                             "........",
                             "........",
                             "........",
                             ".......w"}, Black);
  const Replay back = replay_path(s, parse_path("[(0,0), (0,2), (0,0)]"));
  REQUIRE_FALSE(back.ok);
  CHECK(back.bad_square == 2);
  CHECK_THAT(back.reason, Catch::Contains("no piece on (0,1) to hop over") &&
                              Catch::Contains("captured by hop 1 of this chain"));
  CHECK(paths_from(s, 0, 0) == Set{"[(0,0), (1,0)]", "[(0,0), (0,2)]"});
}

TEST_CASE("no square is visited twice in a chain, the start square included: loops are cut",
          "[jumpchess][rules][chain][loop]") {
  // Own pieces on the four sides of a ring: (2,2) -> (2,4) -> (4,4) -> (4,2) -> back to (2,2) is cut.
  const State s = from_rows({"........",
                             "........",
                             "..bb....",
                             "..b.b...",
                             "...b....",
                             "........",
                             "........",
                             ".......w"}, Black);
  const Set paths = paths_from(s, 2, 2);
  for (const auto& path : paths) {
    const Path p = parse_path(path);
    CHECK(std::count(p.begin(), p.end(), Coord{2, 2}) == 1);
  }
  // Two steps and three landings, each reached both ways round the ring but listed once (own pieces
  // only: the same board either way).
  CHECK(paths.size() == 5);
  CHECK(paths == Set{"[(2,2), (1,2)]", "[(2,2), (2,1)]", "[(2,2), (4,2)]", "[(2,2), (4,2), (4,4)]",
                     "[(2,2), (4,2), (4,4), (2,4)]"});
}

TEST_CASE("moves are identified by their resulting board: different captures are different moves",
          "[jumpchess][rules][identity]") {
  // The ring of the loop test with a white piece on (2,3): each landing is reached once capturing it and
  // once not, so each is two moves.
  const State s = from_rows({"........",
                             "........",
                             "..bw....",
                             "..b.b...",
                             "...b....",
                             "........",
                             "........",
                             ".......w"}, Black);
  const Set paths = paths_from(s, 2, 2);
  CHECK(paths.size() == 2 + 6);
  Set boards;
  for (const auto& path : paths) boards.insert(board_digits(play_text(s, path)));
  CHECK(boards.size() == paths.size());
  CHECK(paths.count("[(2,2), (2,4)]") == 1);                        // captures (2,3)
  CHECK(paths.count("[(2,2), (4,2), (4,4), (2,4)]") == 1);          // keeps it
  // Every generated board is distinct over the whole position too.
  const auto moves = moves_of(s);
  CHECK(results_of(s).size() == moves.size());
}

TEST_CASE("a step and hops are never combined", "[jumpchess][rules][step][chain]") {
  const State s = from_rows({"........",
                             ".bb.....",
                             "........",
                             "........",
                             "........",
                             "........",
                             "........",
                             ".......w"}, Black);
  for (const Move& m : moves_of(s)) {
    const Path p = path_of(m);
    if (m.kind == Move::Step) CHECK(p.size() == 2);
    for (std::size_t k = 1; k < p.size() && m.kind == Move::Hops; ++k) {
      CHECK(std::abs(p[k].row - p[k - 1].row) + std::abs(p[k].col - p[k - 1].col) == 2);
    }
  }
  CHECK_FALSE(replay_path(s, parse_path("[(1,1), (1,3), (1,4)]")).ok);  // hop then step
  CHECK_FALSE(replay_path(s, parse_path("[(1,2), (1,3), (1,5)]")).ok);  // step then hop
}

TEST_CASE("the longest chain the no-revisit rule allows is 15 hops, so the 99-hop limit never binds on 8 x 8",
          "[jumpchess][rules][chain][limit]") {
  // A snake through all 16 squares of (0,0)'s colour class, over 8 own and 7 enemy pieces.
  const State s = from_rows({"bb.w.b..",
                             "......w.",
                             ".b.w.b..",
                             "w.......",
                             ".b.w.b..",
                             "......w.",
                             ".b.w.b..",
                             "........"}, Black);
  const Set paths = paths_from(s, 0, 0);
  CHECK(paths.size() == 1 + 15);  // the step down and the 15 prefixes of the snake
  const std::string snake =
      "[(0,0), (0,2), (0,4), (0,6), (2,6), (2,4), (2,2), (2,0), (4,0), (4,2), (4,4), (4,6), (6,6), (6,4), (6,2), (6,0)]";
  CHECK(paths.count(snake) == 1);
  int longest = 0;
  for (const Move& m : moves_of(s)) longest = std::max<int>(longest, m.hops);
  CHECK(longest == kMaxChainHops);
  CHECK(kMaxChainHops == 15);
  CHECK(kMaxChainHops < kMaxHops);
  const State after = play_text(s, snake);
  CHECK(after.piece_count(White) == 0);
  CHECK(after.piece_count(Black) == 9);
}

TEST_CASE("a side with no piece passes, and the pass counts as one of its moves", "[jumpchess][rules][pass]") {
  const State s = from_rows({"........",
                             "........",
                             "........",
                             "...w....",
                             "........",
                             "........",
                             "........",
                             "........"}, Black);
  const auto moves = moves_of(s);
  REQUIRE(moves.size() == 1);
  CHECK(moves[0].is_pass());
  CHECK(move_text(moves[0]) == "pass");
  CHECK_FALSE(ends_before_moves(s));  // a side without pieces does not end the game
  const State after = play(s, moves[0]);
  CHECK(after.pieces == s.pieces);
  CHECK(after.side == White);
  CHECK(after.moves_made[Black] == 1);
  CHECK(after.moves_made[White] == 0);
  CHECK(after.hash == compute_hash(after));
  CHECK(moves_of(after).size() == 4);  // White plays on
  CHECK(perft(s, 1) == 1);
  CHECK(perft(s, 2) == 4);
}

TEST_CASE("a side with pieces but no legal move passes", "[jumpchess][rules][pass]") {
  const State s = from_rows({".....bbw",
                             ".......b",
                             ".......b",
                             "........",
                             "........",
                             "........",
                             "........",
                             "........"}, White);
  const auto moves = moves_of(s);
  REQUIRE(moves.size() == 1);
  CHECK(moves[0].is_pass());
  const State after = play(s, moves[0]);
  CHECK(after.moves_made[White] == 1);
  CHECK(after.side == Black);
  CHECK(after.pieces == s.pieces);
  CHECK_FALSE(moves_of(after)[0].is_pass());
  // The empty path replays as that pass; where moves exist, it does not.
  CHECK(replay_path(s, {}).ok);
  const Replay refused = replay_path(after, {});
  CHECK_FALSE(refused.ok);
  CHECK_THAT(refused.reason, Catch::Contains("legal only for a side with no piece or no legal move"));
}

TEST_CASE("the game ends when a side that has pieces has every one of them in its target region",
          "[jumpchess][rules][end]") {
  const State s = from_rows({".......b",
                             "........",
                             "........",
                             ".....b..",
                             "........",
                             "...w....",
                             "........",
                             "w......."}, Black);
  CHECK_FALSE(ends_before_moves(s));
  const State after = play_text(s, "[(3,5), (3,6)]");
  CHECK(ends_before_moves(after));
  const Result r = result(after);
  CHECK(r.outcome == Outcome::BlackWins);
  CHECK(r.reason == EndReason::BlackInTarget);
  CHECK(r.black_score == 2);
  CHECK(r.white_score == 1);
  CHECK(perft(after, 1) == 0);
  CHECK_THAT(replay_path(after, parse_path("[(5,3), (5,2)]")).reason, Catch::Contains("the game is over"));
}

TEST_CASE("the target rule holds for either side, also when the opponent's capture completes it",
          "[jumpchess][rules][end]") {
  // White captures Black's only piece outside Black's target: every remaining black piece is home.
  const State s = from_rows({".......b",
                             "........",
                             "........",
                             "........",
                             "....bw..",
                             "........",
                             "........",
                             "........"}, White, 1, 0);
  const State after = play_text(s, "[(4,5), (4,3)]");
  const Result r = result(after);
  CHECK(r.over());
  CHECK(r.reason == EndReason::BlackInTarget);
  CHECK(r.outcome == Outcome::BlackWins);  // 1 to 0: White's piece is not in White's target
}

TEST_CASE("a side that has lost all its pieces does not end the game: the other side plays on",
          "[jumpchess][rules][end][pass]") {
  const State s = from_rows({"........",
                             "........",
                             "...bw...",
                             "........",
                             "........",
                             "........",
                             "........",
                             "........"}, Black);
  const State after = play_text(s, "[(2,3), (2,5)]");
  CHECK(after.piece_count(White) == 0);
  CHECK_FALSE(result(after).over());
  const State passed = play(after, moves_of(after)[0]);  // White passes
  CHECK(passed.moves_made[White] == 1);
  const State home = play_text(passed, "[(2,5), (2,6)]");  // Black's last piece reaches its target
  CHECK(result(home).outcome == Outcome::BlackWins);
  CHECK(result(home).black_score == 1);
}

TEST_CASE("the game ends when each side has made 200 moves, passes included", "[jumpchess][rules][end][limit]") {
  State s = from_rows({"........",
                       "...b....",
                       "........",
                       "........",
                       "........",
                       "....w...",
                       "........",
                       "........"}, Black, 199, 199);
  CHECK_FALSE(ends_before_moves(s));
  s = play_text(s, "[(1,3), (1,4)]");
  CHECK(s.moves_made[Black] == 200);
  CHECK_FALSE(ends_before_moves(s));  // White still makes its 200th move
  CHECK(perft(s, 1) == 4);
  CHECK(perft(s, 2) == 0);            // then the game is over
  s = play_text(s, "[(5,4), (5,3)]");
  CHECK(ends_before_moves(s));
  const Result r = result(s);
  CHECK(r.reason == EndReason::MoveLimit);
  CHECK(r.outcome == Outcome::Draw);  // 0 to 0
  // A pass on the last move counts the same.
  const State blocked = from_rows({".....bbw",
                                   ".......b",
                                   ".......b",
                                   "........",
                                   "........",
                                   "........",
                                   "........",
                                   "........"}, White, 200, 199);
  const State after_pass = play(blocked, moves_of(blocked)[0]);
  CHECK(result(after_pass).reason == EndReason::MoveLimit);
  CHECK(result(after_pass).outcome == Outcome::BlackWins);  // (0,6), (1,7), (2,7) are in Black's target
}

TEST_CASE("score is the number of own pieces in the own target, the higher score wins, equal draws",
          "[jumpchess][rules][score]") {
  const State s = from_rows({"w.....bb",
                             "w.......",
                             "b.......",
                             "........",
                             "......w.",
                             "........",
                             "........",
                             "........"}, Black, 200, 200);
  // Black: (0,6), (0,7) count, (2,0) does not. White: (0,0), (1,0) count, (4,6) does not.
  CHECK(score(s, Black) == 2);
  CHECK(score(s, White) == 2);
  CHECK(result(s).outcome == Outcome::Draw);
  const State white_ahead = from_rows({"w.....b.",
                                       "w.......",
                                       "b.......",
                                       "........",
                                       "......w.",
                                       "........",
                                       "........",
                                       "........"}, Black, 200, 200);
  CHECK(result(white_ahead).outcome == Outcome::WhiteWins);
  CHECK(result(white_ahead).black_score == 1);
  CHECK(result(white_ahead).white_score == 2);
  // While the game goes on the scores are reported too.
  const Result ongoing = result(from_rows({"w.....b.", "........", "b.......", "........",
                                           "........", "........", "........", "......w."}, Black));
  CHECK_FALSE(ongoing.over());
  CHECK(ongoing.black_score == 1);
  CHECK(ongoing.white_score == 1);
}

TEST_CASE("a position that is already over has no moves: perft 0, nothing replays", "[jumpchess][rules][end]") {
  const State home = from_rows({"......bb",
                                "........",
                                "........",
                                "........",
                                "...w....",
                                "........",
                                "........",
                                "........"}, White, 5, 5);
  CHECK(ends_before_moves(home));
  CHECK(perft(home, 1) == 0);
  CHECK(perft(home, 0) == 1);
  CHECK_FALSE(replay_path(home, parse_path("[(4,3), (4,2)]")).ok);
  CHECK_FALSE(replay_path(home, {}).ok);
}

TEST_CASE("the incremental hash equals the hash from scratch and depends on the side to move",
          "[jumpchess][rules][hash]") {
  // A capturing move when there is one, else the last move listed (chains come after steps).
  State s = start_position();
  int captures = 0;
  for (int ply = 0; ply < 40; ++ply) {
    const auto moves = moves_of(s);
    Move m = moves.back();
    for (const Move& candidate : moves) {
      if (candidate.captured) m = candidate;
    }
    captures += std::popcount(m.captured);
    s = play(s, m);
    CHECK(s.hash == compute_hash(s));
  }
  CHECK(captures > 0);
  State other = s;
  other.side = opponent(s.side);
  CHECK(compute_hash(other) != s.hash);
  CHECK(compute_hash(other) == (s.hash ^ side_to_move_key()));
}
