// The match runner's throughput and overhead, for every game that can play matches.
//
// The pairs of a small match (10,000 nodes a move) are played twice: by calling the game's referee
// (GameEntry::play_game) directly, where almost all of the time is the engines' search, and through
// eval::run_match on one thread (openings, records appended and fsync'ed, statistics after every
// pair). Reported: games per hour on one core through the runner, and the runner's overhead over the
// raw games (target: under 5%).
#include <benchmark/benchmark.h>

#include <time.h>

#include <filesystem>
#include <sstream>

#include "core/rng.hpp"
#include "eval/match/match_runner.hpp"
#include "registry/game_registry.hpp"

namespace {

using namespace gamelab;

constexpr int kPairs = 4;
constexpr const char* kNodes = "nodes=10000";

eval::MatchConfig bench_config(const GameEntry& game, const std::string& records) {
  eval::MatchConfig config;
  config.game = game.name;
  config.engines = {eval::parse_engine_arg(std::string("name=A,") + kNodes, game),
                    eval::parse_engine_arg(std::string("name=B,") + kNodes, game)};
  config.games = 2 * kPairs;
  config.concurrency = 1;
  config.seed = 1;
  config.records = records;
  config.progress_interval_s = 1e9;
  return config;
}

double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// The pairs of the match, played by calling the referee directly: returns the games played.
std::int64_t play_raw(const GameEntry& game, const eval::MatchConfig& config,
                      const std::vector<std::pair<std::string, std::string>>& positions) {
  std::int64_t games = 0;
  for (std::uint64_t k = 0; k < kPairs; ++k) {
    const auto& [opening, source] = positions[k % positions.size()];
    for (int g = 0; g < 2; ++g) {
      GameRequest request;
      request.opening = opening;
      request.opening_source = source;
      request.seed = derive_seed(config.seed, k);
      request.players = {config.engines[g].player, config.engines[1 - g].player};
      benchmark::DoNotOptimize(game.play_game(request));
      ++games;
    }
  }
  return games;
}

// CPU time (this process) of the raw games and of the same pairs through run_match, alternated each
// iteration so that both see the same machine; CPU time, not wall time, so that other processes on
// the machine do not count.
void BM_MatchOverhead(benchmark::State& state, const GameEntry* game) {
  const std::string records =
      (std::filesystem::temp_directory_path() / ("gamelab_match_bench_" + game->name + ".jsonl")).string();
  const eval::MatchConfig config = bench_config(*game, records);
  std::vector<std::pair<std::string, std::string>> positions;
  try {
    positions = eval::load_match_positions(config);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  double raw_cpu = 0, runner_cpu = 0;
  std::int64_t raw_games = 0, runner_games = 0;
  for (auto _ : state) {
    double t0 = process_cpu_seconds();
    raw_games += play_raw(*game, config, positions);
    double t1 = process_cpu_seconds();
    std::filesystem::remove(records);
    std::ostringstream progress;
    runner_games += static_cast<std::int64_t>(eval::run_match(config, progress).wdl.games());
    double t2 = process_cpu_seconds();
    raw_cpu += t1 - t0;
    runner_cpu += t2 - t1;
  }
  std::filesystem::remove(records);
  const double raw_per_game = raw_cpu / static_cast<double>(raw_games);
  const double runner_per_game = runner_cpu / static_cast<double>(runner_games);
  state.counters["games_per_hour_per_core"] = 3600.0 / runner_per_game;
  state.counters["raw_ms_per_game"] = 1000.0 * raw_per_game;
  state.counters["runner_ms_per_game"] = 1000.0 * runner_per_game;
  state.counters["overhead_pct"] = 100.0 * (runner_per_game - raw_per_game) / raw_per_game;
}

const bool registered = [] {
  for (const GameEntry& game : game_registry()) {
    if (!game.play_game || !game.default_params) continue;
    benchmark::RegisterBenchmark(("BM_MatchOverhead/" + game.name).c_str(), BM_MatchOverhead, &game)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(3);
  }
  return true;
}();

}  // namespace
