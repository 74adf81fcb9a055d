#pragma once
// What the typed checks share (typed_test.cpp, learned_typed_test.cpp, tests/release/embedded_eval_test.cpp):
// a call for every game's adapter type of the list (game_types.hpp, generated from GAMELAB_GAMES), and
// positions of a game from its committed perft dataset, as they stand and after seeded random play.
#include <nlohmann/json.hpp>
#include <string>
#include <tuple>
#include <vector>

#include "conformance/game_types.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "registry/game_registry.hpp"
#include "registry/perft_suite.hpp"
#include "search/game_concepts.hpp"

namespace conformance {

// Calls f.template operator()<G>() for every adapter type G of the list.
template <class F>
void for_each_game(F&& f) {
  std::apply([&](auto... games) { (f(games), ...); }, GameTypes{});
}

// The positions of G's perft dataset, read by the adapter.
template <class G>
std::vector<typename G::State> dataset_states() {
  const auto data = nlohmann::json::parse(gamelab::read_text_file(gamelab::default_perft_dataset(G::kName)));
  std::vector<typename G::State> out;
  for (const auto& item : data["positions"]) out.push_back(G::parse_position(item["position"].template get<std::string>(), "dataset"));
  return out;
}

// One seeded random step of G from s (a live position with moves).
template <class G>
typename G::State random_step(const typename G::State& s, gamelab::Rng& rng) {
  if constexpr (gamelab::search::TurnBasedGame<G>) {
    typename G::MoveList moves;
    G::generate_moves(s, moves);
    return G::play(s, moves[rng.below(moves.size())]);
  } else {
    typename G::ActionList a, b;
    G::generate_actions(s, 0, a);
    G::generate_actions(s, 1, b);
    return G::play(s, a[rng.below(a.size())], b[rng.below(b.size())]);
  }
}

// Whether s is over or, turn-based, has no move.
template <class G>
bool finished(const typename G::State& s) {
  if (G::ends_before_moves(s)) return true;
  if constexpr (gamelab::search::TurnBasedGame<G>) {
    typename G::MoveList moves;
    G::generate_moves(s, moves);
    return moves.size() == 0;
  }
  return false;
}

// Live positions of seeded random play from the game's perft-dataset positions, up to `steps` steps in.
template <class G>
std::vector<typename G::State> random_positions(int count, std::uint64_t seed, int steps = 16) {
  const auto starts = dataset_states<G>();
  std::vector<typename G::State> out;
  gamelab::Rng rng(seed);
  for (int k = 0; static_cast<int>(out.size()) < count && k < 100 * count; ++k) {
    typename G::State s = starts[static_cast<std::size_t>(k) % starts.size()];
    const int n = static_cast<int>(rng.below(static_cast<std::uint64_t>(steps)));
    bool live = !finished<G>(s);
    for (int i = 0; i < n && live; ++i) {
      s = random_step<G>(s, rng);
      live = !finished<G>(s);
    }
    if (live) out.push_back(s);
  }
  return out;
}

}  // namespace conformance
