// The evaluation: distances with walls, features and evaluate in agreement, colour symmetry, and what
// each feature says in positions where the answer is known.
#include <array>

#include "dcms/distances.hpp"
#include "dcms/eval.hpp"
#include "positions.hpp"

using namespace dcms_test;

namespace {

// Independent shortest paths: Floyd-Warshall over king steps between open squares, `blocked` removed.
std::vector<std::vector<int>> floyd(const Board& b, Square blocked = kNoSquare) {
  std::vector<Square> open;
  for (int r = 0; r < b.rows(); ++r) {
    for (int c = 0; c < b.cols(); ++c) {
      if (!b.is_wall(r, c) && square(r, c) != blocked) open.push_back(square(r, c));
    }
  }
  const int n = static_cast<int>(open.size()), inf = 1 << 20;
  std::vector<std::vector<int>> d(n, std::vector<int>(n, inf));
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      const int dr = std::abs(row_of(open[i]) - row_of(open[j])), dc = std::abs(col_of(open[i]) - col_of(open[j]));
      if (i == j) d[i][j] = 0;
      else if (dr <= 1 && dc <= 1) d[i][j] = 1;
    }
  }
  for (int k = 0; k < n; ++k) {
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) d[i][j] = std::min(d[i][j], d[i][k] + d[k][j]);
    }
  }
  // Back to squares: out[a][b] over the 64-stride square index would be large; keep it by open index.
  std::vector<std::vector<int>> out(kSquares);
  for (int i = 0; i < n; ++i) {
    out[open[i]].assign(kSquares, kUnreachable);
    for (int j = 0; j < n; ++j) out[open[i]][open[j]] = d[i][j] >= inf ? kUnreachable : d[i][j];
  }
  return out;
}

const std::vector<std::string> kCorridor = {
    "##########",
    "#........#",
    "#######.##",
    "#........#",
    "##########",
};

}  // namespace

TEST_CASE("distances are king-step shortest paths around walls", "[dcms][eval][distances]") {
  const Board* board = intern(board_of(kCorridor));
  const Distances& d = distances(board);
  CHECK(d.at(square(1, 1), square(3, 1)) == 12);  // along row 1, through the gap at (2,7), back along row 3
  CHECK(d.at(square(1, 6), square(3, 8)) == 2);   // a diagonal step through the gap
  CHECK(d.at(square(1, 1), square(0, 0)) == kUnreachable);
  const Square gap = square(2, 7);
  CHECK(d.avoiding(square(1, 1), square(3, 1), &gap, 1) == kUnreachable);  // the gap is the only way
  const Square aside = square(1, 4);
  CHECK(d.avoiding(square(1, 1), square(1, 8), &aside, 1) == kUnreachable);  // a one-square-wide corridor
  CHECK(d.avoiding(square(1, 1), square(1, 1), nullptr, 0) == 0);
  // Every board of the suite small enough, against Floyd-Warshall, with and without a blocked square.
  int checked = 0;
  for (const State& setup : suite_setups(Variant::Full)) {
    const Board& b = *setup.board;
    if (b.empty_count() > 90) continue;
    const Distances& table = distances(setup.board);
    const auto reference = floyd(b);
    const Square middle = table.squares()[table.squares().size() / 2];
    const auto without = floyd(b, middle);
    for (const Square x : table.squares()) {
      for (const Square y : table.squares()) {
        REQUIRE(table.at(x, y) == reference[x][y]);
        if (x != middle && y != middle) REQUIRE(table.avoiding(x, y, &middle, 1) == without[x][y]);
      }
    }
    ++checked;
  }
  CHECK(checked >= 3);
}

TEST_CASE("the parameter set lists every feature's weight in feature order, then the knobs", "[dcms][eval]") {
  const gamelab::ParamSet params = default_params();
  for (int f = 0; f < kFeatureCount; ++f) CHECK(params.at(f).name == std::string("eval_") + feature_name(f));
  CHECK(params.at(kFeatureCount).name.rfind("dcms_", 0) == 0);
  CHECK(params.contains("mcts_exploration"));
  CHECK(params.contains("mcts_bound_depth"));
  CHECK(params.contains("dcms_quiet_moves"));
  CHECK(params.contains("dcms_setup_candidates"));
}

TEST_CASE("features and evaluate agree, and mirroring the board with the colours swapped negates both",
          "[dcms][eval]") {
  const std::vector<int> weights = default_params().values();
  int nonzero = 0;
  for (const State& s : random_positions(300, 11)) {
    std::array<int, kFeatureCount> counts;
    feature_counts(s, counts);
    int sum = 0;
    for (const auto& f : features(s)) {
      REQUIRE(f.value != 0);
      REQUIRE(f.value == counts[f.index]);
      sum += weights[f.index] * f.value;
    }
    REQUIRE(evaluate(s, weights.data()) == sum);
    const State m = mirrored(s);
    REQUIRE(parse_position_text(position_text(m), "mirror") == m);  // a position a game can reach
    std::array<int, kFeatureCount> mirror_counts;
    feature_counts(m, mirror_counts);
    for (int f = 0; f < kFeatureCount; ++f) {
      INFO(feature_name(f) << "\n" << position_text(s));
      REQUIRE(mirror_counts[f] == -counts[f]);
    }
    REQUIRE(evaluate(m, weights.data()) == -sum);
    nonzero += sum != 0;
  }
  CHECK(nonzero > 200);
}

TEST_CASE("features say what the position is", "[dcms][eval]") {
  SECTION("a Mouse one step from the enemy cheeSe strikes; two steps threatens") {
    const State s = position("mouse", kOpen, "S 2 1, M 2 5, s 2 6, m 1 3");
    std::array<int, kFeatureCount> f;
    feature_counts(s, f);
    CHECK(f[MouseStrike] == 1);   // blue's Mouse is next to red's cheeSe
    CHECK(f[MouseThreat] == -1);  // red's Mouse is two steps from blue's cheeSe
    CHECK(f[RaceLead] == 1);      // blue gets there first
    CHECK(f[MaterialMouse] == 0);
  }
  SECTION("a Cat on the only way to its cheeSe bars the enemy Mouse; on the cheeSe it does not") {
    const std::vector<std::string> pocket = {
        "########",
        "#..#...#",
        "##.#...#",
        "#......#",
        "########",
    };
    // Blue's cheeSe at (1,1) is reached only through (1,2) and then (2,2).
    const State barred = position("full", pocket, "S 1 1, C 2 2, M 3 1, s 2 6, c 1 6, m 3 5");
    std::array<int, kFeatureCount> f;
    feature_counts(barred, f);
    CHECK(f[CatBlocks] == 1);
    CHECK(f[MouseRace] > 0);  // red's Mouse has no way: only blue's race counts
    const State on_cheese = position("full", pocket, "S 1 1, C 1 1, M 3 1, s 2 6, c 1 6, m 3 5");
    feature_counts(on_cheese, f);
    CHECK(f[CatBlocks] == 0);
  }
  SECTION("a Mouse that cannot arrive before the turn limit does not race") {
    const State early = position("mouse", kOpen, "S 2 1, M 2 3, s 2 6, m 2 4", 0);
    const State late = position("mouse", kOpen, "S 2 1, M 2 3, s 2 6, m 2 4", 58);
    std::array<int, kFeatureCount> f;
    feature_counts(early, f);
    CHECK(f[MouseRace] == 0);  // 3 steps each way: the same closeness
    CHECK(f[RaceLead] == 0);
    feature_counts(late, f);
    CHECK(f[MouseRace] == 0);  // neither arrives within 2 turns
    CHECK(f[LateMaterial] == 0);
  }
  SECTION("material counts more in the last turns") {
    const State late = position("full", kOpen, "S 2 1, M 2 3, C 1 1, s 2 6, m 1 6", 55);
    std::array<int, kFeatureCount> f;
    feature_counts(late, f);
    CHECK(f[MaterialCat] == 1);
    CHECK(f[LateMaterial] == 5);  // one piece more x (10 - 5 turns left)
  }
}
