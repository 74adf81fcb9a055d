// Tuner timings: Texel's gradient pass (positions per second per thread; target at least 5 million)
// and SPSA iterations per hour on Raichu at a small node limit. Run: build/bench/bench_tuner.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cmath>

#include "core/rng.hpp"
#include "registry/game_registry.hpp"
#include "eval/distributed/process_group.hpp"
#include "tuner/spsa/registry_player.hpp"
#include "tuner/texel/texel.hpp"

using namespace gamelab;
using namespace gamelab::tuner;

namespace {

// Raichu-shaped rows: 15 weights, 6-14 non-zero features per position (what datagen gives).
const TexelData& texel_rows() {
  static const TexelData data = [] {
    TexelData d;
    d.weights = 15;
    Rng rng(1);
    for (int i = 0; i < 1000000; ++i) {
      std::vector<EvalFeature> features;
      const int count = 6 + static_cast<int>(rng.below(9));
      for (int f = 0; f < count; ++f) features.push_back({static_cast<int>(rng.below(15)), static_cast<int>(rng.below(9)) - 4});
      d.add_row(features, static_cast<double>(rng.below(3)) / 2);
    }
    return d;
  }();
  return data;
}

// One full-batch gradient pass; items/s = positions per second on `threads` threads.
void BM_TexelGradient(benchmark::State& bench) {
  const TexelData& data = texel_rows();
  const int threads = static_cast<int>(bench.range(0));
  std::vector<double> weights(15, 20.0), gradient;
  for (auto _ : bench) benchmark::DoNotOptimize(texel_mse_gradient(data, weights, 0.005, threads, gradient));
  bench.SetItemsProcessed(bench.iterations() * static_cast<std::int64_t>(data.rows()));
  bench.counters["positions_per_s_per_thread"] =
      benchmark::Counter(static_cast<double>(data.rows()) / threads, benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_TexelGradient)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// One SPSA iteration of K pairs on Raichu at `nodes` per move (all 23 tunable parameters perturbed),
// on 1 or 2 threads. The counter is iterations per hour.
void BM_SpsaIterationRaichu(benchmark::State& bench) {
  const int nodes = static_cast<int>(bench.range(0));
  const int pairs = static_cast<int>(bench.range(1));
  const int threads = static_cast<int>(bench.range(2));
  const ParamSet base = find_game("raichu").default_params();
  std::vector<std::string> tuned;
  for (const auto& p : base.all()) {
    if (p.c_end > 0 && p.r_end > 0) tuned.push_back(p.name);
  }
  const Spsa spsa(base, tuned, SpsaSchedule::for_iterations(1000), 1);
  const Positions positions = campaign_positions("raichu", "", "", 1);
  SpsaSettings settings;
  settings.game = "raichu";
  settings.base = base;
  settings.tuned = tuned;
  settings.limits = "nodes=" + std::to_string(nodes);
  const PairPlayer player = registry_pair_player(settings, positions, threads);
  int k = 0;
  const auto start = std::chrono::steady_clock::now();
  for (auto _ : bench) {
    ++k;
    const Perturbation p = spsa.perturb(k, spsa.start());
    std::vector<std::uint64_t> indices;
    for (int j = 0; j < pairs; ++j) indices.push_back(static_cast<std::uint64_t>(k) * pairs + j);
    benchmark::DoNotOptimize(player({k, 1, p.plus, p.minus}, indices));
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  bench.counters["iterations_per_hour"] = 3600.0 * k / seconds;
  bench.counters["games_per_hour"] = 3600.0 * k * 2 * pairs / seconds;
}
BENCHMARK(BM_SpsaIterationRaichu)->Args({1000, 4, 1})->Args({1000, 4, 2})->Unit(benchmark::kSecond)->UseRealTime()->Iterations(3);

}  // namespace
