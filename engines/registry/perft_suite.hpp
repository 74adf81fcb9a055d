#pragma once
// Checking a game's perft dataset (datasets/perft/<game>.json). The file holds:
//   {"game": "raichu", "positions": [
//      {"name": "...", "position": "<position-file text, docs/rules/common.md §3>",
//       "counts": [perft(1), perft(2), ...], "fast_depth": D, "note": "what rule it exercises"}]}
// Depths up to fast_depth are checked by the regular test suite; deeper ones only with `deep`.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "registry/game_entry.hpp"

namespace gamelab {

struct PerftSuiteRow {
  std::string name;
  int depth = 0;
  std::uint64_t expected = 0;
  std::uint64_t actual = 0;
  double seconds = 0;
  bool ok() const { return expected == actual; }
};

struct PerftSuiteOptions {
  bool deep = false;   // also check the depths beyond fast_depth
  int max_depth = 0;   // if > 0, never deeper than this
  int threads = 1;
  // Optional: called after each count with the counts done and the counts to do (a progress bar).
  std::function<void(std::size_t done, std::size_t total)> on_progress = nullptr;
};

std::string default_perft_dataset(const std::string& game);

// Runs every listed depth of every position; throws InputError for a malformed file (naming it).
std::vector<PerftSuiteRow> run_perft_suite(const GameEntry& game, const std::string& path,
                                           const PerftSuiteOptions& options);

}  // namespace gamelab
