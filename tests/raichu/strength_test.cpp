// Strength of the Raichu engine with a simple in-process game loop (until the match runner lands):
// at 10,000 nodes a move against a random mover and a 1-ply greedy player, 200 games each from seeded
// starts, colours alternating. Slow: run with make test-slow.
#include <catch2/catch.hpp>
#include <cstdio>

#include "common/greedy.hpp"
#include "core/rng.hpp"
#include "helpers.hpp"
#include "raichu/eval.hpp"
#include "raichu/game.hpp"
#include "search/alphabeta.hpp"

using namespace raichu_test;

namespace {

enum class Opponent { Random, Greedy };

Move opponent_move(const State& s, Opponent kind, gamelab::Rng& rng, const std::vector<int>& weights) {
  MoveList moves;
  generate_moves(s, moves);
  if (kind == Opponent::Random) return moves[rng.below(moves.size())];
  // Greedy: the move after which the opponent's static evaluation (or the end score) is lowest.
  const auto value = [&](const Move& m) {
    const State next = play(s, m);
    if (auto t = Game::terminal_score(next, 0)) return *t;
    MoveList replies;
    generate_moves(next, replies);
    return replies.size() == 0 ? Game::no_move_score(next, 0) : evaluate(next, weights.data());
  };
  return gamelab_test::lowest_valued(moves, value, rng);
}

// Points for the engine (1 win, 0.5 draw) over `games` games.
double play_games(Opponent kind, int games, std::uint64_t seed) {
  const auto params = default_params();
  const auto weights = params.values();
  gamelab::SearchLimits limits;
  limits.nodes = 10000;
  double points = 0;
  for (int g = 0; g < games; ++g) {
    gamelab::Rng rng(gamelab::derive_seed(seed, g / 2));
    State s = start_position(8);
    for (int i = 0; i < 2; ++i) {  // a seeded opening: two random plies
      MoveList moves;
      generate_moves(s, moves);
      s = play(s, moves[rng.below(moves.size())]);
    }
    const Color engine_color = g % 2 == 0 ? White : Black;
    gamelab::search::AlphaBeta<Game> engine(weights, gamelab::search::AlphaBetaKnobs::from(params));
    std::vector<std::uint64_t> history;
    while (!result(s).over()) {
      history.push_back(s.hash);
      if (s.side == engine_color) {
        engine.set_game_history(history);
        s = play(s, *engine.search(s, limits).best);
      } else {
        s = play(s, opponent_move(s, kind, rng, weights));
      }
    }
    const Outcome o = result(s).outcome;
    if (o == Outcome::Draw) points += 0.5;
    if ((o == Outcome::WhiteWins && engine_color == White) || (o == Outcome::BlackWins && engine_color == Black)) points += 1;
  }
  return points / games;
}

}  // namespace

TEST_CASE("at 10,000 nodes a move the engine beats a random mover", "[raichu][strength][slow]") {
  const double score = play_games(Opponent::Random, 200, 100);
  std::printf("raichu engine vs random: %.1f%% over 200 games\n", 100 * score);
  CHECK(score >= 0.95);
}

TEST_CASE("at 10,000 nodes a move the engine beats a 1-ply greedy player", "[raichu][strength][slow]") {
  const double score = play_games(Opponent::Greedy, 200, 200);
  std::printf("raichu engine vs greedy: %.1f%% over 200 games\n", 100 * score);
  CHECK(score >= 0.75);
}
