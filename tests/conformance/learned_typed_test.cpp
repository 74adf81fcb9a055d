// The conformance suite's typed checks of the engines' learned evaluations (docs/tools/train.md §8,
// docs/design.md §4), over every game's adapter type of the list where it plays learned files: an
// alpha-beta game's incremental evaluation along the search's line (G::Incremental,
// search/learned_line_eval.hpp), a simultaneous game's MCTS leaves (conformance::LeafSearch,
// search/learned_leaf_eval.hpp). Files of random weights as large as training allows (train/learned_files.hpp).
#include <catch2/catch.hpp>
#include <memory>

#include "conformance/typed_games.hpp"
#include "registry/game_registry.hpp"
#include "train/learned_files.hpp"
#include "train/learned_leaf_checks.hpp"
#include "train/learned_line_checks.hpp"

using conformance::for_each_game;
using gamelab::train::Form;

namespace {

template <class G>
concept LineLearned = requires { typename G::Incremental; };
template <class G>
concept LeafLearned = requires { typename conformance::LeafSearch<G>::SearchGame; };

// A file of random weights over G's inputs at 120 units per logit, read back as the engine reads it.
template <class G>
std::shared_ptr<const gamelab::learned::EvalFile> random_file(Form form, std::uint64_t seed, const std::string& path) {
  train_test::write_model(train_test::random_model(form, G::kName, seed), G::kName, path, 120);
  return G::Incremental::read(path);
}

// G's hand-made evaluation, with the move list where the game's takes one.
template <class G>
int handmade(const typename G::State& s, const int* weights, const typename G::MoveList& moves) {
  if constexpr (requires { G::evaluate(s, weights, moves); }) return G::evaluate(s, weights, moves);
  else return G::evaluate(s, weights);
}

}  // namespace

TEST_CASE("inside searches, the incremental entries equal a refresh at every evaluation", "[conformance][learned]") {
  int games = 0;
  for_each_game([&]<class G>(G) {
    if constexpr (LineLearned<G>) {
      ++games;
      const auto starts = conformance::dataset_states<G>();
      for (Form form : {Form::Network, Form::Linear}) {
        INFO(G::kName << ", " << gamelab::train::to_string(form));
        const auto file = random_file<G>(form, 21, std::string(G::kName) + "-search.eval");
        // Games from the dataset's first positions (the starts, the board sizes and gaps its page picks),
        // mostly the engine's moves at 1,500 nodes.
        const std::uint64_t evaluations = train_test::check_searches<G>(
            file, gamelab::find_game(G::kName).default_params(), [&](int game) { return starts[game % starts.size()]; }, 4, 40,
            1500);
        INFO("evaluations " << evaluations);
        CHECK(evaluations > 20000);
      }
    }
  });
  CHECK(games >= 3);
}

TEST_CASE("added to the hand-made evaluation, a learned file's score is the hand-made score plus the file's",
          "[conformance][learned]") {
  int games = 0;
  for_each_game([&]<class G>(G) {
    if constexpr (LineLearned<G>) {
      ++games;
      const auto file = random_file<G>(Form::Network, 8, std::string(G::kName) + "-added.eval");
      const auto weights = gamelab::find_game(G::kName).default_params().values();
      for (const auto& s : conformance::random_positions<G>(200, 14)) {
        INFO(G::kName << ": " << G::position_text(s));
        typename G::Incremental added(file, true), alone(file, false);
        typename G::MoveList moves;
        G::generate_moves(s, moves);
        added.root(s);
        alone.root(s);
        const int learned = G::Incremental::reference_score(*file, s);
        REQUIRE(alone.evaluate(s, 0, weights.data(), moves) == learned);
        REQUIRE(added.evaluate(s, 0, weights.data(), moves) == learned + handmade<G>(s, weights.data(), moves));
      }
    }
  });
  CHECK(games >= 3);
}

TEST_CASE("the MCTS's learned leaf value equals the file's reference inference on 1,200 random positions",
          "[conformance][learned]") {
  int games = 0;
  for_each_game([&]<class G>(G) {
    if constexpr (LeafLearned<G>) {
      ++games;
      using Hook = conformance::LeafSearch<G>;
      INFO(G::kName);
      // The hand-made evaluation's weights first, then the search's knobs.
      const std::vector<int> weights = gamelab::find_game(G::kName).default_params().values();
      const typename Hook::Leaves leaves(weights);
      std::vector<typename Hook::SearchGame::State> states;
      for (const auto& s : conformance::random_positions<G>(1200, 41, 60)) states.push_back(leaves(s));
      REQUIRE(states.size() == 1200);
      train_test::check_learned_leaves<typename Hook::SearchGame>(
          G::kName, states, [](const auto& s) { return G::position_text(Hook::position(s)); }, weights);
    }
  });
  CHECK(games >= 2);
}
