// Bullets perft: a start's joint actions, the dataset's coverage and its counts confirmed by the
// reference referee (the dataset itself and the thread split: tests/conformance/).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "bullets/entry.hpp"
#include "bullets/game.hpp"
#include "core/text_file.hpp"
#include "helpers.hpp"
#include "reference_rules.hpp"
#include "registry/perft_suite.hpp"
#include "search/simultaneous_perft.hpp"

using namespace bullets_test;

namespace {
const std::string kDataset = gamelab::default_perft_dataset("bullets");
}

TEST_CASE("perft of a 7x7 start counts joint actions", "[bullets][perft]") {
  const State s = drawn({"#######",
                         "#R....#",
                         "#.....#",
                         "#.....#",
                         "#.....#",
                         "#....B#",
                         "#######"});
  CHECK(gamelab::search::simultaneous_perft<Game>(s, 0) == 1);
  CHECK(gamelab::search::simultaneous_perft<Game>(s, 1) == 7 * 7);
  // Depth 2: of the 49 joint moves, those where a side shoots into its corner walls end the game.
  // Red's 4 and 6, Blue's 5 and 7: 2 x 7 + 7 x 2 - 2 x 2 = 24 end it, 25 go on.
  const auto entries = gamelab::search::simultaneous_perft_divide<Game>(s, 2, 1);
  int ended = 0;
  for (const auto& e : entries) ended += e.nodes == 0 ? 1 : 0;
  CHECK(ended == 24);
}

TEST_CASE("the reference referee confirms the dataset's shallow counts", "[bullets][perft]") {
  const auto data = nlohmann::json::parse(gamelab::read_text_file(kDataset));
  REQUIRE(data["positions"].size() >= 10);
  for (const auto& item : data["positions"]) {
    const auto g = reference_bullets::from_text(item["position"].get<std::string>());
    const auto counts = item["counts"].get<std::vector<unsigned long long>>();
    for (int depth = 1; depth <= std::min<int>(3, counts.size()); ++depth) {
      INFO(item["name"].get<std::string>() << " depth " << depth);
      CHECK(reference_bullets::perft(g, depth) == counts[depth - 1]);
    }
  }
}

TEST_CASE("the dataset covers the rules the issue names", "[bullets][perft]") {
  const auto data = nlohmann::json::parse(gamelab::read_text_file(kDataset));
  std::string names;
  for (const auto& item : data["positions"]) names += item["name"].get<std::string>() + "\n";
  for (const char* needed : {"shots into adjacent walls", "turns round in place for two turns", "swap",
                             "collision sends a player back onto a bullet", "both players hit",
                             "stepping towards a bullet two squares away"}) {
    INFO(needed);
    CHECK(names.find(needed) != std::string::npos);
  }
}
