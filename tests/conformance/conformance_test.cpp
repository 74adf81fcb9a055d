// The conformance suite: what every game on the list passes, for every game the registry holds, in
// the manner of OpenSpiel's basic tests. A game gets these checks by being registered; its own tests
// (tests/<game>/) keep only what is particular to it: its rules, its notation and its protocol.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "common/run.hpp"
#include "core/text_file.hpp"
#include "registry/game_registry.hpp"
#include "registry/perft_suite.hpp"

using gamelab::GameEntry;
using gamelab_test::run;

namespace {

struct DatasetPosition {
  std::string name;
  std::string text;
  int fast_depth = 0;
};

// The positions of a game's committed perft dataset: its start and the positions its rules page picks.
std::vector<DatasetPosition> dataset_positions(const GameEntry& game) {
  const std::string path = gamelab::default_perft_dataset(game.name);
  const auto data = nlohmann::json::parse(gamelab::read_text_file(path));
  std::vector<DatasetPosition> out;
  for (const auto& item : data.at("positions")) {
    out.push_back({item.at("name"), item.at("position"), item.at("fast_depth")});
  }
  return out;
}

}  // namespace

TEST_CASE("every game is on the list with what the suite needs", "[conformance]") {
  REQUIRE(gamelab::game_registry().size() >= 4);
  for (const GameEntry& game : gamelab::game_registry()) {
    INFO(game.name);
    CHECK(game.perft);
    CHECK(game.show);
    CHECK(game.random_game);
    CHECK(game.tree_moves);
    CHECK(game.canonical_move);
    CHECK(dataset_positions(game).size() >= 3);
  }
}

TEST_CASE("seeded random games from every perft position end, keep their hash and round-trip their text",
          "[conformance][random-play]") {
  for (const GameEntry& game : gamelab::game_registry()) {
    std::size_t games = 0, steps = 0;
    for (const auto& position : dataset_positions(game)) {
      for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        INFO(game.name << ": " << position.name << ", seed " << seed);
        gamelab::RandomGame played;
        REQUIRE_NOTHROW(played = game.random_game(position.text, seed));
        CHECK_FALSE(played.end.empty());
        ++games;
        steps += played.steps.size();
      }
    }
    INFO(game.name);
    CHECK(games >= 36);
    CHECK(steps > games);
  }
}

TEST_CASE("the same seed plays the same random game, and another seed another", "[conformance][random-play]") {
  for (const GameEntry& game : gamelab::game_registry()) {
    INFO(game.name);
    const std::string start = dataset_positions(game).front().text;
    const auto first = game.random_game(start, 7);
    CHECK(first.steps == game.random_game(start, 7).steps);
    CHECK(first.end == game.random_game(start, 7).end);
    CHECK(first.steps != game.random_game(start, 8).steps);
  }
}

TEST_CASE("the perft dataset matches at its fast depths", "[conformance][perft]") {
  for (const GameEntry& game : gamelab::game_registry()) {
    const auto rows = gamelab::run_perft_suite(game, gamelab::default_perft_dataset(game.name), {false, 0, 2});
    INFO(game.name);
    CHECK(rows.size() >= 3);
    for (const auto& row : rows) {
      INFO(game.name << ": " << row.name << " depth " << row.depth);
      CHECK(row.actual == row.expected);
    }
  }
}

TEST_CASE("perft on two threads counts what one thread counts, move by move", "[conformance][perft]") {
  for (const GameEntry& game : gamelab::game_registry()) {
    for (const auto& position : dataset_positions(game)) {
      INFO(game.name << ": " << position.name);
      gamelab::PerftRequest request;
      request.position.text = position.text;
      request.position.source = position.name;
      request.depth = std::max(1, position.fast_depth);
      request.divide = true;
      request.threads = 1;
      const auto one = game.perft(request);
      request.threads = 2;
      const auto two = game.perft(request);
      CHECK(one.nodes == two.nodes);
      REQUIRE(one.divide.size() == two.divide.size());
      for (std::size_t i = 0; i < one.divide.size(); ++i) {
        CHECK(one.divide[i].move == two.divide[i].move);
        CHECK(one.divide[i].nodes == two.divide[i].nodes);
      }
    }
  }
}

TEST_CASE("the perft dataset matches at every depth", "[conformance][perft][slow]") {
  for (const GameEntry& game : gamelab::game_registry()) {
    const auto rows = gamelab::run_perft_suite(game, gamelab::default_perft_dataset(game.name), {true, 0, 2});
    for (const auto& row : rows) {
      INFO(game.name << ": " << row.name << " depth " << row.depth);
      CHECK(row.actual == row.expected);
    }
  }
}

TEST_CASE("gamelab bench <game> --check matches the signature recorded in engines/<game>", "[conformance][bench]") {
  for (const GameEntry& game : gamelab::game_registry()) {
    if (!game.search) continue;
    const gamelab_test::Run r = run("bench " + game.name + " --check");
    INFO(game.name << ":\n" << r.output);
    CHECK(r.status == 0);
    CHECK_THAT(r.output, Catch::Contains(game.name + " bench") && Catch::Contains("signature matches"));
  }
}

TEST_CASE("gamelab perft <game> --suite checks the dataset at its fast depths", "[conformance][perft]") {
  for (const GameEntry& game : gamelab::game_registry()) {
    const gamelab_test::Run r = run("perft " + game.name + " --suite --threads 2");
    INFO(game.name << ":\n" << r.output);
    CHECK(r.status == 0);
    CHECK_THAT(r.output, Catch::Contains("counts match"));
  }
}
