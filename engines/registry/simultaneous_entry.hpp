#pragma once
// The registry's perft for a simultaneous game (Bullets, Dog-Cat-Mouse-cheeSe): the game gives its
// root position and how it writes a joint move and the position after it; the counting and the divide
// over joint moves are the same for every such game.
#include <chrono>
#include <string>

#include "registry/game_entry.hpp"
#include "search/simultaneous_perft.hpp"

namespace gamelab {

// `joint_text(a0, a1)` writes a joint move; `result_text(state)` the position after it.
template <class Game, class JointText, class ResultText>
PerftReport simultaneous_perft(const typename Game::State& root, std::string position, const PerftRequest& request,
                               JointText joint_text, ResultText result_text) {
  PerftReport report;
  report.position = std::move(position);
  report.depth = request.depth;
  const auto start = std::chrono::steady_clock::now();
  const auto entries = search::simultaneous_perft_divide<Game>(root, request.depth, request.threads);
  std::uint64_t total = 0;
  for (const auto& entry : entries) total += entry.nodes;
  report.nodes = request.depth == 0 ? 1 : total;
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (request.divide) {
    for (const auto& entry : entries) {
      report.divide.push_back({joint_text(entry.first, entry.second), result_text(Game::play(root, entry.first, entry.second)),
                               entry.nodes});
    }
  }
  return report;
}

}  // namespace gamelab
