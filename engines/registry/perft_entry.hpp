#pragma once
// The registry's perft report, whatever the game's shape: `divide()` counts the leaves below each move
// (or joint move) of the root, `line(entry)` writes one entry of the divide; the total, the timing and
// the divide lines are the same for every game (alphabeta_entry.hpp, simultaneous_entry.hpp).
#include <chrono>
#include <string>

#include "registry/game_entry.hpp"

namespace gamelab {

template <class Divide, class Line>
PerftReport timed_perft(std::string position, const PerftRequest& request, Divide divide, Line line) {
  PerftReport report;
  report.position = std::move(position);
  report.depth = request.depth;
  const auto start = std::chrono::steady_clock::now();
  const auto entries = divide();
  std::uint64_t total = 0;
  for (const auto& entry : entries) total += entry.nodes;
  report.nodes = request.depth == 0 ? 1 : total;
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (request.divide) {
    for (const auto& entry : entries) report.divide.push_back(line(entry));
  }
  return report;
}

}  // namespace gamelab
