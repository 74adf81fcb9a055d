// The Raichu searching engine (the evaluation's colour symmetry: the conformance suite, with
// tests/raichu/conformance_hooks.hpp): the conversion terms, puzzles, pruning that never changes the minimax
// value, determinism, the bench signature.
#include <catch2/catch.hpp>

#include "common/search.hpp"
#include "core/rng.hpp"
#include "helpers.hpp"
#include "raichu/entry.hpp"
#include "raichu/eval.hpp"
#include "raichu/game.hpp"
#include "raichu/notation.hpp"
#include "registry/bench_suite.hpp"
#include "search/alphabeta.hpp"

using namespace raichu_test;
using gamelab::search::AlphaBeta;
using gamelab::search::AlphaBetaKnobs;

namespace {

using gamelab_test::depth;

AlphaBeta<Game> engine() { return gamelab_test::alphabeta<Game>(default_params()); }

// Plain minimax (negamax form) with the engine's leaf evaluation and end rules.
int minimax(const State& s, int d, int ply, const std::vector<int>& weights) {
  if (auto t = Game::terminal_score(s, ply)) return *t;
  MoveList moves;
  generate_moves(s, moves);
  if (moves.size() == 0) return Game::no_move_score(s, ply);
  if (d == 0) return std::clamp(Game::evaluate(s, weights.data()), -gamelab::search::kWinBound + 1, gamelab::search::kWinBound - 1);
  int best = -gamelab::search::kInfinity;
  for (const auto& m : moves) best = std::max(best, -minimax(play(s, m), d - 1, ply + 1, weights));
  return best;
}

}  // namespace

TEST_CASE("the conversion terms count for the pressing side only, signed for the side to move", "[raichu][engine]") {
  // White presses: 2 Raichus and a Pikachu against a lone Pikachu on the left edge.
  const std::vector<std::string> rows = {
      "........",  //
      "...W....",  // Pikachu (1, 3)
      "........",  //
      "B.......",  // enemy Pikachu (3, 0): on an edge
      "........",  //
      "..@.....",  // Raichu (5, 2): 2 from the defender
      "........",  //
      ".......@",  // Raichu (7, 7): 7 from it
  };
  std::array<int, kFeatureCount> f;
  feature_counts(from_rows(rows, White), f);
  CHECK(f[ConvertApproach] == (7 - 2) + (7 - 7));
  // Nearest own piece: Pikachu 4 (the Raichu on (5, 2)), Raichu (5, 2) 4, Raichu (7, 7) 5.
  CHECK(f[ConvertCohesion] == -(3 + 3 + 4));
  CHECK(f[ConvertDefenderEdge] == 1);
  std::array<int, kFeatureCount> g;
  feature_counts(from_rows(rows, Black), g);
  CHECK(g[ConvertApproach] == -f[ConvertApproach]);
  CHECK(g[ConvertCohesion] == -f[ConvertCohesion]);
  CHECK(g[ConvertDefenderEdge] == -1);
  // Level material: nobody presses.
  std::vector<std::string> level = rows;
  level[2] = ".....b..";
  level[4] = "......b.";
  feature_counts(from_rows(level, White), f);
  CHECK(f[ConvertApproach] == 0);
  CHECK(f[ConvertCohesion] == 0);
  CHECK(f[ConvertDefenderEdge] == 0);
}

TEST_CASE("a Raichu's long jump over the last enemy piece wins in 1, found at depth 1", "[raichu][engine]") {
  const State s = parse_board(8, White, ".......@...............................................b........");
  auto e = engine();
  const auto r = e.search(s, depth(1));
  REQUIRE(r.best);
  CHECK(move_text(*r.best, s) == "(0,7)x(6,7)-(7,7)");
  CHECK(r.score == gamelab::search::win_in(1));
}

TEST_CASE("a win in 3 plies is found at depth 3 and not claimed before", "[raichu][engine]") {
  // The black Pichu on (7,0) cannot be jumped (nothing lies beyond it); wherever it goes, the
  // Raichu can take it next move if it first stands on the right line.
  const State s = parse_board(8, White, "@.......................................................b.......");
  auto shallow = engine();
  CHECK_FALSE(gamelab::search::is_decisive(shallow.search(s, depth(1)).score));  // depth 2 + quiescence sees it
  auto e = engine();
  const auto r = e.search(s, depth(3));
  CHECK(r.score == gamelab::search::win_in(3));
  REQUIRE(r.pv.size() == 3);
  State line = s;
  for (const auto& m : r.pv) line = play(line, m);
  CHECK(result(line).outcome == Outcome::WhiteWins);
}

TEST_CASE("a side without legal moves loses, and the engine sees it", "[raichu][engine]") {
  // White to move: (2,4)-(3,4)?? Any move that leaves Black's Pichu on (1,1) blocked wins.
  const State s = parse_board(8, Black, "W.W......b......................................................");
  auto e = engine();
  const auto r = e.search(s, depth(2));
  CHECK(r.score == gamelab::search::loss_in(0));
  CHECK_FALSE(r.best);
}

TEST_CASE("a time limit stops the search with a legal move", "[raichu][engine]") {
  const State s = start_position(12);
  gamelab::SearchLimits limits;
  limits.movetime_ms = 50;
  auto e = engine();
  const auto r = e.search(s, limits);
  REQUIRE(r.best);
  MoveList moves;
  generate_moves(s, moves);
  CHECK(std::find(moves.begin(), moves.end(), *r.best) != moves.end());
  CHECK(r.depth >= 1);
  CHECK(r.seconds < 2.0);  // generous: the hard stop is checked every 256 nodes
}

TEST_CASE("a clock search answers a single legal move at once — a depth search still searches it", "[raichu][engine]") {
  // Sparse random positions (a white Pichu or Pikachu against three black pieces), White to move,
  // kept where White has exactly one legal move.
  gamelab::Rng rng(21);
  int forced = 0;
  for (int tries = 0; tries < 20000 && forced < 10; ++tries) {
    std::string board(64, '.');
    board[rng.below(64)] = rng.below(2) ? 'w' : 'W';
    for (int k = 0; k < 3; ++k) {
      const std::size_t sq = rng.below(64);
      if (board[sq] == '.') board[sq] = "bB$"[rng.below(3)];
    }
    const State s = parse_board(8, White, board);
    if (result(s).over()) continue;
    MoveList moves;
    generate_moves(s, moves);
    if (moves.size() != 1) continue;
    ++forced;
    gamelab::SearchLimits clock;
    clock.movetime_ms = 60000;  // a minute it does not need
    auto e = engine();
    const auto r = e.search(s, clock);
    INFO(position_line(s));
    REQUIRE(r.best);
    CHECK(*r.best == moves[0]);
    CHECK(r.depth == 0);
    CHECK(r.nodes == 0);
    auto d = engine();
    CHECK(d.search(s, depth(3)).nodes > 0);
  }
  CHECK(forced >= 3);
}

TEST_CASE("unbalanced openings: every kept position scores inside the imbalance range", "[raichu][engine]") {
  gamelab::OpeningRequest request;
  request.count = 6;
  request.seed = 3;
  request.min_plies = 4;
  request.max_plies = 12;
  request.balance_depth = 3;
  request.min_score = 150;
  request.max_score = 450;
  const auto positions = gamelab::raichu::game_entry().generate_openings(request);
  REQUIRE(positions.size() == 6);
  const auto params = gamelab::raichu::default_params();
  for (const auto& line : positions) {
    INFO(line);
    const State s = gamelab::raichu::parse_position_text(line, "opening");
    gamelab::search::AlphaBeta<Game> e(params.values(), gamelab::search::AlphaBetaKnobs::from(params), {1, true});
    const int score = std::abs(e.search(s, depth(3)).score);
    CHECK(score >= 150);
    CHECK(score <= 450);
  }
  request.min_score = 500;
  CHECK_THROWS_WITH(gamelab::raichu::game_entry().generate_openings(request), Catch::Contains("--min-score 500 is more than --max-score 450"));
}
