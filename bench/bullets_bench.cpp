// Bullets timings: turns per second with 200 bullets on a 50 x 50 board, the bullet queries engines
// lean on, the text forms a bot parses every turn, perft, and the searching engine: evaluation calls
// per second, MCTS iterations per second, and the safety's doom checks (safety.hpp). Run:
// build/bench/bench_bullets.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <vector>

#include "bullets/engine.hpp"
#include "bullets/eval.hpp"
#include "bullets/game.hpp"
#include "bullets/generator.hpp"
#include "bullets/notation.hpp"
#include "bullets/safety.hpp"
#include "core/rng.hpp"
#include "search/simultaneous_perft.hpp"

using namespace gamelab::bullets;

namespace {

// A 50 x 50 tournament board (200 walls) at round 137 with exactly `bullets` distinct bullets, none
// within two squares of a player.
State crowded(int bullets) {
  const Board* board = generate_board(50, 50, 200, 2026);
  gamelab::Rng rng(5);
  const auto open_from = [&](int cell) {
    while (board->wall(cell)) ++cell;
    return cell;
  };
  const int red = open_from(board->cell(24, 20)), blue = open_from(board->cell(25, 30));
  std::vector<BulletPlace> places;
  while (true) {
    const State t = make_state(board, blue, red, places, 137, 2000);
    if (t.bullet_count() == bullets) return t;
    const int cell = static_cast<int>(rng.below(static_cast<std::uint64_t>(board->cells())));
    const auto near = [&](int p) {
      return std::abs(board->row_of(cell) - board->row_of(p)) <= 2 && std::abs(board->col_of(cell) - board->col_of(p)) <= 2;
    };
    if (board->wall(cell) || near(red) || near(blue)) continue;
    places.push_back({cell, static_cast<Dir>(rng.below(4))});
  }
}

std::vector<std::pair<Action, Action>> random_joint_actions(const State& s, int count) {
  gamelab::Rng rng(11);
  ActionList blue, red;
  generate_actions(s, Blue, blue);
  generate_actions(s, Red, red);
  std::vector<std::pair<Action, Action>> out;
  for (int k = 0; k < count; ++k) out.push_back({blue[rng.below(blue.size())], red[rng.below(red.size())]});
  return out;
}

// One turn (copy-make) from a 200-bullet state: what a search does at every node.
void BM_TurnFromCrowdedState(benchmark::State& bench) {
  const State s = crowded(static_cast<int>(bench.range(0)));
  const auto joint = random_joint_actions(s, 1024);
  std::size_t k = 0;
  for (auto _ : bench) {
    const auto& [a, b] = joint[k++ & 1023];
    State next = play(s, a, b);
    benchmark::DoNotOptimize(next.hash);
  }
  bench.SetItemsProcessed(bench.iterations());
  bench.counters["bullets"] = s.bullet_count();
}
BENCHMARK(BM_TurnFromCrowdedState)->Arg(200)->Arg(2000);

// Turns played one after another (the game goes on; a finished game restarts from the crowded state).
void BM_TurnsInSequence(benchmark::State& bench) {
  const State root = crowded(200);
  gamelab::Rng rng(3);
  State s = root;
  for (auto _ : bench) {
    if (s.over()) s = root;
    ActionList blue, red;
    generate_actions(s, Blue, blue);
    generate_actions(s, Red, red);
    s = play(s, blue[rng.below(blue.size())], red[rng.below(red.size())]);
    benchmark::DoNotOptimize(s.hash);
  }
  bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_TurnsInSequence);

// "Is any bullet on square X at round t?" for random squares and rounds up to 100 turns ahead.
void BM_BulletOnQuery(benchmark::State& bench) {
  const State s = crowded(200);
  gamelab::Rng rng(9);
  std::vector<std::pair<int, std::uint32_t>> queries;
  while (queries.size() < 4096) {
    const int cell = static_cast<int>(rng.below(static_cast<std::uint64_t>(s.board->cells())));
    if (!s.board->wall(cell)) queries.push_back({cell, s.round + static_cast<std::uint32_t>(rng.below(100))});
  }
  std::size_t k = 0;
  for (auto _ : bench) {
    const auto& [cell, round] = queries[k++ & 4095];
    benchmark::DoNotOptimize(s.bullet_on(cell, round));
  }
  bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_BulletOnQuery);

// Every square holding a bullet at some future round (a whole danger map), 200 bullets.
void BM_BulletSquaresAt(benchmark::State& bench) {
  const State s = crowded(200);
  std::uint32_t round = s.round;
  for (auto _ : bench) {
    const CellSet squares = bullet_squares_at(s, ++round);
    benchmark::DoNotOptimize(squares[0]);
  }
  bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_BulletSquaresAt);

// What a bot does with its input every turn: parse the 50 x 50 tournament text, and print it.
void BM_ParseTournamentInput(benchmark::State& bench) {
  const State s = crowded(200);
  const std::string text = tournament_input(s, Red);
  for (auto _ : bench) {
    const Position p = parse_position(text, "input");
    benchmark::DoNotOptimize(p.state.hash);
  }
  bench.SetBytesProcessed(bench.iterations() * static_cast<std::int64_t>(text.size()));
}
BENCHMARK(BM_ParseTournamentInput)->Unit(benchmark::kMicrosecond);

void BM_PrintTournamentInput(benchmark::State& bench) {
  const State s = crowded(200);
  for (auto _ : bench) {
    const std::string text = tournament_input(s, Red);
    benchmark::DoNotOptimize(text.data());
  }
}
BENCHMARK(BM_PrintTournamentInput)->Unit(benchmark::kMicrosecond);

// Perft leaves per second (items/s): the 50 x 50 crowded state and a 15 x 20 start, 1 and 2 threads.
void BM_Perft(benchmark::State& bench) {
  const State s = bench.range(0) == 0 ? crowded(200) : start_state(generate_board(15, 20, 60, 1));
  const int depth = static_cast<int>(bench.range(1));
  const int threads = static_cast<int>(bench.range(2));
  std::uint64_t nodes = 0;
  for (auto _ : bench) {
    nodes = 0;
    for (const auto& entry : gamelab::search::simultaneous_perft_divide<Game>(s, depth, threads)) nodes += entry.nodes;
    benchmark::DoNotOptimize(nodes);
  }
  bench.SetItemsProcessed(bench.iterations() * static_cast<std::int64_t>(nodes));
  bench.counters["nodes"] = static_cast<double>(nodes);
}
BENCHMARK(BM_Perft)->Args({0, 4, 1})->Args({0, 4, 2})->Args({1, 5, 1})->Args({1, 5, 2})
    ->Unit(benchmark::kMillisecond)->UseRealTime();

// A crowded state with the players a few squares apart, so that the shot features (trap shots, shot
// squeeze) have work to do, as in the middle of a fight.
State fight(int bullets) {
  State s = crowded(bullets);
  const Board& board = *s.board;
  int blue = s.player[Red] + 4;
  while (board.wall(blue) || s.bullet_on(blue, s.round)) ++blue;
  set_player(s, Blue, blue);
  update_hits(s);
  return s;
}

// Evaluation calls per second (items/s): arg 0 the start of a 15 x 20 board, 1 the 200-bullet state
// with the players far apart, 2 the same with the players five squares apart.
void BM_Evaluate(benchmark::State& bench) {
  const State s = bench.range(0) == 0 ? start_state(generate_board(15, 20, 60, 1))
                                      : bench.range(0) == 1 ? crowded(200) : fight(200);
  std::vector<int> weights = default_params().values();
  for (auto _ : bench) benchmark::DoNotOptimize(evaluate(s, weights.data()));
  bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_Evaluate)->Arg(0)->Arg(1)->Arg(2);

// Doom checks per second (items/s): after each of the 1,024 joint moves from a crowded state, whether the
// side to check is doomed over 64 rounds, with the root's layout made once (as safest() does). With 200
// bullets on the 50 x 50 board most checks end on a calm square; with 2,000 few do.
void BM_DoomCheck(benchmark::State& bench) {
  const State s = crowded(static_cast<int>(bench.range(0)));
  const auto joint = random_joint_actions(s, 1024);
  std::vector<State> next;
  for (const auto& [a, b] : joint) next.push_back(play(s, a, b));
  Foresight sight(s);
  std::size_t k = 0;
  for (auto _ : bench) {
    benchmark::DoNotOptimize(sight.doomed(next[k++ & 1023], Red));
  }
  bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_DoomCheck)->Arg(200)->Arg(2000);

// The engine's safety for one move (safest(), every action in the preference): its depth-1 filters over
// 64 and 256 rounds and the deepening to its budget, from a crowded state.
void BM_Safest(benchmark::State& bench) {
  const State s = crowded(static_cast<int>(bench.range(0)));
  ActionList mine;
  generate_actions(s, Red, mine);
  const std::vector<Action> preference(mine.begin(), mine.end());
  for (auto _ : bench) benchmark::DoNotOptimize(safest(s, Red, preference));
}
BENCHMARK(BM_Safest)->Arg(200)->Arg(2000)->Unit(benchmark::kMillisecond);

// MCTS iterations per second (items/s), 2,000 iterations a search with the default parameters, from
// the same three positions (the root's bounds included, as in a real move).
void BM_MctsIterations(benchmark::State& bench) {
  const State s = bench.range(0) == 0 ? start_state(generate_board(15, 20, 60, 1))
                                      : bench.range(0) == 1 ? crowded(200) : fight(200);
  gamelab::SearchLimits limits;
  limits.nodes = 2000;
  std::uint64_t iterations = 0, seed = 0;
  for (auto _ : bench) {
    Engine engine(default_params(), ++seed);
    const SearchResult r = engine.search(s, Red, limits);
    iterations += r.iterations;
    benchmark::DoNotOptimize(r.action);
  }
  bench.SetItemsProcessed(static_cast<std::int64_t>(iterations));
}
BENCHMARK(BM_MctsIterations)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

}  // namespace
