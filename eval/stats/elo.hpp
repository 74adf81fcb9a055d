#pragma once
// Score, Elo with a 95% interval, normalized Elo, likelihood of superiority and draw ratio, from
// W/D/L counts (trinomial) or from pentanomial pair counts.
//
// Definitions (as fishtest and fastchess compute them):
// - score s: A's mean points per game.
// - Elo (logistic): elo(s) = -400 log10(1/s - 1).
// - 95% interval: the normal interval of the mean score, s -+ z * sd / sqrt(n), mapped through elo().
//   For W/D/L, sd is the standard deviation of one game's score and n the number of games; for the
//   pentanomial, sd is the standard deviation of one pair's mean score and n the number of pairs, so
//   the correlation between the two games of a pair (same opening) is accounted for. The interval is
//   asymmetric in Elo; `elo_error` is its half width (what fastchess and fishtest print after "+-").
// - normalized Elo (fishtest): nElo = (s - 1/2) / sigma * 800 / ln 10, where sigma is the standard
//   deviation of one game's score (W/D/L) or sqrt(2) times that of one pair's mean score (pentanomial).
//   Its interval maps the same score interval with sigma held fixed: nElo -+ z * (800 / ln 10) / sqrt(games).
// - LOS = Phi((s - 1/2) / (sd / sqrt(n))), the probability that A is the stronger engine.
//
// Edge cases (never NaN):
// - no games: score 1/2, Elo 0, interval [-elo_cap(), elo_cap()], nElo 0 with nelo_error = elo_cap()
//   (standing for "unbounded"), LOS 1/2, draw ratio 0.
// - scores of 0 or 1 (all losses, all wins): elo_from_score() clamps the score to [0.001, 0.999], so
//   Elo and its bounds stay within -+elo_cap() = -+1199.8 (400 log10 999), the cap fishtest uses.
// - all wins: Elo elo_cap(), nElo very large but finite (about 15,500 for 10 wins: the regularised sd
//   is tiny); all losses symmetrically.
// - a zero cell: the standard deviation is computed after replacing every empty cell by 0.001 pairs
//   (or games), fishtest's regularisation; the score itself uses the raw counts. So all draws (zero
//   empirical variance) gives Elo 0 with a small but non-zero interval rather than a zero-width one.
#include <cstdint>

#include "eval/stats/counts.hpp"

namespace gamelab::eval {

// Phi^-1(0.975): the 95% two-sided normal quantile.
inline constexpr double kZ95 = 1.959963984540054;
// Scores are clamped to [kScoreClamp, 1 - kScoreClamp] before conversion to Elo.
inline constexpr double kScoreClamp = 1e-3;
// 800 / ln 10: normalized Elo per unit of t-value.
inline constexpr double kNeloPerT = 347.43558552260146;

// Logistic expected score of an Elo difference, and its inverse (with the clamp above).
double score_from_elo(double elo);
double elo_from_score(double score);
// The largest |Elo| elo_from_score returns: 400 log10(999) = 1199.57...
double elo_cap();

// Standard normal cumulative distribution.
double normal_cdf(double x);

struct EloEstimate {
  std::uint64_t games = 0;   // games (twice the pairs for the pentanomial)
  double score = 0.5;        // mean score per game
  double elo = 0;            // logistic Elo of the score
  double elo_lower = 0;      // 95% interval
  double elo_upper = 0;
  double elo_error = 0;      // half width of the interval ("+-")
  double nelo = 0;           // normalized Elo
  double nelo_error = 0;     // half width of its 95% interval
  double los = 0.5;          // likelihood of superiority, in [0, 1]
  double stdev = 0;          // sd of one game's score (W/D/L) or of one pair's mean score (pentanomial)
};

EloEstimate estimate_elo(const WdlCounts& counts);
EloEstimate estimate_elo(const PentanomialCounts& counts);

// Draws / games (0 without games).
double draw_ratio(const WdlCounts& counts);
// Pairs in the middle cell (DD+WL: A scored exactly one point) / pairs (0 without pairs). The
// pentanomial cannot tell drawn games apart inside that cell, so this is the pair-level analogue.
double pair_draw_ratio(const PentanomialCounts& counts);

}  // namespace gamelab::eval
