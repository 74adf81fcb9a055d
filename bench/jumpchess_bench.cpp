// Jump chess move generation, path replay, perft, evaluation and search timings.
// Run: make bench (or build/bench/bench_jumpchess).
#include <benchmark/benchmark.h>

#include <memory>

#include "jumpchess/eval.hpp"
#include "jumpchess/game.hpp"
#include "jumpchess/notation.hpp"
#include "jumpchess/path.hpp"
#include "search/alphabeta.hpp"
#include "search/perft.hpp"

using namespace gamelab::jumpchess;

namespace {

// Black pieces inside a web of 9 white pieces (the dataset's "web of captures"): many branching chains.
const char* kWeb = "10000000/00000000/00120200/00201020/00021200/00102020/00020100/00000001";
// The snake: one chain of 15 hops and its prefixes.
const char* kSnake = "11020100/00000020/01020100/20000000/01020100/00000020/01020100/00000000";
// A middle game (datasets/bench/jumpchess.json, "random 44 plies #1"), Black to move.
const char* kMiddleGame = "00000000/11100020/01000000/00012022/00100200/00100020/00000000/00010002";

void BM_GenerateMovesStart(benchmark::State& bench) {
  const State s = start_position();
  MoveList moves;
  for (auto _ : bench) {
    generate_moves(s, moves);
    benchmark::DoNotOptimize(moves.size());
  }
  bench.SetItemsProcessed(bench.iterations() * static_cast<std::int64_t>(moves.size()));
}
BENCHMARK(BM_GenerateMovesStart);

void BM_GenerateMovesChains(benchmark::State& bench) {
  const State s = parse_board_digits(bench.range(0) == 0 ? kWeb : kSnake, Black);
  MoveList moves;
  for (auto _ : bench) {
    generate_moves(s, moves);
    benchmark::DoNotOptimize(moves.size());
  }
  bench.SetItemsProcessed(bench.iterations() * static_cast<std::int64_t>(moves.size()));
  bench.SetLabel(bench.range(0) == 0 ? "web of captures" : "snake of 15 hops");
}
BENCHMARK(BM_GenerateMovesChains)->Arg(0)->Arg(1);

// Replaying every move's path of the web position (what a referee does with each move it receives).
void BM_ReplayPaths(benchmark::State& bench) {
  const State s = parse_board_digits(kWeb, Black);
  MoveList moves;
  generate_moves(s, moves);
  std::vector<Path> paths;
  for (const Move& m : moves) paths.push_back(path_of(m));
  for (auto _ : bench) {
    for (const Path& path : paths) benchmark::DoNotOptimize(replay_path(s, path).ok);
  }
  bench.SetItemsProcessed(bench.iterations() * static_cast<std::int64_t>(paths.size()));
}
BENCHMARK(BM_ReplayPaths);

// Leaf nodes per second (items/s) of perft from the start position (depth, threads).
void BM_Perft(benchmark::State& bench) {
  const State s = start_position();
  const int depth = static_cast<int>(bench.range(0));
  const int threads = static_cast<int>(bench.range(1));
  std::uint64_t nodes = 0;
  for (auto _ : bench) {
    nodes = gamelab::search::divide_total(gamelab::search::perft_divide<Game>(s, depth, threads));
    benchmark::DoNotOptimize(nodes);
  }
  bench.SetItemsProcessed(bench.iterations() * static_cast<std::int64_t>(nodes));
}
BENCHMARK(BM_Perft)->Args({5, 1})->Args({5, 2})->Args({6, 1})->Args({6, 2})
    ->Unit(benchmark::kMillisecond)->UseRealTime();

// The same from the web position, where chains dominate.
void BM_PerftWeb(benchmark::State& bench) {
  const State s = parse_board_digits(kWeb, Black);
  const int threads = static_cast<int>(bench.range(0));
  std::uint64_t nodes = 0;
  for (auto _ : bench) {
    nodes = gamelab::search::divide_total(gamelab::search::perft_divide<Game>(s, 4, threads));
    benchmark::DoNotOptimize(nodes);
  }
  bench.SetItemsProcessed(bench.iterations() * static_cast<std::int64_t>(nodes));
}
BENCHMARK(BM_PerftWeb)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// Evaluation calls per second (items/s): the search's form, given the side to move's moves, and the
// Texel tuner's form, which generates them (both generate the opponent's moves for its features).
void BM_Evaluate(benchmark::State& bench) {
  const State s = parse_board_digits(kMiddleGame, Black);
  const std::vector<int> weights = default_params().values();
  MoveList moves;
  generate_moves(s, moves);
  for (auto _ : bench) {
    benchmark::DoNotOptimize(bench.range(0) == 0 ? evaluate(s, weights.data(), moves) : evaluate(s, weights.data()));
  }
  bench.SetItemsProcessed(bench.iterations());
  bench.SetLabel(bench.range(0) == 0 ? "with the search's move list" : "generating the moves");
}
BENCHMARK(BM_Evaluate)->Arg(0)->Arg(1);

// Search nodes per second (items/s) at a fixed depth from the start and the middle game (cold engine).
void BM_Search(benchmark::State& bench) {
  const State s = bench.range(0) == 0 ? start_position() : parse_board_digits(kMiddleGame, Black);
  const auto params = default_params();
  gamelab::SearchLimits limits;
  limits.depth = static_cast<int>(bench.range(1));
  std::uint64_t nodes = 0;
  for (auto _ : bench) {
    auto engine = std::make_unique<gamelab::search::AlphaBeta<Game>>(params.values(),
                                                                       gamelab::search::AlphaBetaKnobs::from(params));
    nodes = engine->search(s, limits).nodes;
  }
  bench.SetItemsProcessed(bench.iterations() * static_cast<std::int64_t>(nodes));
}
BENCHMARK(BM_Search)->Args({0, 9})->Args({1, 8})->Unit(benchmark::kMillisecond);

}  // namespace
