// Raichu move generation and perft timings. Run: make bench (or build/bench/bench_raichu).
#include <benchmark/benchmark.h>

#include "raichu/eval.hpp"
#include "raichu/game.hpp"
#include "raichu/notation.hpp"
#include "search/alphabeta.hpp"
#include "search/perft.hpp"

using namespace gamelab::raichu;

namespace {

// A middle-game position with Raichus of both colours (from the bench suite, White to move).
const char* kMiddleGame = "...........$.....w...........WW..B.w....b...b.w......BB....@....";

void BM_GenerateMovesStart(benchmark::State& bench) {
  const State s = start_position(static_cast<int>(bench.range(0)));
  MoveList moves;
  for (auto _ : bench) {
    generate_moves(s, moves);
    benchmark::DoNotOptimize(moves.size());
  }
  bench.SetItemsProcessed(bench.iterations() * static_cast<std::int64_t>(moves.size()));
}
BENCHMARK(BM_GenerateMovesStart)->Arg(8)->Arg(16);

void BM_GenerateMovesMiddle(benchmark::State& bench) {
  const State s = parse_board(8, White, kMiddleGame);
  MoveList moves;
  for (auto _ : bench) {
    generate_moves(s, moves);
    benchmark::DoNotOptimize(moves.size());
  }
  bench.SetItemsProcessed(bench.iterations() * static_cast<std::int64_t>(moves.size()));
}
BENCHMARK(BM_GenerateMovesMiddle);

// Leaf nodes per second (items/s) of perft from the start position, one thread and two.
void BM_Perft(benchmark::State& bench) {
  const State s = start_position(static_cast<int>(bench.range(0)));
  const int depth = static_cast<int>(bench.range(1));
  const int threads = static_cast<int>(bench.range(2));
  std::uint64_t nodes = 0;
  for (auto _ : bench) {
    nodes = gamelab::search::divide_total(gamelab::search::perft_divide<Game>(s, depth, threads));
    benchmark::DoNotOptimize(nodes);
  }
  bench.SetItemsProcessed(bench.iterations() * static_cast<std::int64_t>(nodes));
}
BENCHMARK(BM_Perft)->Args({8, 5, 1})->Args({8, 6, 1})->Args({8, 6, 2})->Args({10, 5, 1})
    ->Unit(benchmark::kMillisecond)->UseRealTime();

// Evaluation calls per second on a middle-game position.
void BM_Evaluate(benchmark::State& bench) {
  const State s = parse_board(8, White, kMiddleGame);
  const std::vector<int> weights = default_params().values();
  for (auto _ : bench) benchmark::DoNotOptimize(evaluate(s, weights.data()));
  bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_Evaluate);

// Search nodes per second (items/s) at a fixed depth from the n = 8 start and the middle game.
void BM_Search(benchmark::State& bench) {
  const State s = bench.range(0) == 0 ? start_position(8) : parse_board(8, White, kMiddleGame);
  const auto params = default_params();
  gamelab::SearchLimits limits;
  limits.depth = static_cast<int>(bench.range(1));
  std::uint64_t nodes = 0;
  for (auto _ : bench) {
    gamelab::search::AlphaBeta<Game> engine(params.values(), gamelab::search::AlphaBetaKnobs::from(params));
    nodes = engine.search(s, limits).nodes;
  }
  bench.SetItemsProcessed(bench.iterations() * static_cast<std::int64_t>(nodes));
}
BENCHMARK(BM_Search)->Args({0, 9})->Args({1, 7})->Unit(benchmark::kMillisecond);

}  // namespace
