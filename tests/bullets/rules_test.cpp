// One named test per rule of docs/rules/bullets.md (and the merging of actions, docs/rules/common.md §2), each on a small drawn board.
#include <algorithm>
#include <catch2/catch.hpp>

#include "bullets/generator.hpp"
#include "helpers.hpp"

using namespace bullets_test;

namespace {

std::vector<int> list_of(const State& s, Side side) {
  ActionList actions;
  generate_actions(s, side, actions);
  return {actions.begin(), actions.end()};
}

bool bullet_here(const State& s, int row, int col, Dir dir) {
  const auto all = bullets_now(s);
  return std::find(all.begin(), all.end(), BulletPlace{sq(s, row, col), dir}) != all.end();
}


}  // namespace

TEST_CASE("Red starts on (1,1) and Blue on (n-2,m-2) at round 0 with no bullet", "[bullets][rules]") {
  const Board* board = generate_board(15, 20, 60, 3);
  const State s = start_state(board, 300);
  CHECK(s.player[Red] == board->cell(1, 1));
  CHECK(s.player[Blue] == board->cell(13, 18));
  CHECK(s.round == 0);
  CHECK(s.limit == 300);
  CHECK(s.bullet_count() == 0);
  CHECK_FALSE(result(s).over());
}

TEST_CASE("a move changes the square by one: 0 up (row-1), 1 down, 2 left, 3 right", "[bullets][rules]") {
  const State s = drawn({"#######",
                         "#.....#",
                         "#..R..#",
                         "#.....#",
                         "#....B#",
                         "#######"});
  CHECK(play(s, kStay, kUp).player[Red] == sq(s, 1, 3));
  CHECK(play(s, kStay, kDown).player[Red] == sq(s, 3, 3));
  CHECK(play(s, kStay, kLeft).player[Red] == sq(s, 2, 2));
  CHECK(play(s, kStay, kRight).player[Red] == sq(s, 2, 4));
  CHECK(play(s, kStay, kStay).player[Red] == sq(s, 2, 3));
  CHECK(play(s, kUp, kStay).player[Blue] == sq(s, 3, 5));
  CHECK(play(s, kLeft, kStay).player[Blue] == sq(s, 4, 4));
}

TEST_CASE("a move into a wall is undone and is the same action as nothing", "[bullets][rules]") {
  const State s = drawn(kRoom);
  CHECK(play(s, kStay, kUp) == play(s, kStay, kStay));
  CHECK(play(s, kStay, kLeft) == play(s, kStay, kStay));
  CHECK(play(s, kDown, kStay) == play(s, kStay, kStay));
  CHECK(play(s, kRight, kRight).player[Blue] == sq(s, 5, 5));
  // An inner wall too.
  const State inner = drawn({"#######",
                             "#R#...#",
                             "#.....#",
                             "#....B#",
                             "#######"});
  CHECK(play(inner, kStay, kRight).player[Red] == sq(inner, 1, 1));
  CHECK(list_of(inner, Red) == std::vector<int>{1, 4, 5, 6, 7, 8});
}

TEST_CASE("each side's actions: moves not into a wall, every shot, and nothing (docs/rules/common.md)", "[bullets][rules]") {
  const State corner = drawn(kRoom);
  CHECK(list_of(corner, Red) == std::vector<int>{1, 3, 4, 5, 6, 7, 8});
  CHECK(list_of(corner, Blue) == std::vector<int>{0, 2, 4, 5, 6, 7, 8});
  const State open = drawn({"#######",
                            "#.....#",
                            "#..R..#",
                            "#.....#",
                            "#....B#",
                            "#######"});
  CHECK(list_of(open, Red) == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8});
  const State boxed = drawn({"#######",
                             "#.#...#",
                             "##R#..#",
                             "#.#..B#",
                             "#######"});
  CHECK(list_of(boxed, Red) == std::vector<int>{4, 5, 6, 7, 8});  // every shot is its own action, even into a wall
  // The other player's square is not a wall: moving there stays an action (the collision rule decides).
  const State adjacent = drawn({"######",
                                "#RB..#",
                                "#....#",
                                "#....#",
                                "######"});
  CHECK(list_of(adjacent, Red) == std::vector<int>{1, 3, 4, 5, 6, 7, 8});
}

TEST_CASE("a shot creates a bullet on the shooter's square flying the chosen way", "[bullets][rules]") {
  const State s = drawn({"#######",
                         "#.....#",
                         "#..R..#",
                         "#.....#",
                         "#....B#",
                         "#######"});
  // After the turn the new bullet has made its step: one square away, flying on; the shooter is safe.
  const State up = play(s, kStay, kShootUp);
  CHECK(up.bullet_count() == 1);
  CHECK(bullet_here(up, 1, 3, Up));
  CHECK(up.hit == 0);
  CHECK(bullet_here(play(s, kStay, kShootDown), 3, 3, Down));
  CHECK(bullet_here(play(s, kStay, kShootLeft), 2, 2, Left));
  CHECK(bullet_here(play(s, kStay, kShootRight), 2, 4, Right));
  CHECK(bullet_here(play(s, kShootLeft, kStay), 4, 4, Left));
  // Both may shoot in the same turn.
  CHECK(play(s, kShootUp, kShootDown).bullet_count() == 2);
}

TEST_CASE("there is no ammunition limit and no cooldown", "[bullets][rules]") {
  State s = drawn({"##########",
                   "#R.......#",
                   "#........#",
                   "#........#",
                   "#.......B#",
                   "##########"});
  for (int turn = 0; turn < 6; ++turn) s = play(s, kShootLeft, kShootDown);
  CHECK(s.bullet_count() == 12);
  CHECK_FALSE(result(s).over());
}

TEST_CASE("a shot straight into an adjacent wall stays on the shooter's square and kills it", "[bullets][rules]") {
  const State s = drawn(kRoom);
  const State up = play(s, kStay, kShootUp);
  CHECK(bullet_here(up, 1, 1, Down));  // turned round in place
  CHECK(result(up).outcome == Outcome::BlueWins);
  CHECK(result(up).reason == EndReason::Hit);
  CHECK(result(play(s, kStay, kShootLeft)).outcome == Outcome::BlueWins);
  CHECK(result(play(s, kShootRight, kStay)).outcome == Outcome::RedWins);
  CHECK(result(play(s, kShootDown, kShootUp)).outcome == Outcome::Draw);
  // A shot into open space is safe.
  CHECK_FALSE(result(play(s, kShootUp, kShootDown)).over());
}

TEST_CASE("players moving onto the same square both go back", "[bullets][rules]") {
  const State s = drawn({"########",
                         "#......#",
                         "#.R.B..#",
                         "#......#",
                         "########"});
  const State both = play(s, kLeft, kRight);  // both into (2,3)
  CHECK(both.player[Red] == sq(s, 2, 2));
  CHECK(both.player[Blue] == sq(s, 2, 4));
  // One moves onto the other, who stays: the mover goes back, the other stays where it was.
  const State adjacent = drawn({"#######",
                                "#.RB..#",
                                "#.....#",
                                "#.....#",
                                "#######"});
  const State onto = play(adjacent, kStay, kRight);
  CHECK(onto.player[Red] == sq(adjacent, 1, 2));
  CHECK(onto.player[Blue] == sq(adjacent, 1, 3));
  // ... but if the other moves away, there is no collision.
  const State follow = play(adjacent, kRight, kRight);
  CHECK(follow.player[Red] == sq(adjacent, 1, 3));
  CHECK(follow.player[Blue] == sq(adjacent, 1, 4));
  // A shooter does not move: a player moving onto a shooter goes back.
  const State shooter = play(adjacent, kShootDown, kRight);
  CHECK(shooter.player[Red] == sq(adjacent, 1, 2));
  CHECK(shooter.bullet_count() == 1);
}

TEST_CASE("players that swap squares pass each other", "[bullets][rules]") {
  const State s = drawn({"#######",
                         "#.....#",
                         "#.RB..#",
                         "#.....#",
                         "#######"});
  const State swapped = play(s, kLeft, kRight);
  CHECK(swapped.player[Red] == sq(s, 2, 3));
  CHECK(swapped.player[Blue] == sq(s, 2, 2));
  CHECK_FALSE(result(swapped).over());
}

TEST_CASE("players sent back by a collision can be sent back onto a bullet", "[bullets][rules]") {
  const State s = drawn({"#########",
                         "#.v.....#",
                         "#.R.B...#",
                         "#.......#",
                         "#########"});
  // Red escapes right, but Blue moves there too: both go back, and the bullet arrives on (2,2).
  const State back = play(s, kLeft, kRight);
  CHECK(back.player[Red] == sq(s, 2, 2));
  CHECK(result(back).outcome == Outcome::BlueWins);
  // Without the collision the escape works.
  CHECK_FALSE(result(play(s, kStay, kRight)).over());
}

TEST_CASE("every bullet steps one square per turn in its direction", "[bullets][rules]") {
  State s = drawn({"##########",
                   "#R.......#",
                   "#.>......#",
                   "#....^...#",
                   "#.......B#",
                   "##########"});
  s = play(s, kStay, kStay);
  CHECK(bullet_here(s, 2, 3, Right));
  CHECK(bullet_here(s, 2, 5, Up));
  s = play(s, kStay, kStay);
  CHECK(bullet_here(s, 2, 4, Right));
  CHECK(bullet_here(s, 1, 5, Up));
}

TEST_CASE("a bullet before a wall turns round in place: two turns on the last square, then back", "[bullets][rules]") {
  State s = drawn({"#########",
                   "#R......#",
                   "#.....>.#",
                   "#.......#",
                   "#......B#",
                   "#########"});
  s = play(s, kStay, kStay);
  CHECK(bullet_here(s, 2, 7, Right));  // reached the last square
  s = play(s, kStay, kStay);
  CHECK(bullet_here(s, 2, 7, Left));   // turned round in place: still there
  s = play(s, kStay, kStay);
  CHECK(bullet_here(s, 2, 6, Left));   // coming back
  CHECK(s.bullet_count() == 1);
  // A player stepping onto that square during either turn is hit.
  State t = drawn({"#########",
                   "#R......#",
                   "#.....>.#",
                   "#......B#",
                   "#.......#",
                   "#########"});
  t = play(t, kStay, kStay);  // bullet on (2,7) flying right
  CHECK(result(play(t, kUp, kStay)).outcome == Outcome::RedWins);  // it stays there this turn
}

TEST_CASE("a bullet in a one-square run turns round every turn and never moves", "[bullets][rules]") {
  State s = drawn({"#######",
                   "#R#.#.#",
                   "#.#<#.#",
                   "#.....#",
                   "#....B#",
                   "#######"});
  for (int turn = 0; turn < 5; ++turn) {
    s = play(s, kStay, kStay);
    CHECK(bullet_here(s, 2, 3, turn % 2 == 0 ? Right : Left));
  }
}

TEST_CASE("bullets never disappear and never interact with each other", "[bullets][rules]") {
  State s = drawn({"########",
                   "#R.....#",
                   "#.>..<.#",
                   "#...^..#",
                   "#.....B#",
                   "########"});
  for (int turn = 0; turn < 40; ++turn) {
    s = play(s, kStay, kStay);
    CHECK(s.bullet_count() == 3);
  }
  // Opposite bullets cross and share squares without effect: after one full cycle of 2k = 12 turns they
  // are back where they started.
  State t = drawn({"########",
                   "#R.....#",
                   "#.>..<.#",
                   "#......#",
                   "#.....B#",
                   "########"});
  const auto start = bullets_now(t);
  for (int turn = 0; turn < 12; ++turn) t = play(t, kStay, kStay);
  CHECK(bullets_now(t) == start);
}

TEST_CASE("bullets with the same square and direction are one bullet", "[bullets][rules]") {
  const State one = drawn({"######",
                           "#R...#",
                           "#.>..#",
                           "#...B#",
                           "######"});
  const int cell = sq(one, 2, 2);
  const State twice = make_state(one.board, one.player[Blue], one.player[Red], {{cell, Right}, {cell, Right}}, 0, 2000);
  CHECK(twice == one);
  CHECK(twice.hash == one.hash);
  CHECK(twice.bullet_count() == 1);
  const State two = make_state(one.board, one.player[Blue], one.player[Red], {{cell, Right}, {cell, Left}}, 0, 2000);
  CHECK(two.bullet_count() == 2);
}

TEST_CASE("a player on a bullet's square after the turn is hit and loses", "[bullets][rules]") {
  const State s = drawn({"########",
                         "#R.....#",
                         "#.....v#",
                         "#......#",
                         "#.....B#",
                         "########"});
  State t = play(s, kStay, kStay);
  CHECK_FALSE(result(t).over());
  const State hit = play(t, kStay, kStay);  // the bullet reaches (4,6)
  CHECK(result(hit).outcome == Outcome::RedWins);
  CHECK(result(hit).reason == EndReason::Hit);
  CHECK(hit.hit == (1 << Blue));
  CHECK(ends_before_moves(hit));
  CHECK_FALSE(result(play(t, kLeft, kStay)).over());  // stepping aside saves Blue
}

TEST_CASE("both players hit in the same turn is a draw", "[bullets][rules]") {
  const State s = drawn({"#######",
                         "#.....#",
                         "#R<.>B#",
                         "#.....#",
                         "#######"});
  const State both = play(s, kStay, kStay);
  CHECK(result(both).outcome == Outcome::Draw);
  CHECK(result(both).reason == EndReason::BothHit);
  CHECK(result(play(s, kStay, kUp)).outcome == Outcome::RedWins);
  CHECK(result(play(s, kUp, kStay)).outcome == Outcome::BlueWins);
  CHECK_FALSE(result(play(s, kUp, kDown)).over());
}

TEST_CASE("only where things stand after the turn matters: a player and a bullet that swap pass", "[bullets][rules]") {
  const State s = drawn({"########",
                         "#......#",
                         "#.R<...#",
                         "#......#",
                         "#.....B#",
                         "########"});
  // Red steps right into the oncoming bullet's square while the bullet steps left onto Red's: they pass.
  const State passed = play(s, kStay, kRight);
  CHECK_FALSE(result(passed).over());
  CHECK(passed.player[Red] == sq(s, 2, 3));
  CHECK(bullet_here(passed, 2, 2, Left));
  // Stepping onto a square a bullet is leaving is safe too.
  const State away = drawn({"########",
                            "#......#",
                            "#.R>...#",
                            "#......#",
                            "#.....B#",
                            "########"});
  CHECK_FALSE(result(play(away, kStay, kRight)).over());
}

TEST_CASE("stepping towards a bullet two squares away is a hit", "[bullets][rules]") {
  const State s = drawn({"########",
                         "#......#",
                         "#R.<...#",
                         "#......#",
                         "#.....B#",
                         "########"});
  CHECK(result(play(s, kStay, kRight)).outcome == Outcome::BlueWins);
  CHECK_FALSE(result(play(s, kStay, kStay)).over());  // the bullet is one square away now
  CHECK_FALSE(result(play(s, kStay, kDown)).over());
}

TEST_CASE("the round limit is a draw, after the hits of the last round", "[bullets][rules]") {
  State s = drawn({"#######",
                   "#R....#",
                   "#.....#",
                   "#....v#",
                   "#....B#",
                   "#######"},
                  98, 100);
  CHECK_FALSE(result(s).over());
  const State last_hit = play(s, kStay, kStay);
  CHECK(last_hit.round == 99);
  CHECK(result(last_hit).outcome == Outcome::RedWins);
  State quiet = play(s, kLeft, kStay);
  CHECK_FALSE(result(quiet).over());
  quiet = play(quiet, kStay, kStay);
  CHECK(quiet.round == 100);
  CHECK(result(quiet).outcome == Outcome::Draw);
  CHECK(result(quiet).reason == EndReason::RoundLimit);
  CHECK(ends_before_moves(quiet));
  // A hit on the very last round still decides the game.
  const State final_round = play(drawn({"#######",
                                        "#R....#",
                                        "#.....#",
                                        "#.....#",
                                        "#...>B#",
                                        "#######"},
                                       99, 100),
                                 kStay, kStay);
  CHECK(final_round.round == 100);
  CHECK(result(final_round).outcome == Outcome::RedWins);
}

TEST_CASE("the hash holds the bullets, the players and the round", "[bullets][rules][hash]") {
  State s = drawn({"##########",
                   "#R.......#",
                   "#..v.....#",
                   "#.....<..#",
                   "#.......B#",
                   "##########"});
  const Action blue[] = {kShootUp, kLeft, kShootLeft, kUp, kStay, kShootDown};
  const Action red[] = {kShootRight, kDown, kRight, kShootDown, kRight, kStay};
  for (int turn = 0; turn < 6 && !s.over(); ++turn) {
    s = play(s, blue[turn], red[turn]);
    CHECK(s.hash == compute_hash(s));
  }
  // The same bullets on other squares, other players or another round hash differently.
  State other = s;
  set_round(other, s.round + 1);
  CHECK(other.hash == compute_hash(other));
  CHECK(other.hash != s.hash);
}
