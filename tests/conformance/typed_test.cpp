// The conformance suite's typed checks: run over every game's adapter type on the list
// (game_types.hpp, generated from GAMELAB_GAMES), each where the game's shape has what it checks.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <tuple>

#include "conformance/game_types.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "registry/game_registry.hpp"
#include "registry/perft_suite.hpp"
#include "search/alphabeta.hpp"

namespace {

// Calls f.template operator()<G>() for every adapter type G of the list.
template <class F>
void for_each_game(F&& f) {
  std::apply([&](auto... games) { (f(games), ...); }, conformance::GameTypes{});
}

// Positions of seeded random play from the game's perft-dataset positions, live ones only.
template <class G>
std::vector<typename G::State> random_positions(int count, std::uint64_t seed) {
  const auto data = nlohmann::json::parse(gamelab::read_text_file(gamelab::default_perft_dataset(G::kName)));
  std::vector<typename G::State> out;
  gamelab::Rng rng(seed);
  for (int k = 0; static_cast<int>(out.size()) < count && k < 100 * count; ++k) {
    const auto& item = data["positions"][static_cast<std::size_t>(k) % data["positions"].size()];
    typename G::State s = G::parse_position(item["position"].template get<std::string>(), "dataset");
    const int steps = static_cast<int>(rng.below(16));
    bool live = true;
    for (int i = 0; i <= steps && live; ++i) {
      live = !G::ends_before_moves(s);
      if (!live || i == steps) break;
      if constexpr (gamelab::search::TurnBasedGame<G>) {
        typename G::MoveList moves;
        G::generate_moves(s, moves);
        if (moves.size() == 0) live = false;
        else s = G::play(s, moves[rng.below(moves.size())]);
      } else {
        typename G::ActionList a, b;
        G::generate_actions(s, 0, a);
        G::generate_actions(s, 1, b);
        s = G::play(s, a[rng.below(a.size())], b[rng.below(b.size())]);
      }
    }
    if (live && !G::ends_before_moves(s)) out.push_back(s);
  }
  return out;
}

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
