#include "eval/stats/counts.hpp"

#include <stdexcept>
#include <string>

namespace gamelab::eval {

namespace {

// Twice a game score, checked: 0, 1 or 2.
int half_points(double score) {
  if (score == 0.0) return 0;
  if (score == 0.5) return 1;
  if (score == 1.0) return 2;
  throw std::invalid_argument("a game score must be 0, 0.5 or 1, not " + std::to_string(score));
}

}  // namespace

void WdlCounts::add_game(double score) {
  switch (half_points(score)) {
    case 0: ++losses; break;
    case 1: ++draws; break;
    default: ++wins; break;
  }
}

WdlCounts& WdlCounts::operator+=(const WdlCounts& other) {
  wins += other.wins;
  draws += other.draws;
  losses += other.losses;
  return *this;
}

std::uint64_t PentanomialCounts::pairs() const {
  std::uint64_t total = 0;
  for (const auto c : cells) total += c;
  return total;
}

void PentanomialCounts::add_pair(double first_game_score, double second_game_score) {
  ++cells[half_points(first_game_score) + half_points(second_game_score)];
}

PentanomialCounts& PentanomialCounts::operator+=(const PentanomialCounts& other) {
  for (int k = 0; k < 5; ++k) cells[k] += other.cells[k];
  return *this;
}

std::string games_text(const WdlCounts& wdl, std::uint64_t pairs) {
  return std::to_string(wdl.games()) + " games (" + std::to_string(pairs) + " pairs), W-D-L " + std::to_string(wdl.wins) +
         "-" + std::to_string(wdl.draws) + "-" + std::to_string(wdl.losses);
}

std::string pentanomial_text(const PentanomialCounts& penta) {
  std::string out = "pentanomial [";
  for (std::size_t k = 0; k < penta.cells.size(); ++k) out += (k ? ", " : "") + std::to_string(penta.cells[k]);
  return out + "]";
}

}  // namespace gamelab::eval
