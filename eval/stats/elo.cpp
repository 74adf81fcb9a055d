#include "eval/stats/elo.hpp"

#include <algorithm>
#include <cmath>

namespace gamelab::eval {

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

double elo_from_score(double score) {
  const double s = std::clamp(score, kScoreClamp, 1.0 - kScoreClamp);
  // + 0.0: an even score is 0 Elo, not -0 (-400 * log10(1) is -0.0, printed "-0.0").
  return -400.0 * std::log10(1.0 / s - 1.0) + 0.0;
}

double elo_cap() { return elo_from_score(1.0); }

double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

namespace {

// `values[i]` is the score of outcome i (per game), `counts[i]` how often it happened. `per_game_sd`
// converts the sd of one outcome into the sd of one game (1 for games, sqrt(2) for pairs).
template <std::size_t N>
EloEstimate estimate(const std::array<double, N>& values, const std::array<std::uint64_t, N>& counts,
                     std::uint64_t games_per_outcome, double per_game_sd) {
  EloEstimate e;
  double n = 0, total = 0;
  for (std::size_t i = 0; i < N; ++i) {
    n += static_cast<double>(counts[i]);
    total += static_cast<double>(counts[i]) * values[i];
  }
  if (n == 0) {
    e.elo_lower = -elo_cap();
    e.elo_upper = elo_cap();
    e.elo_error = elo_cap();
    e.nelo_error = elo_cap();
    return e;
  }
  e.games = static_cast<std::uint64_t>(n) * games_per_outcome;
  e.score = total / n;

  // Spread from the regularised counts (no cell empty), around their own mean.
  double rn = 0, rtotal = 0;
  std::array<double, N> regularised;
  for (std::size_t i = 0; i < N; ++i) {
    regularised[i] = counts[i] > 0 ? static_cast<double>(counts[i]) : kEmptyCellCount;
    rn += regularised[i];
    rtotal += regularised[i] * values[i];
  }
  const double rmean = rtotal / rn;
  double variance = 0;
  for (std::size_t i = 0; i < N; ++i) variance += regularised[i] * (values[i] - rmean) * (values[i] - rmean);
  variance /= rn;
  e.stdev = std::sqrt(variance);
  const double standard_error = e.stdev / std::sqrt(n);

  e.elo = elo_from_score(e.score);
  e.elo_lower = elo_from_score(e.score - kZ95 * standard_error);
  e.elo_upper = elo_from_score(e.score + kZ95 * standard_error);
  e.elo_error = (e.elo_upper - e.elo_lower) / 2;

  const double sigma_per_game = per_game_sd * e.stdev;
  e.nelo = (e.score - 0.5) / sigma_per_game * kNeloPerT;
  e.nelo_error = kZ95 * standard_error / sigma_per_game * kNeloPerT;
  e.los = normal_cdf((e.score - 0.5) / standard_error);
  return e;
}

}  // namespace

EloEstimate estimate_elo(const WdlCounts& counts) {
  return estimate<3>({0.0, 0.5, 1.0}, {counts.losses, counts.draws, counts.wins}, 1, 1.0);
}

EloEstimate estimate_elo(const PentanomialCounts& counts) {
  return estimate<5>({0.0, 0.25, 0.5, 0.75, 1.0}, counts.cells, 2, std::sqrt(2.0));
}

double draw_ratio(const WdlCounts& counts) {
  const auto games = counts.games();
  return games == 0 ? 0.0 : static_cast<double>(counts.draws) / static_cast<double>(games);
}

double pair_draw_ratio(const PentanomialCounts& counts) {
  const auto pairs = counts.pairs();
  return pairs == 0 ? 0.0
                    : static_cast<double>(counts.cells[PentanomialCounts::DD_WL]) / static_cast<double>(pairs);
}

}  // namespace gamelab::eval
