// Strength of the jump chess engine with a simple in-process game loop: at 10,000 nodes a move against
// a random mover and a 1-ply greedy player, 200 games each from seeded starts, colours alternating.
// Slow: run with make test-slow.
#include <catch2/catch.hpp>
#include <cstdio>

#include "common/greedy.hpp"
#include "core/rng.hpp"
#include "helpers.hpp"
#include "jumpchess/eval.hpp"
#include "jumpchess/game.hpp"
#include "search/alphabeta.hpp"

using namespace jumpchess_test;

namespace {

enum class Opponent { Random, Greedy };

Move opponent_move(const State& s, Opponent kind, gamelab::Rng& rng, const std::vector<int>& weights) {
  MoveList moves;
  generate_moves(s, moves);
  if (kind == Opponent::Random) return moves[rng.below(moves.size())];
  // Greedy: the move after which the other side's static evaluation (or the end score) is lowest.
  const auto value = [&](const Move& m) {
    const State next = play(s, m);
    const auto end = Game::terminal_score(next, 0);
    return end ? *end : evaluate(next, weights.data());
  };
  return gamelab_test::lowest_valued(moves, value, rng);
}

struct Tally {
  double points = 0;
  int wins = 0, draws = 0, losses = 0;
  long margin = 0;  // the engine's end score minus the opponent's, summed
};

Tally play_games(Opponent kind, int games, std::uint64_t seed) {
  const auto params = default_params();
  const auto weights = params.values();
  gamelab::SearchLimits limits;
  limits.nodes = 10000;
  Tally tally;
  for (int g = 0; g < games; ++g) {
    gamelab::Rng rng(gamelab::derive_seed(seed, g / 2));
    State s = start_position();
    for (int i = 0; i < 2; ++i) {  // a seeded opening: two random plies
      const auto moves = moves_of(s);
      s = play(s, moves[rng.below(moves.size())]);
    }
    const Color engine_color = g % 2 == 0 ? Black : White;
    gamelab::search::AlphaBeta<Game> engine(weights, gamelab::search::AlphaBetaKnobs::from(params));
    std::vector<std::uint64_t> history;
    while (!result(s).over()) {
      history.push_back(Game::hash(s));
      if (s.side == engine_color) {
        engine.set_game_history(history);
        s = play(s, *engine.search(s, limits).best);
      } else {
        s = play(s, opponent_move(s, kind, rng, weights));
      }
    }
    const Result r = result(s);
    const int ours = engine_color == Black ? r.black_score : r.white_score;
    const int theirs = engine_color == Black ? r.white_score : r.black_score;
    tally.margin += ours - theirs;
    if (ours > theirs) {
      tally.points += 1;
      ++tally.wins;
    } else if (ours == theirs) {
      tally.points += 0.5;
      ++tally.draws;
    } else {
      ++tally.losses;
    }
  }
  tally.points /= games;
  return tally;
}

void report(const char* name, const Tally& t, int games) {
  std::printf("jumpchess engine vs %s: %.1f%% over %d games (W-D-L %d-%d-%d, mean end-score margin %+.2f)\n", name,
              100 * t.points, games, t.wins, t.draws, t.losses, static_cast<double>(t.margin) / games);
}

}  // namespace

TEST_CASE("at 10,000 nodes a move the engine beats a random mover", "[jumpchess][strength][slow]") {
  const Tally t = play_games(Opponent::Random, 200, 100);
  report("random", t, 200);
  CHECK(t.points >= 0.95);
}

TEST_CASE("at 10,000 nodes a move the engine beats a 1-ply greedy player", "[jumpchess][strength][slow]") {
  const Tally t = play_games(Opponent::Greedy, 200, 200);
  report("greedy", t, 200);
  CHECK(t.points >= 0.75);
}
