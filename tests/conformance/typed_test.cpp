// The conformance suite's typed checks: run over every game's adapter type on the list
// (game_types.hpp, generated from GAMELAB_GAMES), each where the game's shape (or a hook of its tests,
// tests/<game>/conformance_hooks.hpp) has what it checks: the evaluation's sum and symmetry, alpha-beta's
// minimax value, determinism and wins in 1, and (slow) the engine's strength against weak players.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <tuple>

#include "common/greedy.hpp"
#include "conformance/typed_games.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "registry/game_registry.hpp"
#include "registry/perft_suite.hpp"
#include "search/alphabeta.hpp"

using conformance::for_each_game;
using conformance::random_positions;

namespace {

template <class G>
std::vector<int> default_weights() {
  return gamelab::find_game(G::kName).default_params().values();
}

// Plain negamax to `d` plies: what alpha-beta must return with its pruning and its tables.
template <class G>
int minimax(const typename G::State& s, int d, int ply, const std::vector<int>& weights) {
  if (auto t = G::terminal_score(s, ply)) return *t;
  typename G::MoveList moves;
  G::generate_moves(s, moves);
  if (moves.size() == 0) return G::no_move_score(s, ply);
  if (d == 0) return gamelab::search::static_score(G::evaluate(s, weights.data()));
  int best = -gamelab::search::kInfinity;
  for (const auto& m : moves) best = std::max(best, -minimax<G>(G::play(s, m), d - 1, ply + 1, weights));
  return best;
}

}  // namespace

TEST_CASE("the evaluation is the weighted sum of its features on random positions", "[conformance][eval]") {
  for_each_game([]<class G>(G) {
    // Seeded random weights in [-100, 100] for every parameter: a feature left out of either side shows.
    std::vector<int> weights = default_weights<G>();
    gamelab::Rng rng(5);
    for (int& w : weights) w = static_cast<int>(rng.below(201)) - 100;
    const auto positions = random_positions<G>(200, 11);
    INFO(G::kName);
    CHECK(positions.size() == 200);
    for (const auto& s : positions) {
      int sum = 0;
      for (const auto& f : features(s)) sum += weights[static_cast<std::size_t>(f.index)] * f.value;
      INFO(G::position_text(s));
      REQUIRE(sum == evaluate(s, weights.data()));
    }
  });
}

TEST_CASE("alpha-beta returns the minimax value on random positions at depth 3", "[conformance][search]") {
  for_each_game([]<class G>(G) {
    if constexpr (gamelab::search::AlphaBetaGame<G>) {
      auto params = gamelab::find_game(G::kName).default_params();
      params.set("search_lmr_min_depth", 0);
      params.set("search_qsearch_depth", 0);
      params.set("search_repetition_draw", 0);
      const auto weights = params.values();
      for (const auto& s : random_positions<G>(100, 12)) {
        gamelab::search::SearchOptions options;
        options.tt_cutoffs = false;
        gamelab::search::AlphaBeta<G> engine(weights, gamelab::search::AlphaBetaKnobs::from(params), options);
        gamelab::SearchLimits limits;
        limits.depth = 3;
        INFO(G::kName << ": " << G::position_text(s));
        REQUIRE(engine.search(s, limits).score == minimax<G>(s, 3, 0, weights));
      }
    }
  });
}

TEST_CASE("alpha-beta searches are deterministic under depth and node limits", "[conformance][search]") {
  for_each_game([]<class G>(G) {
    if constexpr (gamelab::search::AlphaBetaGame<G>) {
      const auto params = gamelab::find_game(G::kName).default_params();
      auto engine = [&] {
        return std::make_unique<gamelab::search::AlphaBeta<G>>(params.values(), gamelab::search::AlphaBetaKnobs::from(params));
      };
      for (const auto& s : random_positions<G>(8, 13)) {
        INFO(G::kName << ": " << G::position_text(s));
        gamelab::SearchLimits depth, nodes;
        depth.depth = 5;
        nodes.nodes = 5000;
        for (const auto& limits : {depth, nodes}) {
          const auto a = engine()->search(s, limits), b = engine()->search(s, limits);
          CHECK(a.nodes == b.nodes);
          CHECK(a.score == b.score);
          const auto text = [&](const auto& r) { return r.best ? G::move_text(s, *r.best) : std::string(); };
          CHECK(text(a) == text(b));
          // The limit stops the search at the node that reaches it; a node or two more are counted while
          // the line unwinds (a reduced move's re-search entered after the stop).
          if (limits.nodes) CHECK(a.nodes <= 5000 + 4);
        }
      }
    }
  });
}

namespace {

// The score of s's end for its side to move at `ply`, or none while it goes on.
template <class G>
std::optional<int> end_score(const typename G::State& s, int ply) {
  if (auto t = G::terminal_score(s, ply)) return t;
  typename G::MoveList moves;
  G::generate_moves(s, moves);
  if (moves.size() == 0) return G::no_move_score(s, ply);
  return std::nullopt;
}

}  // namespace

TEST_CASE("a position and its colour-mirrored twin evaluate alike for the side to move", "[conformance][eval]") {
  int games = 0;
  for_each_game([&]<class G>(G) {
    if constexpr (requires(const typename G::State& s) { conformance::ColourMirror<G>::mirrored(s); }) {
      ++games;
      const auto weights = default_weights<G>();
      const auto sorted = [](auto list) {
        std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
          return a.index != b.index ? a.index < b.index : a.value < b.value;
        });
        std::vector<std::pair<int, int>> out;
        for (const auto& f : list) out.push_back({static_cast<int>(f.index), static_cast<int>(f.value)});
        return out;
      };
      for (const auto& s : random_positions<G>(300, 1, 120)) {
        const auto m = conformance::ColourMirror<G>::mirrored(s);
        INFO(G::kName << ": " << G::position_text(s));
        REQUIRE(sorted(features(s)) == sorted(features(m)));
        REQUIRE(evaluate(s, weights.data()) == evaluate(m, weights.data()));
      }
    }
  });
  CHECK(games >= 2);
}

TEST_CASE("alpha-beta at depth 1 finds a win in 1 wherever random play reaches one", "[conformance][search]") {
  for_each_game([]<class G>(G) {
    if constexpr (gamelab::search::AlphaBetaGame<G>) {
      const auto params = gamelab::find_game(G::kName).default_params();
      const auto starts = conformance::dataset_states<G>();
      gamelab::Rng rng(17);
      int found = 0;
      for (int game = 0; game < 400 && found < 40; ++game) {
        typename G::State s = starts[static_cast<std::size_t>(game) % starts.size()];
        while (!end_score<G>(s, 0)) {
          // The best win one move gives, if any: the other side's loss at ply 1.
          typename G::MoveList moves;
          G::generate_moves(s, moves);
          std::optional<int> best_win;
          for (const auto& m : moves) {
            const auto end = end_score<G>(G::play(s, m), 1);
            if (end && -*end > gamelab::search::kWinBound) best_win = std::max(best_win.value_or(-*end), -*end);
          }
          if (best_win) {
            ++found;
            INFO(G::kName << ": " << G::position_text(s));
            gamelab::search::AlphaBeta<G> engine(params.values(), gamelab::search::AlphaBetaKnobs::from(params));
            gamelab::SearchLimits limits;
            limits.depth = 1;
            const auto r = engine.search(s, limits);
            REQUIRE(r.best);
            CHECK(r.score >= *best_win);  // the win, or one its rules score higher
            CHECK(r.score > gamelab::search::kWinBound);
            break;
          }
          s = G::play(s, moves[rng.below(moves.size())]);
        }
      }
      INFO(G::kName);
      CHECK(found >= 20);
    }
  });
}

namespace {

enum class Opponent { Random, Greedy };

// The engine's points (1 a win, 1/2 a draw) over `games` games at 10,000 nodes a move against `kind`: from
// the game's start (its dataset's first position) after two seeded random plies, colours alternating.
// The greedy player takes the move after which the other side's static evaluation (or end) is lowest.
template <class G>
double strength(Opponent kind, int games, std::uint64_t seed) {
  const auto params = gamelab::find_game(G::kName).default_params();
  const auto weights = params.values();
  const auto start = conformance::dataset_states<G>().front();
  gamelab::SearchLimits limits;
  limits.nodes = 10000;
  double points = 0;
  for (int g = 0; g < games; ++g) {
    gamelab::Rng rng(gamelab::derive_seed(seed, g / 2));
    typename G::State s = start;
    for (int i = 0; i < 2; ++i) s = conformance::random_step<G>(s, rng);
    bool engine_to_move = g % 2 == 0;
    gamelab::search::AlphaBeta<G> engine(weights, gamelab::search::AlphaBetaKnobs::from(params));
    std::vector<std::uint64_t> history;
    std::optional<int> end;
    while (!(end = end_score<G>(s, 0))) {
      history.push_back(G::zobrist(s));
      typename G::MoveList moves;
      G::generate_moves(s, moves);
      if (engine_to_move) {
        engine.set_game_history(history);
        s = G::play(s, *engine.search(s, limits).best);
      } else if (kind == Opponent::Random) {
        s = G::play(s, moves[rng.below(moves.size())]);
      } else {
        const auto value = [&](const typename G::Move& m) {
          const typename G::State next = G::play(s, m);
          if (auto e = end_score<G>(next, 0)) return *e;
          return G::evaluate(next, weights.data());
        };
        s = G::play(s, gamelab_test::lowest_valued(moves, value, rng));
      }
      engine_to_move = !engine_to_move;
    }
    const int ours = engine_to_move ? *end : -*end;
    points += ours > 0 ? 1 : ours == 0 ? 0.5 : 0;
  }
  return points / games;
}

}  // namespace

TEST_CASE("at 10,000 nodes a move the alpha-beta engine beats a random mover and a 1-ply greedy player",
          "[conformance][strength][slow]") {
  for_each_game([]<class G>(G) {
    if constexpr (gamelab::search::AlphaBetaGame<G>) {
      const double random = strength<G>(Opponent::Random, 200, 100), greedy = strength<G>(Opponent::Greedy, 200, 200);
      std::printf("%s engine vs random: %.1f%%, vs greedy: %.1f%% over 200 games each\n", G::kName, 100 * random, 100 * greedy);
      INFO(G::kName);
      CHECK(random >= 0.95);
      CHECK(greedy >= 0.75);
    }
  });
}
