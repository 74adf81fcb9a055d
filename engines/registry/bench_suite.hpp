#pragma once
// The bench: a fixed suite of positions (datasets/bench/<game>.json) searched to a fixed depth with
// a cold engine each. The total node count is the build's signature: any change in search behaviour
// changes it. The expected signature is recorded in engines/<game>/bench_signature.json.
//   datasets/bench/<game>.json: {"game": "...", "depth": D, "positions": [{"name": "...", "position": "<position file text>"}]}
//     (simultaneous games, searched by MCTS: "nodes": N, iterations per position, instead of "depth")
//   engines/<game>/bench_signature.json: {"game": "...", "depth": D, "nodes": N}
#include <cstdint>
#include <string>
#include <vector>

#include "registry/game_entry.hpp"

namespace gamelab {

struct BenchRow {
  std::string name;
  std::string best_move;
  int score = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

struct BenchReport {
  int depth = 0;                // the depth searched (turn-based suites), or 0
  std::uint64_t iterations = 0;  // the iterations per position (suites with "nodes"), or 0
  std::uint64_t nodes = 0;       // the signature
  double seconds = 0;
  std::vector<BenchRow> rows;
};

std::string default_bench_suite(const std::string& game);
std::string bench_signature_path(const std::string& game);

// depth 0: the suite's own depth.
// `learned`: the engine evaluates with that learned evaluation file (games that load them).
BenchReport run_bench(const GameEntry& game, const ParamSet& params, int depth = 0, const std::string& suite = "",
                      const LearnedEvalSpec& learned = {});
// The recorded signature (nodes) at the suite's depth; InputError if the file is missing or malformed.
std::uint64_t recorded_bench_signature(const std::string& game);

}  // namespace gamelab
