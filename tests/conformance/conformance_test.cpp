// The conformance suite: what every game on the list passes, for every game the registry holds, in
// the manner of OpenSpiel's basic tests. A game gets these checks by being registered; its own tests
// (tests/<game>/) keep only what is particular to it: its rules, its notation and its protocol.
#include <signal.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "common/run.hpp"
#include "conformance/helpers.hpp"
#include "core/text_file.hpp"
#include "registry/game_registry.hpp"
#include "registry/perft_suite.hpp"

using gamelab::GameEntry;
using gamelab_test::run;
using gamelab_test::start_gamelab;

using conformance::dataset_positions;
using conformance::self_play_positions;

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

TEST_CASE("gamelab perft <game> --check checks the dataset at its fast depths", "[conformance][perft]") {
  for (const GameEntry& game : gamelab::game_registry()) {
    const gamelab_test::Run r = run("perft " + game.name + " --check --threads 2");
    INFO(game.name << ":\n" << r.output);
    CHECK(r.status == 0);
    CHECK_THAT(r.output, Catch::Contains("counts match"));
  }
}

TEST_CASE("datagen writes the same file for a seed on one or two threads, and after a kill and --resume",
          "[conformance][datagen]") {
  for (const GameEntry& game : gamelab::game_registry()) {
    if (!game.datagen_game) continue;
    INFO(game.name);
    const std::string name = game.name + "_datagen";
    const std::string args = "datagen " + game.name + " --limit nodes=300 --seed 5" + self_play_positions(game);
    const auto whole = run(args + " --games 4 --out " + name + "_whole.data");
    INFO(whole.output);
    REQUIRE(whole.status == 0);
    REQUIRE(run(args + " --games 4 --concurrency 2 --out " + name + "_two.data").status == 0);
    CHECK(gamelab::read_text_file(name + "_two.data") == gamelab::read_text_file(name + "_whole.data"));

    // Killed as soon as its partial file holds a game, then resumed; a game whose run ends before the
    // kill plays a longer one.
    for (int games = 4;; games *= 4) {
      const std::string killed = name + "_killed_" + std::to_string(games) + ".data";
      const std::string command = args + " --games " + std::to_string(games) + " --out ";
      const pid_t child = start_gamelab(command + killed);
      REQUIRE(child > 0);
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
      while (std::chrono::steady_clock::now() < deadline &&
             !(std::filesystem::exists(killed + ".partial") && std::filesystem::file_size(killed + ".partial") > 0)) {
        std::this_thread::sleep_for(std::chrono::microseconds(200));
      }
      ::kill(child, SIGKILL);
      int status = 0;
      ::waitpid(child, &status, 0);
      if (std::filesystem::exists(killed)) {
        REQUIRE(games < 4 * 256);
        continue;
      }
      const auto resumed = run(command + killed + " --resume");
      INFO(resumed.output);
      CHECK(resumed.status == 0);
      REQUIRE(run(command + name + "_uninterrupted.data").status == 0);
      CHECK(gamelab::read_text_file(killed) == gamelab::read_text_file(name + "_uninterrupted.data"));
      break;
    }
  }
}
