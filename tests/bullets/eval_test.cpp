// The evaluation: the space-time search, each feature on a drawn position, features and evaluate
// agreeing, and the 180-degree rotation that swaps the players negating every feature.
#include <algorithm>
#include <catch2/catch.hpp>

#include "bullets/eval.hpp"
#include "bullets/search_actions.hpp"
#include "common/suite.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "helpers.hpp"

using namespace bullets_test;

namespace {

std::array<int, kFeatureCount> counts_of(const State& s) {
  std::array<int, kFeatureCount> f;
  feature_counts(s, f);
  return f;
}

// The position turned by 180 degrees with the players swapped: walls, players and bullets rotated (a
// bullet's direction reversed), the same round and limit.
State rotated(const State& s) {
  const Board& b = *s.board;
  const auto turn = [&](int cell) { return b.cells() - 1 - cell; };
  std::vector<bool> walls(static_cast<std::size_t>(b.cells()));
  for (int c = 0; c < b.cells(); ++c) walls[turn(c)] = b.wall(c);
  const Board* board = gamelab::bullets::intern_board(b.rows(), b.cols(), walls);
  std::vector<BulletPlace> bullets;
  for (const auto& p : bullets_now(s)) bullets.push_back({turn(p.cell), reverse(p.dir)});
  return make_state(board, turn(s.player[Red]), turn(s.player[Blue]), bullets, s.round, s.limit);
}

// Positions from seeded random play on suite boards (actions that do not surely lose, shots favoured).
std::vector<State> sample_positions(int count) {
  const auto files = gamelab_test::suite_files("bullets");
  gamelab::Rng rng(77);
  std::vector<State> out;
  for (int k = 0; static_cast<int>(out.size()) < count; ++k) {
    State s = parse_position(gamelab::read_text_file(files[k % files.size()]), "suite").state;
    const int turns = 5 + static_cast<int>(rng.below(80));
    for (int t = 0; t < turns && !s.over(); ++t) {
      ActionList blue, red;
      generate_search_actions(s, Blue, blue);
      generate_search_actions(s, Red, red);
      s = play(s, blue[rng.below(blue.size())], red[rng.below(red.size())]);
      if (!s.over() && t % 7 == 0) out.push_back(s);
    }
  }
  out.resize(static_cast<std::size_t>(count));
  return out;
}

}  // namespace

TEST_CASE("the space-time search counts the squares a side can stand on alive, round by round", "[bullets][eval]") {
  // Open room, no bullet: 1, 3, 6, 10 ... squares from a corner (a diamond cut by the walls).
  const State open = drawn({"##########", "#R.......#", "#........#", "#........#", "#........#", "#........#",
                            "#........#", "#........#", "#.......B#", "##########"});
  const Reach r = reach(open, Red);
  CHECK(r.horizon == kHorizon);
  CHECK(r.live[0] == 1);
  CHECK(r.live[1] == 3);
  CHECK(r.live[2] == 6);
  CHECK(r.live[3] == 10);
  CHECK_FALSE(r.doomed());
  // Near the round limit the search stops at the limit.
  CHECK(reach(drawn({"#######", "#R....#", "#.....#", "#....B#", "#######"}, 8, 10), Red).horizon == 2);
}

TEST_CASE("two bullets flying into a dead end doom the player there — one can be passed head-on", "[bullets][eval]") {
  // Red at the dead end (1,1); bullets at (1,3) and (1,4) flying left: at round 2 they cover (1,1) and
  // (1,2), and Red cannot get past both.
  const State two = drawn({"########", "#R.<<..#", "##.##..#", "##.##.B#", "########"});
  CHECK(reach(two, Red).doomed());
  CHECK(counts_of(two)[Doomed] == -1);  // Blue minus Red: Red is doomed
  // One bullet only: Red waits a round, then walks through it (players and bullets that swap pass).
  const State one = drawn({"########", "#R.<...#", "##.##..#", "##.##.B#", "########"});
  CHECK_FALSE(reach(one, Red).doomed());
  CHECK(counts_of(one)[Doomed] == 0);
}

TEST_CASE("a shot that closes the trap is a trap shot, and it cuts the other side's room", "[bullets][eval]") {
  // Red in the dead end with one bullet flying in; Blue's shot to the left adds the second bullet.
  const State s = drawn({"#########", "#R.<B...#", "####....#", "####....#", "#########"});
  CHECK_FALSE(reach(s, Red).doomed());
  const int slot = s.board->slot(sq(s, 1, 4), Left, s.round);
  CHECK(reach(s, Red, slot).doomed());
  const auto f = counts_of(s);
  CHECK(f[TrapShots] == 1);
  CHECK(f[ShotSqueeze] > 0);
  // The same position with the players' roles swapped: Blue in the dead end, Red shooting.
  const State swapped = rotated(s);
  CHECK(counts_of(swapped)[TrapShots] == -1);
}

TEST_CASE("safe moves, liberties and lane bullets count per side, Blue minus Red", "[bullets][eval]") {
  // Red in a corner: 2 liberties, 3 squares next round, all safe. Blue in the open: 4 liberties, but the
  // bullet flying down its column reaches the square above it next round: 4 safe squares of 5, and that
  // bullet is in Blue's column run for ever.
  const State s = drawn({"#########", "#R......#", "#....v..#", "#.......#", "#....B..#", "#.......#", "#########"});
  const auto f = counts_of(s);
  CHECK(f[Liberties] == 4 - 2);
  CHECK(f[SafeMoves] == 4 - 3);
  CHECK(f[LaneBullets] == 1 - 0);
}

TEST_CASE("features and evaluate agree: evaluate is the sum of weight times feature", "[bullets][eval]") {
  gamelab::Rng rng(5);
  for (const State& s : sample_positions(60)) {
    std::vector<int> weights(kFeatureCount);
    for (int& w : weights) w = static_cast<int>(rng.below(201)) - 100;
    long expected = 0;
    for (const auto& f : features(s)) {
      CHECK(f.value != 0);
      expected += static_cast<long>(weights[f.index]) * f.value;
    }
    CHECK(evaluate(s, weights.data()) == expected);
    const auto all = counts_of(s);
    for (int k = 0; k < kFeatureCount; ++k) {
      const auto sparse = features(s);
      const auto it = std::find_if(sparse.begin(), sparse.end(), [&](const FeatureValue& f) { return f.index == k; });
      CHECK(all[k] == (it == sparse.end() ? 0 : it->value));
    }
  }
}

TEST_CASE("turning the board by 180 degrees and swapping the players negates every feature", "[bullets][eval]") {
  const std::vector<int> weights = [] {
    auto v = default_params().values();
    v.resize(kFeatureCount);
    return v;
  }();
  int with_bullets = 0, nonzero = 0;
  for (const State& s : sample_positions(120)) {
    const State r = rotated(s);
    REQUIRE(r.bullet_count() == s.bullet_count());
    const auto a = counts_of(s), b = counts_of(r);
    for (int k = 0; k < kFeatureCount; ++k) {
      INFO(feature_info()[k].name << " in\n" << diagram(s));
      CHECK(b[k] == -a[k]);
    }
    CHECK(evaluate(r, weights.data()) == -evaluate(s, weights.data()));
    with_bullets += s.bullet_count() > 0;
    nonzero += evaluate(s, weights.data()) != 0;
  }
  CHECK(with_bullets > 100);
  CHECK(nonzero > 60);  // the property is not checked on trivially even positions only
}

TEST_CASE("the parameter set: the weights first, then the aggression, then the mcts knobs", "[bullets][eval]") {
  const auto params = default_params();
  REQUIRE(params.size() > kFeatureCount);
  for (int k = 0; k < kFeatureCount; ++k) CHECK(params.at(k).name == feature_info()[k].name);
  CHECK(params.at(kFeatureCount).name == "engine_aggression");
  CHECK(params.contains("mcts_exploration"));
  CHECK(params.contains("mcts_bound_depth"));
  CHECK(params.value("mcts_policy") == 0);
  CHECK(params.value("eval_doomed") < 0);
}
