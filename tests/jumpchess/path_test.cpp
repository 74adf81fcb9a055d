// The path replayer: every way a path can be illegal is named with its square and reason, and every
// path the generator emits replays, on every move of 1,000 seeded random games.
#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "helpers.hpp"
#include "reference_movegen.hpp"

using namespace jumpchess_test;

namespace {

Replay replay_text(const State& s, const std::string& path) { return replay_path(s, parse_path(path)); }

// A position with room for every kind of mistake.
//   row 1: black (1,1), (1,2); white (1,3)        row 3: white (3,1)        row 4: black (4,1)
const State kMixed = from_rows({"........",
                                ".bbw....",
                                "........",
                                ".w......",
                                ".b......",
                                "........",
                                "........",
                                ".......w"}, Black);

std::vector<std::pair<int, int>> pairs(const Path& path) {
  std::vector<std::pair<int, int>> out;
  for (const Coord& c : path) out.push_back({c.row, c.col});
  return out;
}

}  // namespace

TEST_CASE("a legal step and a legal chain replay to the position the generator gives", "[jumpchess][path]") {
  const Replay step = replay_text(kMixed, "[(1,1), (0,1)]");
  REQUIRE(step.ok);
  CHECK(step.move.kind == Move::Step);
  CHECK(step.state.value_at(square(0, 1)) == 1);
  const Replay chain = replay_text(kMixed, "[(4,1), (2,1), (0,1)]");  // over White's (3,1), then own (1,1)
  REQUIRE(chain.ok);
  CHECK(chain.move.hops == 2);
  CHECK(chain.move.captured == bit(square(3, 1)));
  CHECK(chain.state.value_at(square(1, 1)) == 1);  // an own piece hopped over stays
  const Replay capture = replay_text(kMixed, "[(1,2), (1,4)]");
  REQUIRE(capture.ok);
  CHECK(capture.move.captured == bit(square(1, 3)));
  CHECK(capture.state.piece_count(White) == 2);
  CHECK(capture.state.moves_made[Black] == 1);
  CHECK(find_move(kMixed, parse_path("[(1,2), (1,4)]"), "test").to == square(1, 4));
}

TEST_CASE("a square off the board is named by its index", "[jumpchess][path]") {
  const Replay r = replay_text(kMixed, "[(1,1), (1,-1)]");
  CHECK_FALSE(r.ok);
  CHECK(r.bad_square == 1);
  CHECK(r.reason == "square 1 (1,-1) is off the 8 x 8 board");
  CHECK(replay_text(kMixed, "[(8,0), (7,0)]").bad_square == 0);
}

TEST_CASE("the origin must hold a piece of the side to move", "[jumpchess][path]") {
  CHECK(replay_text(kMixed, "[(0,0), (0,1)]").reason == "origin (0,0) is empty; Black is to move");
  CHECK(replay_text(kMixed, "[(1,3), (0,3)]").reason == "origin (1,3) holds a white piece; Black is to move");
  CHECK(replay_text(kMixed, "[(1,3), (0,3)]").bad_square == 0);
  CHECK_THAT(replay_text(kMixed, "[(1,1)]").reason, Catch::Contains("a path of one square moves nothing"));
}

TEST_CASE("a step must go to an empty adjacent square and end the move", "[jumpchess][path]") {
  const Replay onto = replay_text(kMixed, "[(1,1), (1,2)]");
  CHECK(onto.bad_square == 1);
  CHECK(onto.reason == "step from (1,1) to (1,2): (1,2) holds a black piece");
  const Replay more = replay_text(kMixed, "[(1,1), (0,1), (0,3)]");
  CHECK(more.bad_square == 2);
  CHECK_THAT(more.reason, Catch::Contains("a step and hops are never combined"));
}

TEST_CASE("a hop must go two squares in a line over a piece onto an empty square", "[jumpchess][path]") {
  const Replay diagonal = replay_text(kMixed, "[(1,1), (3,3)]");
  CHECK(diagonal.bad_square == 1);
  CHECK(diagonal.reason == "hop 1 from (1,1) to (3,3): a hop goes exactly two squares up, down, left or right");
  CHECK(replay_text(kMixed, "[(1,1), (1,4)]").bad_square == 1);  // three squares
  const Replay nothing = replay_text(kMixed, "[(1,1), (3,1)]");
  CHECK(nothing.reason == "hop 1 from (1,1) to (3,1): no piece on (2,1) to hop over");
  const Replay occupied = replay_text(kMixed, "[(4,1), (2,1)]");  // over the white (3,1): fine
  REQUIRE(occupied.ok);
  const Replay blocked = replay_text(kMixed, "[(1,1), (1,3)]");
  CHECK(blocked.reason == "hop 1 from (1,1) to (1,3): (1,3) holds a white piece");
  const Replay step_after_hop = replay_text(kMixed, "[(1,2), (1,4), (1,5)]");
  CHECK(step_after_hop.bad_square == 2);
  CHECK(step_after_hop.reason == "hop 2 from (1,4) to (1,5) is a step, and a step and hops are never combined");
}

TEST_CASE("a chain may not visit a square twice: the start square and later squares are named",
          "[jumpchess][path]") {
  // Black (2,2) inside a ring of own pieces.
  const State ring = from_rows({"........",
                                "........",
                                "..bb....",
                                "..b.b...",
                                "...b....",
                                "........",
                                "........",
                                ".......w"}, Black);
  const Replay start = replay_text(ring, "[(2,2), (2,4), (4,4), (4,2), (2,2)]");
  CHECK_FALSE(start.ok);
  CHECK(start.bad_square == 4);
  CHECK(start.reason == "hop 4 from (4,2) to (2,2): (2,2) was already visited by this chain (it is the start "
                        "square); no square is visited twice");
  const Replay later = replay_text(ring, "[(2,2), (2,4), (4,4), (2,4)]");
  CHECK(later.bad_square == 3);
  CHECK_THAT(later.reason, Catch::Contains("(2,4) was already visited by this chain (after hop 1)"));
  // A path of 101 squares fails where it first goes wrong (hop 2 here), not at the hop limit.
  std::string long_path = "[(2,2)";
  for (int k = 0; k < 100; ++k) long_path += k % 2 == 0 ? ", (2,4)" : ", (2,2)";
  const Replay too_long = replay_text(ring, long_path + "]");
  CHECK(too_long.bad_square == 2);
}

TEST_CASE("nothing replays once the game is over, and the empty path is a pass only when forced",
          "[jumpchess][path]") {
  const State over = from_rows({"......bb", "........", "........", "........",
                                "........", "........", "........", "...w...."}, White, 3, 3);
  CHECK_THAT(replay_text(over, "[(7,3), (7,2)]").reason, Catch::StartsWith("the game is over"));
  CHECK(replay_text(over, "[(7,3), (7,2)]").bad_square == -1);
  CHECK_THAT(replay_path(start_position(), {}).reason, Catch::Contains("Black has 31 legal moves"));
  const State no_black = from_rows({"........", "........", "........", "...w....",
                                    "........", "........", "........", "........"}, Black);
  const Replay pass = replay_path(no_black, {});
  REQUIRE(pass.ok);
  CHECK(pass.move.is_pass());
  CHECK(pass.state.moves_made[Black] == 1);
}

TEST_CASE("play_path reports an illegal path as an input error naming it", "[jumpchess][path]") {
  CHECK_THROWS_AS(play_path(kMixed, parse_path("[(1,1), (3,3)]"), "--path"), gamelab::InputError);
  CHECK_THROWS_WITH(play_path(kMixed, parse_path("[(1,1), (3,3)]"), "--path"),
                    Catch::StartsWith("--path: hop 1 from (1,1) to (3,3)"));
}

TEST_CASE("paths print and parse in the tournament's form", "[jumpchess][path]") {
  const Path p = {{1, 0}, {1, 2}, {3, 2}};
  CHECK(path_text(p) == "[(1,0), (1,2), (3,2)]");
  CHECK(parse_path("[(1,0), (1,2), (3,2)]") == p);
  CHECK(parse_path("  [ ( 1 , 0 ),(1,2),  (3,2) ] ") == p);
  CHECK(parse_path("[[1,0], [1,2], [3,2]]") == p);  // the list-of-lists form GetStep returns
  CHECK(parse_path("[]").empty());
  CHECK(path_text({}) == "[]");
  CHECK_THROWS_WITH(parse_path("(1,0), (1,2)", "--path"), Catch::StartsWith("--path: expected '[' at column 1"));
  CHECK_THROWS_WITH(parse_path("[(1,0) (1,2)]"), Catch::Contains("expected ']' at column 8"));
  CHECK_THROWS_WITH(parse_path("[(1,x)]"), Catch::Contains("expected a number at column 5"));
  CHECK_THROWS_WITH(parse_path("[(1,0)] extra"), Catch::Contains("unexpected text after the path"));
  CHECK_THROWS_WITH(parse_path("[(1,0]"), Catch::Contains("expected ')'"));
}

TEST_CASE("every path the generator emits replays, on every move of 1,000 seeded random games",
          "[jumpchess][path][random-play]") {
  gamelab::Rng rng(3);
  std::uint64_t replayed = 0, chains = 0;
  for (int game = 0; game < 1000; ++game) {
    State s = start_position();
    while (!ends_before_moves(s)) {
      MoveList moves;
      generate_moves(s, moves);
      const std::string board = board_digits(s);
      const char side = s.side == Black ? '1' : '2';
      for (const Move& m : moves) {
        const Path path = path_of(m);
        const Replay r = replay_path(s, path);
        if (!r.ok || !same_result(r.move, m) || !(r.state == play(s, m)) || r.state.hash != play(s, m).hash) {
          FAIL_CHECK("position\n" << position_text(s) << "path " << path_text(path) << ": " << r.reason);
          return;
        }
        // The reference referee, written from the rule text, accepts the same path (one game in ten:
        // it is slow).
        if (game % 10 == 0 && !m.is_pass() &&
            reference_jumpchess::replay(board, side, pairs(path)) != board_digits(r.state)) {
          FAIL_CHECK("reference rejects " << path_text(path) << " in\n" << position_text(s));
          return;
        }
        ++replayed;
        chains += m.kind == Move::Hops;
      }
      s = play(s, moves[rng.below(moves.size())]);
    }
  }
  CHECK(replayed > 1000000);
  CHECK(chains > 100000);
}
