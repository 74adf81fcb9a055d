#pragma once
// What the embedded-evaluation tests share (tests_release_eval and each game's release program): the
// learned evaluation files they compile in (tests/CMakeLists.txt: make_embedded_evals writes
// EMBEDDED_EVALS/<game>.eval, cmake/embed_eval.cmake compiles each into embedded_eval_test::<game>_bytes(),
// as the release bots get engines/<game>/release.eval), given as a bot's release_params.hpp gives its own
// (embedded_eval()); the lab's engine with the same file (`gamelab search --eval FILE --json`), whose
// answers the bots' engines must give; two evaluators of one line moved in lockstep; and the check
// tests_release_eval makes for every learned game, that the evaluation from the compiled-in bytes equals
// the lab's from the file, added or replacing, on 10,000 positions.
#include <catch2/catch.hpp>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "common/run.hpp"
#include "core/embedded_eval.hpp"
#include "core/eval_file.hpp"
#include "core/params.hpp"
#include "search/mcts_knobs.hpp"
#include "search/simultaneous_mcts.hpp"
#include "train/learned_line_checks.hpp"

namespace embedded_eval_test {

// A game's test file: where it is on disk (what eval=FILE reads), its bytes compiled in, and its
// fingerprint (what release.json would record).
struct TestEval {
  std::string game, path;
  std::string_view bytes;
  std::string fingerprint, source;
  TestEval(const std::string& g, std::string_view compiled)
      : game(g), path(std::string(EMBEDDED_EVALS) + "/" + g + ".eval"), bytes(compiled), source("the test's " + g + ".eval") {
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx",
                  static_cast<unsigned long long>(gamelab::learned::read_eval_file(path).fingerprint()));
    fingerprint = hex;
  }
  // As a bot's release::embedded_eval() gives it: added to the hand-made evaluation, or replacing it.
  gamelab::learned::EmbeddedEval embedded(bool add) const { return {bytes, fingerprint, add, source}; }
  // The same bytes with a fingerprint release.json does not record.
  gamelab::learned::EmbeddedEval disagreeing() const { return {bytes, "0123456789abcdef", true, source}; }
};

inline const char* mode_name(bool add) { return add ? "add" : "replace"; }

// `gamelab search GAME ARGS --json` with the game's release parameters and the test's file in that
// mode: the lab's engine with eval=FILE, which the bot must equal.
inline nlohmann::json lab_search(const TestEval& eval, const std::string& args, bool add) {
  const auto r = gamelab_test::run("search " + eval.game + " " + args + " --params " GAMELAB_SOURCE_DIR "/engines/" + eval.game +
                                       "/release.json --json --eval " + eval.path + " --eval-mode " + mode_name(add),
                                   gamelab_test::Stderr::Discard);
  INFO(r.output);
  REQUIRE(r.status == 0);
  return nlohmann::json::parse(r.output);
}

// Two evaluators of an alpha-beta game's line (search/learned_line_eval.hpp) told of every root and
// move alike, for train_test::check_random_lines.
template <class Eval>
struct BothLines {
  Eval& bot;
  Eval& lab;
  void root(const typename Eval::State& s) {
    bot.root(s);
    lab.root(s);
  }
  void push(int ply, const typename Eval::State& parent, const typename Eval::Move& m, const typename Eval::State& child) {
    bot.push(ply, parent, m, child);
    lab.push(ply, parent, m, child);
  }
};

// An alpha-beta game: on random games from start(k) (seed 7) until 10,000
// positions, its learned evaluation from the embedded bytes (the bot's) and from the file (the lab's)
// evaluate every checked position alike with the release `params`, added to the hand-made evaluation
// or replacing it.
template <class Game, class Start>
void check_line_evaluations(const TestEval& test, const gamelab::ParamSet& params, Start start) {
  using Eval = typename Game::Incremental;
  for (bool add : {true, false}) {
    INFO(mode_name(add));
    Eval bot(gamelab::learned::load_embedded_eval(test.embedded(add), Eval::expect()), add);
    const auto lab = Eval::from_file(test.path, add);
    BothLines<Eval> both{bot, *lab};
    const int positions = train_test::check_random_lines<Game>(
        both, start, 7, 10000,
        [&](const typename Game::State& s, int ply) {
          typename Game::MoveList moves;
          Game::generate_moves(s, moves);
          REQUIRE(bot.evaluate(s, ply, params.values().data(), moves) == lab->evaluate(s, ply, params.values().data(), moves));
        },
        [](const typename Game::State&, const typename Game::Move&) {});
    CHECK(positions >= 10000);
  }
}

// A simultaneous game's MCTS with the release `params`: its learned
// leaf evaluation (Eval) from the embedded bytes (the bot's) and from the file (the lab's) evaluate
// leaf(s) alike for every one of the 10,000 or more `positions`, added or replacing.
template <class SearchGame, class Eval, class Position, class Leaf>
void check_leaf_evaluations(const TestEval& test, const gamelab::ParamSet& params, const std::vector<Position>& positions,
                            Leaf leaf) {
  const std::vector<int> weights = params.values();
  const gamelab::search::MctsKnobs knobs = gamelab::search::MctsKnobs::from(params);
  for (bool add : {true, false}) {
    INFO(mode_name(add));
    gamelab::search::SimultaneousMcts<SearchGame> bot(weights, knobs, 1), lab(weights, knobs, 1);
    bot.set_learned(std::make_unique<Eval>(gamelab::learned::load_embedded_eval(test.embedded(add), Eval::expect()), add,
                                           knobs.eval_scale));
    lab.set_learned(std::make_unique<Eval>(Eval::load(test.path), add, knobs.eval_scale));
    for (const Position& s : positions) REQUIRE(bot.evaluation(leaf(s)) == lab.evaluation(leaf(s)));
  }
  CHECK(positions.size() >= 10000);
}

}  // namespace embedded_eval_test
