// Games per hour of `gamelab match` on one process and on MPI ranks (docs/tools/distributed.md): a
// Raichu match at a fixed node limit, played by the gamelab binary as a user starts it, on 1 and 2
// ranks of one thread each (and, for comparison, one process with 1 and 2 threads). Wall time, whole
// command (start-up, records written in pair order). On a 2-core machine, 2 ranks should come close
// to twice the games per hour of 1; the figures and the scaling are in the closing note of issue 19.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace {

constexpr int kGames = 48;
constexpr const char* kLimit = "nodes=2000";

// Runs the match with `ranks` MPI ranks (0: no mpirun) and `threads` threads each; returns its seconds.
double run_match(int ranks, int threads) {
  const std::string records = (std::filesystem::temp_directory_path() / "gamelab_distributed_bench.jsonl").string();
  std::filesystem::remove(records);
  std::string command = std::string(GAMELAB_BINARY) + " match raichu --engine name=a," + kLimit + " --engine name=b," + kLimit +
                        " --games " + std::to_string(kGames) + " --seed 1 --concurrency " + std::to_string(threads) +
                        " --out " + records + " >/dev/null 2>&1";
  if (ranks > 0) {
    command = std::string(GAMELAB_MPIEXEC) + " --allow-run-as-root --oversubscribe -np " + std::to_string(ranks) + " " + command;
  }
  const auto start = std::chrono::steady_clock::now();
  const int status = std::system(command.c_str());
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::filesystem::remove(records);
  if (status != 0) throw std::runtime_error("failed: " + command);
  return seconds;
}

void BM_MatchGamesPerHour(benchmark::State& state) {
  const int ranks = static_cast<int>(state.range(0)), threads = static_cast<int>(state.range(1));
  double seconds = 0;
  for (auto _ : state) {
    const double s = run_match(ranks, threads);
    seconds += s;
    state.SetIterationTime(s);
  }
  state.counters["games_per_hour"] = kGames * static_cast<double>(state.iterations()) * 3600.0 / seconds;
  state.SetLabel(ranks == 0 ? "one process, " + std::to_string(threads) + " threads"
                            : std::to_string(ranks) + " MPI ranks x " + std::to_string(threads) + " thread");
}

}  // namespace

// {ranks (0: without mpirun), threads per rank}
BENCHMARK(BM_MatchGamesPerHour)
    ->Args({0, 1})
    ->Args({0, 2})
    ->Args({1, 1})
    ->Args({2, 1})
    ->UseManualTime()
    ->Iterations(2)
    ->Unit(benchmark::kSecond);
