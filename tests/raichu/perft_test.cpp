// Raichu perft: the start's first counts, the dataset's shallow counts by the reference generator, and
// a malformed dataset's errors (the dataset itself and the thread split: tests/conformance/).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "core/text_file.hpp"
#include "helpers.hpp"
#include "raichu/entry.hpp"
#include "raichu/game.hpp"
#include "reference_movegen.hpp"
#include "registry/perft_suite.hpp"
#include "search/perft.hpp"

using namespace raichu_test;

namespace {
const std::string kDataset = gamelab::default_perft_dataset("raichu");
}

TEST_CASE("perft of the n = 8 start position", "[raichu][perft]") {
  const State s = start_position(8);
  CHECK(gamelab::search::perft<Game>(s, 0) == 1);
  CHECK(gamelab::search::perft<Game>(s, 1) == 22);
}

TEST_CASE("the reference generator confirms the dataset's shallow counts", "[raichu][perft]") {
  const auto data = nlohmann::json::parse(gamelab::read_text_file(kDataset));
  REQUIRE(data["positions"].size() >= 11);
  for (const auto& item : data["positions"]) {
    const State s = parse_position_text(item["position"], item["name"]);
    const auto counts = item["counts"].get<std::vector<unsigned long long>>();
    for (int depth = 1; depth <= std::min<int>(3, counts.size()); ++depth) {
      INFO(item["name"].get<std::string>() << " depth " << depth);
      CHECK(reference_raichu::perft(s.n, side_char(s.side), board_string(s), depth) == counts[depth - 1]);
    }
  }
}

TEST_CASE("a malformed dataset is reported by file and position", "[raichu][perft]") {
  const std::string path = "raichu_bad_dataset.json";
  gamelab::write_file_atomic(path, R"({"game": "raichu", "positions": [{"name": "x", "counts": [1]}]})");
  CHECK_THROWS_WITH(gamelab::run_perft_suite(game_entry(), path, {}),
                    Catch::Contains("raichu_bad_dataset.json: positions[0]") && Catch::Contains("fast_depth"));
  gamelab::write_file_atomic(path, R"({"game": "raichu", "positions": [)");
  CHECK_THROWS_WITH(gamelab::run_perft_suite(game_entry(), path, {}), Catch::Contains("not valid JSON"));
  std::remove(path.c_str());
}
