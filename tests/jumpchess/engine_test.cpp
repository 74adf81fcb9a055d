// The jump chess searching engine (the evaluation's colour symmetry: the conformance suite, with
// tests/jumpchess/conformance_hooks.hpp): features, end scores with the score
// difference, puzzles found at the right depth, pruning that never changes the minimax value,
// repetitions, determinism, time limits, the bench signature.
#include <catch2/catch.hpp>

#include "common/search.hpp"
#include "core/rng.hpp"
#include "helpers.hpp"
#include "jumpchess/entry.hpp"
#include "jumpchess/eval.hpp"
#include "jumpchess/game.hpp"
#include "registry/bench_suite.hpp"
#include "search/alphabeta.hpp"

using namespace jumpchess_test;
using gamelab::search::AlphaBeta;
using gamelab::search::AlphaBetaKnobs;
using gamelab::search::loss_in;
using gamelab::search::win_in;

namespace {

// Positions after 1..max_plies seeded random moves from the start, not over.
std::vector<State> random_positions(int count, std::uint64_t seed, int max_plies = 120) {
  gamelab::Rng rng(seed);
  std::vector<State> out;
  while (static_cast<int>(out.size()) < count) {
    State s = start_position();
    const int plies = 1 + static_cast<int>(rng.below(max_plies));
    for (int i = 0; i < plies && !result(s).over(); ++i) {
      const auto moves = moves_of(s);
      s = play(s, moves[rng.below(moves.size())]);
    }
    if (!result(s).over()) out.push_back(s);
  }
  return out;
}

using gamelab_test::depth;

AlphaBeta<Game> engine() { return gamelab_test::alphabeta<Game>(default_params()); }

// Plain minimax (negamax form) with the engine's leaf evaluation and end rules.
int minimax(const State& s, int d, int ply, const std::vector<int>& weights) {
  if (auto t = Game::terminal_score(s, ply)) return *t;
  if (d == 0) {
    return std::clamp(Game::evaluate(s, weights.data()), -gamelab::search::kWinBound + 1, gamelab::search::kWinBound - 1);
  }
  int best = -gamelab::search::kInfinity;
  for (const auto& m : moves_of(s)) best = std::max(best, -minimax(play(s, m), d - 1, ply + 1, weights));
  return best;
}

int feature(const State& s, Feature f) {
  std::array<int, kFeatureCount> counts;
  feature_counts(s, counts);
  return counts[f];
}

}  // namespace

TEST_CASE("the parameter set lists the weights in feature order, then the search knobs", "[jumpchess][engine]") {
  const auto params = default_params();
  CHECK(params.game() == "jumpchess");
  CHECK(params.index_of("eval_in_target") == InTarget);
  CHECK(params.index_of("eval_tempo") == Tempo);
  CHECK(params.size() == kFeatureCount + AlphaBetaKnobs::default_params().size());
  CHECK(params.at(kFeatureCount).name.rfind("search_", 0) == 0);
  CHECK(game_entry().eval_weights == static_cast<std::size_t>(kFeatureCount));
}

TEST_CASE("features count what their names say", "[jumpchess][engine]") {
  // The start is symmetric: every ours-minus-theirs feature is 0.
  const State start = start_position();
  for (Feature f : {InTarget, Distance, Material, Cohesion, Straggler, Blocked}) CHECK(feature(start, f) == 0);
  CHECK(feature(start, Tempo) == 1);
  // Black to move: b on (3,2) can hop the white piece on (3,3) (a capture), and then on over (3,5).
  const State s = from_rows({"........",
                             "......b.",
                             "........",
                             "..bw.w..",
                             "........",
                             "bb......",
                             "........",
                             "w......w"},
                            Black);
  CHECK(feature(s, InTarget) == 1 - 1);      // (1,6) for Black; (7,0) for White
  CHECK(feature(s, Material) == 4 - 4);
  CHECK(feature(s, Distance) == (0 + 4 + 6 + 5) - (2 + 4 + 6 + 0));
  CHECK(feature(s, Threats) == 2);           // (3,3) and (3,5), by one chain
  CHECK(feature(s, Attacked) == 1);          // White's (3,3) hops (3,2)
  CHECK(feature(s, Cohesion) == 2 - 0);      // (5,0)-(5,1); (3,3) and (3,5) are not neighbours
  CHECK(feature(s, Straggler) == 6 - 6);
  CHECK(feature(s, Blocked) == 0 - 0);       // (3,2) can hop; White's (3,5) can step left
  CHECK(feature(s, BestGain) == 4);          // (3,2) -> (3,6)
  CHECK(feature(s, BestGainThem) == 2);      // (3,3) over (3,2) to (3,1)
  // A black piece with two pieces in front of it along its row is blocked.
  const State blocked = from_rows({"........", "........", "..bbb...", "........",
                                   "........", "........", "........", "w......."},
                                  Black);
  CHECK(feature(blocked, Blocked) == 1);
}

TEST_CASE("a finished game scores by distance and by the score difference", "[jumpchess][engine]") {
  // Every black piece in Black's target: Black 3, White 1 (the white piece on (7,0)).
  const State won = from_rows({"......b.", ".......b", "......b.", "...w....",
                               "........", "........", "........", "w......."},
                              White, 10, 10);
  REQUIRE(result(won).over());
  CHECK(end_score(won, 5) == loss_in(5) + (9 - 2));  // White to move has lost by 2
  State black_view = won;
  black_view.side = Black;
  CHECK(end_score(black_view, 5) == win_in(5) - (9 - 2));
  CHECK(gamelab::search::is_decisive(end_score(won, 127)));
  CHECK(gamelab::search::is_decisive(end_score(black_view, 127)));
  // A bigger win scores more than a smaller one at the same distance; a win by 9 is win_in(ply).
  const State by_three = from_rows({"......b.", ".......b", "......b.", "...w....",
                                   "........", "........", "........", "........"},
                                  Black, 10, 10);
  CHECK(end_score(by_three, 3) == win_in(3) - 6);  // 3 pieces against none: a margin of 3
  CHECK(end_score(by_three, 3) > end_score(black_view, 3));
  // The move limit with equal scores: a draw.
  const State drawn = from_rows({"b.......", "........", "........", "........",
                                 "........", "........", "........", ".......w"},
                                Black, 200, 200);
  REQUIRE(result(drawn).over());
  CHECK(Game::terminal_score(drawn, 4) == 0);
  CHECK_FALSE(Game::terminal_score(start_position(), 0));
}

TEST_CASE("the last piece stepping into the target wins by 9 in 1, found at depth 1", "[jumpchess][engine]") {
  // Black's last piece outside the target steps in; White has nobody home: a win by 9.
  const State s = from_rows({".....b..", "......bb", "......b.", "...w...b",
                             "..w.w..b", "...w....", "......bb", ".......b"},
                            Black);
  auto e = engine();
  const auto r = e.search(s, depth(1));
  REQUIRE(r.best);
  CHECK(move_text(*r.best) == "[(0,5), (0,6)]");
  CHECK(r.score == win_in(1));
}

TEST_CASE("a win in 2 moves (3 plies) is found at depth 3 and not claimed before", "[jumpchess][engine]") {
  // The last black piece needs two steps; no hop helps, and White is too far to get in the way.
  const State s = from_rows({"....b.b.", "......bb", "......b.", ".......b",
                             ".......b", "...ww...", "...ww.bb", "...ww..."},
                            Black);
  for (int d = 1; d <= 2; ++d) {
    auto shallow = engine();
    INFO("depth " << d);
    CHECK_FALSE(gamelab::search::is_decisive(shallow.search(s, depth(d)).score));
  }
  auto e = engine();
  const auto r = e.search(s, depth(3));
  CHECK(r.score == win_in(3));
  REQUIRE(r.pv.size() == 3);
  State line = s;
  for (const auto& m : r.pv) line = play(line, m);
  CHECK(result(line).outcome == Outcome::BlackWins);
}

TEST_CASE("of two finishing moves the engine takes the one with the bigger score difference", "[jumpchess][engine]") {
  // Black's last piece on (6,2) ends the game either way: right over (6,3) and (6,5) into (6,6), or
  // left and round over three white pieces standing in White's target into (4,6): White keeps 2, not 5.
  const State s = from_rows({"w......b", "w......b", ".......b", ".......b",
                             ".w.w.w.b", "w......b", ".wbw.w.b", ".......b"},
                            Black);
  std::set<int> finishing;
  for (const Move& m : moves_of(s)) {
    if (auto t = Game::terminal_score(play(s, m), 1)) finishing.insert(-*t);
  }
  REQUIRE(finishing.size() >= 2);
  auto e = engine();
  const auto r = e.search(s, depth(1));
  CHECK(r.score == *finishing.rbegin());
  CHECK(r.score == win_in(1) - (9 - (9 - 2)));
  REQUIRE(r.best);
  CHECK(result(play(s, *r.best)).white_score == 2);
}

TEST_CASE("a position with more moves than the lists hold inline is searched like any other", "[jumpchess][engine]") {
  // The perft dataset's "341 moves": the move list and the ordering scores spill to the heap.
  const State s = from_rows({"........", "........", "..b.w.w.", ".b.b.w.b",
                             "..w.b.w.", ".b.w.w.w", ".bw.b.b.", "........"},
                            Black);
  REQUIRE(moves_of(s).size() == 341);
  auto params = default_params();
  params.set("search_lmr_min_depth", 0);
  params.set("search_qsearch_depth", 0);
  params.set("search_aspiration_window", 0);
  gamelab::search::SearchOptions options;
  options.tt_cutoffs = false;
  AlphaBeta<Game> exact(params.values(), AlphaBetaKnobs::from(params), options);
  CHECK(exact.search(s, depth(2)).score == minimax(s, 2, 0, params.values()));
  auto e = engine();
  const auto r = e.search(s, depth(4));
  REQUIRE(r.best);
  CHECK(replay_path(s, path_of(*r.best)).ok);
}

TEST_CASE("a board seen before in the game is a repetition, until the move limit is in reach", "[jumpchess][engine]") {
  // Black is far behind; stepping (3,1) to (3,2) returns to a board of the game's past: worth a draw.
  const std::vector<std::string> rows = {"b.......", "........", "b.......", ".b......",
                                         "......w.", "w......w", "w......w", "ww.ww..."};
  for (int moves_made : {20, 150}) {
    INFO("moves made " << moves_made);
    const State s = from_rows(rows, Black, moves_made, moves_made);
    const Move back = find_move(s, parse_path("[(3,1), (3,2)]"), "test");
    const State repeated = play(s, back);
    std::vector<std::uint64_t> history;
    // The same board, seen 4 plies ago (the counts differ: they always do in a game).
    State earlier = repeated;
    earlier.moves_made = {static_cast<std::uint16_t>(moves_made - 1), static_cast<std::uint16_t>(moves_made - 2)};
    history.push_back(Game::hash(earlier));
    auto e = engine();
    e.set_game_history(history);
    const auto r = e.search(s, depth(2));
    REQUIRE(r.best);
    if (moves_made == 20) {
      CHECK(Game::hash(earlier) == Game::hash(repeated));
      CHECK(r.score == 0);
      CHECK(move_text(*r.best) == "[(3,1), (3,2)]");
    } else {
      // 100 plies left: the limit is within the search's reach, the counts are in the hash.
      CHECK(Game::hash(earlier) != Game::hash(repeated));
      CHECK(r.score < -100);
    }
  }
}

TEST_CASE("a time limit stops the search with a legal path that replays", "[jumpchess][engine]") {
  for (const State& s : random_positions(3, 5)) {
    gamelab::SearchLimits limits;
    limits.movetime_ms = 50;
    auto e = engine();
    const auto r = e.search(s, limits);
    REQUIRE(r.best);
    CHECK(r.depth >= 1);
    const Replay replay = replay_path(s, path_of(*r.best));
    REQUIRE(replay.ok);
    CHECK(replay.state == play(s, *r.best));
    CHECK(r.seconds < 2.0);  // generous: the hard stop is checked every 256 nodes
  }
}

TEST_CASE("a side with no legal move passes, and the engine plays the pass", "[jumpchess][engine]") {
  // White's only piece is walled in on (7,7) by black pieces two deep.
  const State s = from_rows({"b.......", "........", "........", "........",
                             "........", ".......b", ".......b", ".....bbw"},
                            White, 5, 5);
  auto e = engine();
  const auto r = e.search(s, depth(3));
  REQUIRE(r.best);
  CHECK(r.best->is_pass());
}
