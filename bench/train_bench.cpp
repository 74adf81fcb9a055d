// The trainer's throughput (tuner/train/): one epoch over Raichu positions, in positions per epoch per
// second per thread (the counter positions_per_s_per_thread; goal for the network form: at least 1 M).
// The positions come from seeded random Raichu games on the 8 x 8 board, as sparse inputs
// (engines/raichu/sparse_inputs.hpp), labelled with a made-up target: the speed does not depend on it.
// Run: build/bench/bench_train. On the lab's loaded 2-core machine (another run using most of both
// cores): linear 24-28 M, network 2 x 32 3.5-3.9 M, 2 x 128 1.0-1.2 M, on one thread; two threads
// are only faster on a machine with two free cores (OMP_WAIT_POLICY=passive on a busy one).
#include <benchmark/benchmark.h>

#include <cmath>

#include "core/rng.hpp"
#include "raichu/movegen.hpp"
#include "raichu/rules.hpp"
#include "raichu/sparse_inputs.hpp"
#include "tuner/train/fit.hpp"

using namespace gamelab;
using namespace gamelab::train;

namespace {

const TrainData& raichu_rows() {
  static const TrainData data = [] {
    using namespace gamelab::raichu;
    TrainData d;
    d.inputs = kSparseInputCount;
    Rng rng(1);
    std::uint32_t active[kSparseMaxActive];
    while (d.rows() < 200000) {
      State s = start_position(8);
      while (!result(s).over() && d.rows() < 200000) {
        std::vector<std::uint32_t> views[2];
        for (int v = 0; v < 2; ++v) {
          const int n = active_sparse_inputs(s, v == 0 ? s.side : opponent(s.side), active);
          views[v].assign(active, active + n);
        }
        const double target = 1 / (1 + std::exp(-(static_cast<double>(s.piece_count(s.side)) - s.piece_count(opponent(s.side)))));
        d.add_row(views[0], views[1], target);
        raichu::MoveList moves;
        generate_moves(s, moves);
        s = play(s, moves[rng.below(moves.size())]);
      }
    }
    return d;
  }();
  return data;
}

// One epoch (batches of 16384); args: form (0 linear, 1 network), hidden units, threads.
void BM_TrainEpoch(benchmark::State& bench) {
  const TrainData& data = raichu_rows();
  const Form form = bench.range(0) ? Form::Network : Form::Linear;
  const auto hidden = static_cast<std::uint32_t>(bench.range(1));
  FitSettings s;
  s.threads = static_cast<int>(bench.range(2));
  Model model = initial_model(form, data.inputs, hidden, raichu::kSparseMaxActive, 1);
  AdamState adam;
  int epoch = 0;
  for (auto _ : bench) train_epoch(model, adam, data, ++epoch, s);
  bench.SetItemsProcessed(bench.iterations() * static_cast<std::int64_t>(data.rows()));
  bench.counters["positions_per_s_per_thread"] =
      benchmark::Counter(static_cast<double>(data.rows()) / s.threads, benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_TrainEpoch)
    ->Args({0, 0, 1})
    ->Args({1, 32, 1})
    ->Args({1, 32, 2})
    ->Args({1, 128, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
