// The conformance suite's checks of learned evaluation files (docs/tools/train.md §8), for every game
// whose engine plays them (GameEntry::learned_eval over its sparse_inputs; such a game says so with
// GAMELAB_LEARNED_GAMES in its engines CMake): a file trained by `gamelab train` on a tiny datagen plays
// in search, match, datagen, bench and tune spsa; a search with a file is deterministic at fixed nodes
// and another than the hand-made one's; another game's file, another input set's or an unknown mode is
// refused by every command, naming the field. The engines' own use of a file (the incremental entries,
// the leaves) is learned_typed_test.cpp's.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "common/run.hpp"
#include "conformance/helpers.hpp"
#include "core/eval_file.hpp"
#include "core/text_file.hpp"
#include "registry/game_registry.hpp"
#include "train/learned_cli_checks.hpp"
#include "train/learned_files.hpp"
#include "tuner/campaign_files.hpp"

using Catch::Matchers::Contains;
using conformance::learned_games;
using conformance::self_play_positions;
using gamelab::GameEntry;
using gamelab_test::run;

namespace {

bool simultaneous(const GameEntry& game) { return game.shape == gamelab::GameShape::Simultaneous; }

// A search report's analysis without its timings (a line with seconds in it differs run to run): the
// root strategies of a simultaneous game's MCTS.
std::string strategies(const gamelab::SearchReport& report) {
  static const std::regex seconds(R"(\d\.\d+ s)");
  std::istringstream in(report.analysis);
  std::string out, line;
  while (std::getline(in, line)) {
    if (!std::regex_search(line, seconds)) out += line + "\n";
  }
  return out;
}

gamelab::SearchRequest search_request(const GameEntry& game, const std::string& position, std::uint64_t nodes,
                                      const gamelab::LearnedEvalSpec& learned, std::uint64_t seed = 4) {
  gamelab::SearchRequest request;
  request.position.text = position;
  request.position.source = "the bench suite";
  request.limits.nodes = nodes;
  request.params = game.default_params();
  request.seed = seed;
  request.learned = learned;
  return request;
}

// A position of the game's bench suite where the search's seed matters (for a simultaneous game: the
// MCTS runs, nothing is proven at the root, so that "the same seed, the same answer" says something);
// for a turn-based game its first.
std::string searched_position(const GameEntry& game, std::uint64_t nodes) {
  const auto positions = conformance::bench_positions(game);
  REQUIRE_FALSE(positions.empty());
  if (!simultaneous(game)) return positions.front();
  for (const std::string& position : positions) {
    const auto a = game.search(search_request(game, position, nodes, {}, 4));
    const auto b = game.search(search_request(game, position, nodes, {}, 5));
    if (strategies(a) != strategies(b)) return position;
  }
  FAIL(game.name << ": no bench position where the search's seed matters");
  return "";
}

}  // namespace

TEST_CASE("the games with learned evaluations are those their engines CMake declares, with their inputs",
          "[conformance][learned]") {
  // GAMELAB_LEARNED_GAMES (tests/CMakeLists.txt: the GLOBAL property, joined by commas) names the games
  // whose embedded-evaluation checks the build makes; the registry must say the same.
  std::set<std::string> registered, declared;
  for (const GameEntry* game : learned_games()) registered.insert(game->name);
  std::istringstream listed(GAMELAB_LEARNED_GAMES);
  for (std::string name; std::getline(listed, name, ',');) declared.insert(name);
  CHECK(registered == declared);
  CHECK(registered.size() >= 4);
  for (const GameEntry& game : gamelab::game_registry()) {
    INFO(game.name);
    CHECK(game.learned_eval == static_cast<bool>(game.sparse_inputs.active));
    if (!game.learned_eval) continue;
    CHECK_FALSE(game.sparse_inputs.name.empty());
    CHECK(game.sparse_inputs.count > 0);
    CHECK(game.sparse_inputs.max_active > 0);
  }
}

TEST_CASE("a file trained on a tiny datagen plays in search, match, datagen, bench and tune spsa",
          "[conformance][learned][cli]") {
  for (const GameEntry* entry : learned_games()) {
    const GameEntry& game = *entry;
    INFO(game.name);
    const gamelab::SparseInputSet& set = game.sparse_inputs;
    const std::string positions = self_play_positions(game);
    // A file trained by the lab from a tiny datagen (a few seconds), as a user makes one.
    const std::string prefix = game.name + "-trained";
    const auto datagen = run("datagen " + game.name + " --games 8 --limit nodes=100 --keep-tactical --seed 3" + positions +
                             " --out " + prefix + ".data");
    INFO(datagen.output);
    REQUIRE(datagen.status == 0);
    std::filesystem::remove_all(prefix + "-net");
    const auto trained = run("train " + game.name + " --data " + prefix + ".data --campaign " + prefix +
                             "-net --epochs 3 --hidden 8 --batch 64 --validation 0.25 --learning-rate 0.005");
    INFO(trained.output);
    REQUIRE(trained.status == 0);
    CHECK_THAT(trained.output, Contains("network over " + std::to_string(set.count) + " inputs (" + set.name + ") -> 2 x 8 -> 1"));
    CHECK_THAT(trained.output, Contains("wrote " + prefix + "-net/best.eval (fingerprint"));
    const auto journal = gamelab::tuner::read_journal(prefix + "-net/journal.jsonl");
    CHECK(journal.lines.size() == 4);  // the header and three epochs
    const auto file = gamelab::learned::read_eval_file(prefix + "-net/best.eval", {game.name, "network", set.name, set.count});
    CHECK(file.max_active == static_cast<std::uint32_t>(set.max_active));

    const std::string position = conformance::position_file(prefix + "-search.txt", searched_position(game, 400));
    train_test::check_trained_file_plays(
        {.game = game.name,
         .prefix = prefix,
         .search = "--board " + position + " --limit nodes=" + (simultaneous(game) ? "400" : "3000"),
         .seed = simultaneous(game) ? "--seed 2" : "",
         .same_analysis = false,  // its lines have the time
         .positions = positions.empty() ? "" : positions.substr(1),
         .datagen_nodes = 60,
         .bench = simultaneous(game) ? train_test::short_bench_suite(game.name, prefix) : "--depth 3",
         .bench_heading = "hand-made:"},
        std::filesystem::absolute(prefix + "-net/best.eval").string());
  }
}

TEST_CASE("a search with a learned file is deterministic at fixed nodes and another than the hand-made one",
          "[conformance][learned]") {
  for (const GameEntry* entry : learned_games()) {
    const GameEntry& game = *entry;
    INFO(game.name);
    const std::string path = game.name + "-det.eval";
    train_test::write_model(train_test::random_model(gamelab::train::Form::Network, game.name, 8), game.name, path, 100);
    // An alpha-beta search to 20,000 nodes; an MCTS to 1,500 iterations at a seed, where the seed matters.
    const std::uint64_t nodes = simultaneous(game) ? 1500 : 20000;
    const std::string position = searched_position(game, nodes);
    INFO(position);
    const auto search = [&](const gamelab::LearnedEvalSpec& learned) {
      return game.search(search_request(game, position, nodes, learned));
    };
    const auto a = search({path, false}), b = search({path, false});
    const auto added = search({path, true}), hand = search({});
    CHECK(a.best_move == b.best_move);
    CHECK(a.score == b.score);
    CHECK(a.nodes == b.nodes);
    CHECK(a.depth == b.depth);
    CHECK(strategies(a) == strategies(b));
    CHECK(search({path, true}).nodes == added.nodes);
    // The file is really used, replacing the hand-made evaluation and added to it: for an MCTS, other
    // root strategies; for alpha-beta, another score or move.
    if (simultaneous(game)) {
      CHECK(strategies(a) != strategies(hand));
      CHECK(strategies(added) != strategies(hand));
      CHECK(strategies(added) != strategies(a));
    } else {
      CHECK((a.score != hand.score || a.best_move != hand.best_move));
      CHECK((added.score != hand.score || added.best_move != hand.best_move));
    }
  }
}

TEST_CASE("an evaluation file of another game, of another input set or in an unknown mode is refused by every command, "
          "naming the field", "[conformance][learned][cli]") {
  const auto learned = learned_games();
  REQUIRE(learned.size() >= 2);
  for (std::size_t k = 0; k < learned.size(); ++k) {
    const GameEntry& game = *learned[k];
    const GameEntry& other = *learned[(k + 1) % learned.size()];
    INFO(game.name << ", with a file of " << other.name);
    const std::string positions = self_play_positions(game);
    const std::string other_file = std::filesystem::absolute(other.name + "-for-" + game.name + ".eval").string();
    train_test::write_model(train_test::random_model(gamelab::train::Form::Linear, other.name, 3), other.name, other_file, 100);
    const std::string wrong_game = "game is '" + other.name + "', expected '" + game.name + "'";
    std::string board;
    if (simultaneous(game)) board = " --board " + conformance::position_file(game.name + "-refused.txt", conformance::dataset_positions(game).front().text);
    const auto search = run("search " + game.name + board + " --limit nodes=100 --eval " + other_file);
    CHECK(search.status == 2);
    CHECK_THAT(search.output, Contains(wrong_game));
    const auto match = run("match " + game.name + " --engine name=a,nodes=50,eval=" + other_file + " --engine name=b,nodes=50 --games 2" +
                           positions + " --out refused.jsonl");
    CHECK(match.status == 2);
    CHECK_THAT(match.output, Contains(other_file) && Contains(wrong_game));
    CHECK_FALSE(std::filesystem::exists("refused.jsonl"));
    const auto bench = run("bench " + game.name + " --eval " + other_file);
    CHECK(bench.status == 2);
    CHECK_THAT(bench.output, Contains(wrong_game));
    const auto datagen = run("datagen " + game.name + " --games 2 --limit nodes=50" + positions + " --eval " + other_file +
                             " --out refused.data");
    CHECK(datagen.status == 2);
    CHECK_THAT(datagen.output, Contains(wrong_game));
    CHECK_FALSE(std::filesystem::exists("refused.data"));
    std::filesystem::remove_all("refused-spsa");
    const auto spsa = run("tune spsa " + game.name + " --eval " + other_file + " --iterations 1 --limit nodes=50" + positions +
                          " --campaign refused-spsa");
    CHECK(spsa.status == 2);
    CHECK_THAT(spsa.output, Contains(wrong_game));

    // The game's own file, written for an input set it no longer has.
    const std::string old_inputs = game.sparse_inputs.name + "-old";
    const std::string old_file = game.name + "-old-inputs.eval";
    train_test::write_model(train_test::random_model(gamelab::train::Form::Linear, game.name, 3), game.name, old_file, 100,
                            old_inputs);
    const auto old = run("match " + game.name + " --engine name=a,nodes=50,eval=" + old_file + " --engine name=b,nodes=50 --games 2" +
                         positions + " --out refused.jsonl");
    CHECK(old.status == 2);
    CHECK_THAT(old.output, Contains("inputs is '" + old_inputs + "', expected '" + game.sparse_inputs.name + "'"));
    CHECK_FALSE(std::filesystem::exists("refused.jsonl"));

    // Its own file in a mode that is neither replace nor add.
    const std::string own_file = game.name + "-own.eval";
    train_test::write_model(train_test::random_model(gamelab::train::Form::Linear, game.name, 4), game.name, own_file, 100);
    const auto mode = run("match " + game.name + " --engine name=a,nodes=50,evalmode=blend,eval=" + own_file +
                          " --engine name=b,nodes=50 --games 2" + positions + " --out refused.jsonl");
    CHECK(mode.status == 2);
    CHECK_THAT(mode.output, Contains("evalmode 'blend' is not replace or add"));
    CHECK_FALSE(std::filesystem::exists("refused.jsonl"));
  }
}
