// eval::play_pair, the match runner's pair, as the tuners call it.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>

#include "eval/match/match_runner.hpp"
#include "registry/game_registry.hpp"

using namespace gamelab;
using namespace gamelab::eval;

TEST_CASE("play_pair plays exactly the pair run_match records", "[match]") {
  const GameEntry& game = find_game("raichu");
  MatchConfig config;
  config.game = "raichu";
  config.engines = {parse_engine_arg("name=a,nodes=300", game), parse_engine_arg("name=b,depth=2", game)};
  config.games = 4;
  config.seed = 8;
  config.records = "play_pair.jsonl";
  config.progress_interval_s = 100;
  std::filesystem::remove(config.records);
  std::ostringstream log;
  run_match(config, log);
  auto records = read_records(config.records).records;
  std::sort(records.begin(), records.end(), [](const auto& x, const auto& y) { return x.pair < y.pair; });
  REQUIRE(records.size() == 2);
  const auto positions = load_match_positions(config);
  for (std::uint64_t k = 0; k < 2; ++k) {
    CHECK(play_pair(game, positions, config.engines[0], config.engines[1], config.seed, k) == records[k]);
  }
}
