#pragma once
// What every game whose engine plays a learned evaluation file must do on the command line and in
// the registry's search (the conformance suite, tests/conformance/learned_test.cpp; docs/tools/train.md
// §8): a file trained by `gamelab train` on a tiny datagen plays in search, match, datagen, bench and
// tune spsa; datagen with a file names it and repeats itself; a search with a file gives the same answer
// for the same seed. Each game gives only what differs: its positions, its bench's arguments, its
// files' names.
#include <catch2/catch.hpp>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "common/run.hpp"
#include "core/text_file.hpp"
#include "learned_files.hpp"
#include "registry/game_registry.hpp"

namespace train_test {

// `command` (a `gamelab datagen` whose evaluation is `file`) run twice, to `prefix`a.data and
// `prefix`b.data: the data's header names the file, and the same command gives the same data.
inline void check_datagen_with_file(const std::string& command, const std::string& file, const std::string& prefix) {
  for (const std::string& out : {prefix + "a.data", prefix + "b.data"}) {
    const auto datagen = gamelab_test::run(command + " --out " + out);
    INFO(datagen.output);
    REQUIRE(datagen.status == 0);
  }
  const std::string data = gamelab::read_text_file(prefix + "a.data");
  CHECK_THAT(data.substr(0, data.find('\n')), Catch::Matchers::Contains("eval=" + file));
  CHECK(data == gamelab::read_text_file(prefix + "b.data"));
}

// `command` (a `gamelab tune spsa` with --eval `file` and --campaign `campaign`) succeeds, and the
// campaign's configuration keeps the file for a resume.
inline void check_spsa_keeps_file(const std::string& command, const std::string& campaign, const std::string& file) {
  std::filesystem::remove_all(campaign);
  const auto spsa = gamelab_test::run(command);
  INFO(spsa.output);
  CHECK(spsa.status == 0);
  CHECK_THAT(gamelab::read_text_file(campaign + "/config.json"),
             Catch::Matchers::Contains("\"eval\"") && Catch::Matchers::Contains(file));
}

// The game's bench suite cut to its first three positions at 200 iterations, written to
// `prefix`-bench.json: the `gamelab bench` arguments that run it.
inline std::string short_bench_suite(const std::string& game, const std::string& prefix) {
  nlohmann::json suite = nlohmann::json::parse(gamelab::read_text_file(GAMELAB_DATA_DIR "/bench/" + game + ".json"));
  suite["nodes"] = 200;
  suite["positions"].erase(suite["positions"].begin() + 3, suite["positions"].end());
  gamelab::write_file_atomic(prefix + "-bench.json", suite.dump());
  return "--positions " + prefix + "-bench.json";
}

// What one game's "a trained file plays in search, match, datagen, bench and tune spsa" needs.
struct TrainedFileCli {
  std::string game;
  std::string prefix;       // of the temporary files: PREFIX-learned.jsonl, PREFIX-a.data, PREFIX-spsa, ...
  std::string search;       // the position and limit of `gamelab search` ("--board FILE --limit nodes=400", "--limit nodes=3000")
  std::string seed;         // the search's seed option, if any ("--seed 2")
  bool same_analysis;       // the two searches' analyses are equal too (no time in them)
  std::string positions;    // where match, datagen and tune spsa take their games ("--boards DIR"), if not the start
  int datagen_nodes;        // datagen's node limit
  std::string bench;        // `gamelab bench GAME` arguments ("--positions FILE", "--depth 3")
  std::string bench_heading;  // what the bench's output must say before the learned engine's line
};

// A trained `file` plays in search (the same answer twice at a seed, and --eval-mode replace), match
// (its engine's name says +eval:), datagen (header, same data twice), bench (beside the hand-made
// engine) and tune spsa (kept in the configuration).
inline void check_trained_file_plays(const TrainedFileCli& g, const std::string& file) {
  using Catch::Matchers::Contains;
  using gamelab_test::run;
  const std::string positions = g.positions.empty() ? "" : " " + g.positions;
  const std::string search = "search " + g.game + " " + g.search;
  const std::string seeded = search + (g.seed.empty() ? "" : " " + g.seed);
  const auto first = run(seeded + " --json --eval " + file);
  INFO(first.output);
  REQUIRE(first.status == 0);
  const auto again = run(seeded + " --json --eval " + file);
  const auto a = nlohmann::json::parse(first.output), b = nlohmann::json::parse(again.output);
  CHECK(a["best"] == b["best"]);
  CHECK(a["score"] == b["score"]);
  CHECK(a["nodes"] == b["nodes"]);
  if (g.same_analysis) CHECK(a["analysis"] == b["analysis"]);
  CHECK(run(search + " --eval-mode replace --eval " + file).status == 0);

  const auto match = run("match " + g.game + " --engine name=learned,nodes=100,eval=" + file + " --engine name=hand,nodes=100" +
                         positions + " --games 2 --seed 7 --out " + g.prefix + "-learned.jsonl");
  INFO(match.output);
  CHECK(match.status == 0);
  CHECK_THAT(match.output, Contains("learned vs hand: 2 games"));
  CHECK_THAT(gamelab::read_text_file(g.prefix + "-learned.jsonl"), Contains("+eval:"));

  check_datagen_with_file("datagen " + g.game + " --games 2 --limit nodes=" + std::to_string(g.datagen_nodes) + " --seed 4" +
                              positions + " --eval " + file,
                          file, g.prefix + "-");

  const auto bench = run("bench " + g.game + " " + g.bench + " --eval " + file);
  INFO(bench.output);
  CHECK(bench.status == 0);
  CHECK_THAT(bench.output, Contains(g.bench_heading) && Contains("learned (") && Contains("x the hand-made's"));

  check_spsa_keeps_file("tune spsa " + g.game + " --eval " + file + " --iterations 1 --pairs-per-iteration 1 --limit nodes=50" +
                            positions + " --verify-games 0 --campaign " + g.prefix + "-spsa",
                        g.prefix + "-spsa", file);
}

}  // namespace train_test
