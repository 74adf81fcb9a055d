#pragma once
// What an alpha-beta game's learned evaluation along the search's line (search/learned_line_eval.hpp)
// must be, for the conformance suite and each game's own line tests (tests/train/learned_engine_test.cpp
// for Raichu, tests/<game>/learned_test.cpp, tests/release/embedded_eval.hpp): on random games, every
// move pushed and some positions evaluated, as a search does, the incremental score equals the
// reference inference from scratch; and inside real searches, every evaluation's incremental entry
// equals a refresh of the same position and the reference.
#include <catch2/catch.hpp>
#include <cstdint>
#include <memory>

#include "core/eval_file.hpp"
#include "core/limits.hpp"
#include "core/params.hpp"
#include "core/rng.hpp"
#include "search/alphabeta.hpp"
#include "search/score.hpp"

namespace train_test {

// Random games, game k from start(k), until `positions` were checked: every move is pushed on
// `eval`'s line and a third of the positions (and every game's last) are given to check(state, ply);
// the entries between catch up lazily, as in a search. A game longer than a line (kMaxPly) starts the
// line again. `on_move(parent, move)` sees every move played (to count what the games covered).
template <class Game, class Eval, class Start, class Check, class OnMove>
int check_random_lines(Eval& eval, Start start, std::uint64_t seed, int positions, Check check, OnMove on_move) {
  gamelab::Rng rng(seed);
  int checked = 0;
  for (int game = 0; checked < positions; ++game) {
    typename Game::State s = start(game);
    eval.root(s);
    int ply = 0;
    while (!Game::ends_before_moves(s)) {
      typename Game::MoveList moves;
      Game::generate_moves(s, moves);
      if (moves.size() == 0) break;
      if (ply == gamelab::search::kMaxPly) {
        eval.root(s);
        ply = 0;
      }
      const typename Game::Move m = moves[rng.below(moves.size())];
      on_move(s, m);
      const typename Game::State child = Game::play(s, m);
      eval.push(++ply, s, m, child);
      s = child;
      if (rng.below(3) == 0 || Game::ends_before_moves(s)) {
        check(s, ply);
        ++checked;
      }
    }
  }
  return checked;
}

// Game's search with an evaluator that checks, at every evaluation of every search, the incremental
// entry against a refresh of the same position and the score against the reference inference.
template <class Game>
struct CheckingEval {
  using Eval = typename Game::Incremental;
  static inline std::uint64_t evaluations = 0, mismatches = 0;
  explicit CheckingEval(std::shared_ptr<const gamelab::learned::EvalFile> f) : file(f), incremental(f), fresh(f) {}
  void root(const typename Game::State& s) { incremental.root(s); }
  void push(int ply, const typename Game::State& parent, const typename Game::Move& m, const typename Game::State& child) {
    incremental.push(ply, parent, m, child);
  }
  int evaluate(const typename Game::State& s, int ply, const int* weights, const typename Game::MoveList& moves) {
    const int value = incremental.evaluate(s, ply, weights, moves);
    fresh.refresh(ply, s);
    ++evaluations;
    if (value != fresh.learned_score(s, ply) || value != Eval::reference_score(*file, s)) ++mismatches;
    return value;
  }
  std::shared_ptr<const gamelab::learned::EvalFile> file;
  Eval incremental, fresh;
};
template <class Game>
struct CheckedGame : Game {
  using Incremental = CheckingEval<Game>;
};

// Searches of a few games with `file` at `nodes` a move, from start(k), mostly the engine's moves and
// sometimes a random one so that the games differ; returns the evaluations checked (and REQUIREs no
// mismatch).
template <class Game, class Start>
std::uint64_t check_searches(std::shared_ptr<const gamelab::learned::EvalFile> file, const gamelab::ParamSet& params,
                             Start start, int games, int moves_per_game, std::uint64_t nodes) {
  using Checked = CheckedGame<Game>;
  CheckingEval<Game>::evaluations = CheckingEval<Game>::mismatches = 0;
  gamelab::Rng rng(4);
  for (int game = 0; game < games; ++game) {
    gamelab::search::AlphaBeta<Checked> engine(params.values(), gamelab::search::AlphaBetaKnobs::from(params));
    engine.set_incremental(std::make_unique<CheckingEval<Game>>(file));
    typename Game::State s = start(game);
    for (int move = 0; move < moves_per_game && !Game::ends_before_moves(s); ++move) {
      typename Game::MoveList moves;
      Game::generate_moves(s, moves);
      if (moves.size() == 0) break;
      gamelab::SearchLimits limits;
      limits.nodes = nodes;
      const auto found = engine.search(s, limits);
      REQUIRE(found.best);
      s = Game::play(s, rng.below(4) == 0 ? moves[rng.below(moves.size())] : *found.best);
    }
  }
  CHECK(CheckingEval<Game>::mismatches == 0);
  return CheckingEval<Game>::evaluations;
}

}  // namespace train_test
