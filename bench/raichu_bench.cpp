// Raichu move generation and perft timings. Run: make bench (or build/bench/bench_raichu).
#include <benchmark/benchmark.h>

#include "raichu/game.hpp"
#include "raichu/notation.hpp"
#include "search/perft.hpp"

using namespace gamelab::raichu;

namespace {

// A middle-game position with Raichus on the board (reached by hand from the n = 8 start).
const char* kMiddleGame = "........W...@.W...w.w..w..W.b.......b.....$..b.b.b...B.B..B.....";

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

}  // namespace
