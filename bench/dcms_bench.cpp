// Dog-Cat-Mouse-cheeSe timings: action generation, joint plays, random games, perft, the evaluation
// and the engine's MCTS iterations.
// Run: make bench (or build/bench/bench_dcms).
#include <benchmark/benchmark.h>

#include <string>

#include "core/rng.hpp"
#include "dcms/engine.hpp"
#include "dcms/eval.hpp"
#include "dcms/game.hpp"
#include "dcms/notation.hpp"
#include "dcms/setup.hpp"
#include "search/simultaneous_perft.hpp"

using namespace gamelab::dcms;

namespace {

std::string rows(const std::vector<std::string>& compact) {
  std::string out;
  for (const auto& row : compact) {
    for (char ch : row) out += ch == '#' ? "WWWW" : "    ";
    out += "\n";
  }
  return out;
}

const std::vector<std::string> kOpen5x8 = {"########", "#......#", "#......#", "#......#", "########"};
const std::vector<std::string> kOpen7x8 = {"########", "#......#", "#......#", "#......#",
                                           "#......#", "#......#", "########"};

// The dataset's positions (datasets/perft/dcms.json).
State mouse_open() { return parse_position_text("mouse 7 8 0\n" + rows(kOpen7x8) + "S 3 1\nM 2 2\ns 3 6\nm 4 5\n", "bench"); }
State full_captures() {
  return parse_position_text("full 5 8 0\n" + rows(kOpen5x8) + "S 2 1\ns 2 6\nM 3 3\nm 3 4\nC 1 3\nc 1 4\nD 2 3\nd 2 4\n", "bench");
}
State full_middle() {
  return parse_position_text("full 7 8 0\n" + rows(kOpen7x8) + "S 3 1\ns 3 6\nM 3 3\nm 3 4\nC 2 3\nc 2 4\nD 4 3\nd 4 4\n", "bench");
}

void BM_GenerateActions(benchmark::State& bench) {
  const State s = full_middle();  // three pieces in the open: 729 actions
  ActionList actions;
  for (auto _ : bench) {
    generate_actions(s, kBlue, actions);
    benchmark::DoNotOptimize(actions.size());
  }
  bench.SetItemsProcessed(bench.iterations() * static_cast<std::int64_t>(actions.size()));
}
BENCHMARK(BM_GenerateActions);

// Joint plays per second (items/s): every (blue, red) pair of a position played once per iteration.
void BM_JointPlay(benchmark::State& bench) {
  const State s = bench.range(0) == 0 ? mouse_open() : full_captures();
  ActionList a, b;
  generate_actions(s, kBlue, a);
  generate_actions(s, kRed, b);
  for (auto _ : bench) {
    std::uint64_t sum = 0;
    for (const auto& x : a) {
      for (const auto& y : b) sum += play(s, x, y).hash;
    }
    benchmark::DoNotOptimize(sum);
  }
  bench.SetItemsProcessed(bench.iterations() * static_cast<std::int64_t>(a.size() * b.size()));
  bench.SetLabel(bench.range(0) == 0 ? "mouse, 81 joint moves" : "full, 104976 joint moves");
}
BENCHMARK(BM_JointPlay)->Arg(0)->Arg(1);

// Whole random games (items/s = turns) on a generated 11x15 board from random legal setups.
void BM_RandomGame(benchmark::State& bench) {
  const Variant variant = bench.range(0) == 0 ? Variant::Mouse : Variant::Full;
  const Board board = *parse_position_text(
      "full 11 15 0\n" + rows({"###############", "#.#.#.....#.#.#", "#.............#", "#..#.......#..#",
                               "#.#.........#.#", "#.............#", "#..#...#...#..#", "#.............#",
                               "#.............#", "#..#.......#..#", "###############"}),
      "bench").board;
  const State setup = setup_state(board, variant);
  const auto blue = setup_squares(board, kBlue), red = setup_squares(board, kRed);
  gamelab::Rng rng(1);
  std::int64_t turns = 0;
  for (auto _ : bench) {
    State s = place_pieces(setup, placement_at(blue, variant, rng.below(placement_count(board, variant, kBlue))),
                           placement_at(red, variant, rng.below(placement_count(board, variant, kRed))));
    ActionList a, b;
    while (!ends_before_moves(s)) {
      generate_actions(s, kBlue, a);
      generate_actions(s, kRed, b);
      s = play(s, a[rng.below(a.size())], b[rng.below(b.size())]);
      ++turns;
    }
    benchmark::DoNotOptimize(s.hash);
  }
  bench.SetItemsProcessed(turns);
}
BENCHMARK(BM_RandomGame)->Arg(0)->Arg(1);

// Perft leaves per second (items/s): (position, depth, threads).
void BM_Perft(benchmark::State& bench) {
  const State s = bench.range(0) == 0 ? mouse_open() : full_captures();
  const int depth = static_cast<int>(bench.range(1));
  const int threads = static_cast<int>(bench.range(2));
  std::uint64_t nodes = 0;
  for (auto _ : bench) {
    nodes = 0;
    for (const auto& entry : gamelab::search::simultaneous_perft_divide<Game>(s, depth, threads)) nodes += entry.nodes;
    benchmark::DoNotOptimize(nodes);
  }
  bench.SetItemsProcessed(bench.iterations() * static_cast<std::int64_t>(nodes));
  bench.SetLabel(bench.range(0) == 0 ? "mouse open 7x8" : "full: captures at every rank");
}
BENCHMARK(BM_Perft)
    ->Args({0, 4, 1})
    ->Args({0, 5, 1})
    ->Args({0, 5, 2})
    ->Args({1, 2, 1})
    ->Args({1, 2, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// A middle-game position on a generated 11 x 15 board (pieces apart, walls between them).
State middle_game(Variant variant) {
  const std::string text = std::string(variant == Variant::Mouse ? "mouse" : "full") + " 11 15 6\n" +
                           rows({"###############", "#.#.#.....#.#.#", "#.............#", "#..#.......#..#",
                                 "#.#.........#.#", "#.............#", "#..#...#...#..#", "#.............#",
                                 "#.............#", "#..#.......#..#", "###############"}) +
                           (variant == Variant::Mouse ? "S 5 1\nM 3 5\ns 5 13\nm 7 9\n"
                                                      : "S 5 1\nM 3 5\nC 5 3\nD 7 6\ns 5 13\nm 7 9\nc 5 11\nd 3 8\n");
  return parse_position_text(text, "bench");
}

// Evaluation calls per second (items/s), on the positions of a seeded random game from middle_game()
// (the board's distance table is built before the timing).
void BM_Evaluate(benchmark::State& bench) {
  const Variant variant = bench.range(0) == 0 ? Variant::Mouse : Variant::Full;
  State s = middle_game(variant);
  std::vector<State> positions;
  gamelab::Rng rng(3);
  while (!ends_before_moves(s) && positions.size() < 40) {
    positions.push_back(s);
    ActionList a, b;
    generate_actions(s, kBlue, a);
    generate_actions(s, kRed, b);
    s = play(s, a[rng.below(a.size())], b[rng.below(b.size())]);
  }
  const std::vector<int> weights = default_params().values();
  std::int64_t calls = 0;
  for (auto _ : bench) {
    int sum = 0;
    for (const State& p : positions) sum += evaluate(p, weights.data());
    benchmark::DoNotOptimize(sum);
    calls += static_cast<std::int64_t>(positions.size());
  }
  bench.SetItemsProcessed(calls);
  bench.SetLabel(std::string(variant == Variant::Mouse ? "mouse, " : "full, ") + std::to_string(positions.size()) + " positions");
}
BENCHMARK(BM_Evaluate)->Arg(0)->Arg(1);

// MCTS iterations per second (items/s) of the engine with its default parameters: one search of
// 20,000 iterations per benchmark iteration from a middle-game position on a generated 11 x 15 board.
void BM_MctsIterations(benchmark::State& bench) {
  const Variant variant = bench.range(0) == 0 ? Variant::Mouse : Variant::Full;
  const State s = middle_game(variant);
  gamelab::SearchLimits limits;
  limits.nodes = 20000;
  std::int64_t iterations = 0;
  std::uint64_t seed = 1;
  for (auto _ : bench) {
    Engine engine(default_params(), seed++);
    const MoveSearch found = engine.choose_action(s, kBlue, limits);
    iterations += static_cast<std::int64_t>(found.iterations);
    benchmark::DoNotOptimize(found.value);
  }
  bench.SetItemsProcessed(iterations);
  bench.SetLabel(variant == Variant::Mouse ? "mouse" : "full");
}
BENCHMARK(BM_MctsIterations)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace
