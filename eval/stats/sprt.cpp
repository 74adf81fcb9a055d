#include "eval/stats/sprt.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/error.hpp"
#include "eval/stats/elo.hpp"

namespace gamelab::eval {

std::string_view to_string(EloModel model) { return model == EloModel::Logistic ? "logistic" : "normalized"; }

EloModel parse_elo_model(std::string_view text) {
  if (text == "logistic") return EloModel::Logistic;
  if (text == "normalized") return EloModel::Normalized;
  throw InputError("Elo model '" + std::string(text) + "': expected logistic or normalized");
}

namespace {

// Bounds on |elo0|, |elo1|: beyond them the hypotheses mean a score within 0.3% of 0 or 1 (logistic)
// or more than 2.9 standard deviations per game (normalized): no engine test needs them, and the
// constrained MLEs lose precision there.
constexpr double kMaxHypothesisElo = 1000;

}  // namespace

void check_sprt_config(const SprtConfig& c) {
  const auto finite = [](double x) { return std::isfinite(x); };
  if (!finite(c.alpha) || !(c.alpha > 0 && c.alpha < 1)) {
    throw InputError("SPRT alpha = " + std::to_string(c.alpha) + ": expected a probability strictly between 0 and 1");
  }
  if (!finite(c.beta) || !(c.beta > 0 && c.beta < 1)) {
    throw InputError("SPRT beta = " + std::to_string(c.beta) + ": expected a probability strictly between 0 and 1");
  }
  if (!(c.alpha + c.beta < 1)) throw InputError("SPRT alpha + beta must be below 1");
  if (!finite(c.elo0) || !finite(c.elo1) || std::abs(c.elo0) > kMaxHypothesisElo ||
      std::abs(c.elo1) > kMaxHypothesisElo) {
    throw InputError("SPRT elo0 and elo1 must be finite and within -+" + std::to_string(int(kMaxHypothesisElo)));
  }
  if (!(c.elo0 < c.elo1)) {
    throw InputError("SPRT elo0 = " + std::to_string(c.elo0) + " must be below elo1 = " + std::to_string(c.elo1));
  }
}

SprtBounds sprt_bounds(double alpha, double beta) {
  return {std::log(beta / (1 - alpha)), std::log((1 - beta) / alpha)};
}

SprtVerdict sprt_verdict(double llr, const SprtBounds& bounds) {
  if (llr >= bounds.upper) return SprtVerdict::AcceptH1;
  if (llr <= bounds.lower) return SprtVerdict::AcceptH0;
  return SprtVerdict::Continue;
}

std::string_view to_string(SprtVerdict verdict) {
  switch (verdict) {
    case SprtVerdict::AcceptH0: return "accept H0";
    case SprtVerdict::AcceptH1: return "accept H1";
    default: return "continue";
  }
}

namespace {

template <std::size_t N>
OutcomeCounts regularised(const std::array<std::uint64_t, N>& raw, const std::array<double, N>& values) {
  OutcomeCounts out;
  for (std::size_t i = 0; i < N; ++i) {
    out.values.push_back(values[i]);
    out.counts.push_back(raw[i] > 0 ? static_cast<double>(raw[i]) : kEmptyCellCount);
  }
  return out;
}

std::vector<double> normalised(std::vector<double> p) {
  double total = 0;
  for (double x : p) total += x;
  for (double& x : p) x /= total;
  return p;
}

std::vector<double> frequencies(const OutcomeCounts& outcomes) { return normalised(outcomes.counts); }

void mean_and_variance(const std::vector<double>& values, const std::vector<double>& p, double& mean, double& variance) {
  mean = 0;
  for (std::size_t i = 0; i < values.size(); ++i) mean += p[i] * values[i];
  variance = 0;
  for (std::size_t i = 0; i < values.size(); ++i) variance += p[i] * (values[i] - mean) * (values[i] - mean);
}

double log_ratio_sum(const OutcomeCounts& outcomes, const std::vector<double>& p0, const std::vector<double>& p1) {
  double llr = 0;
  for (std::size_t i = 0; i < p0.size(); ++i) llr += outcomes.counts[i] * (std::log(p1[i]) - std::log(p0[i]));
  return llr;
}

}  // namespace

OutcomeCounts regularised_outcomes(const PentanomialCounts& counts) {
  return regularised<5>(counts.cells, {0.0, 0.25, 0.5, 0.75, 1.0});
}

OutcomeCounts regularised_outcomes(const WdlCounts& counts) {
  return regularised<3>({counts.losses, counts.draws, counts.wins}, {0.0, 0.5, 1.0});
}

double solve_secular(const std::vector<double>& w, const std::vector<double>& b) {
  const double bmin = *std::min_element(b.begin(), b.end());
  const double bmax = *std::max_element(b.begin(), b.end());
  if (!(bmin < 0 && bmax > 0)) throw std::domain_error("secular equation: the values do not straddle zero");
  // f decreases strictly from +inf (x -> -1/bmax) to -inf (x -> -1/bmin); x = 0 lies inside.
  double lo = -1 / bmax, hi = -1 / bmin, x = 0;
  for (int iteration = 0; iteration < 300; ++iteration) {
    double f = 0, slope = 0;
    for (std::size_t i = 0; i < w.size(); ++i) {
      const double d = 1 + x * b[i];
      f += w[i] * b[i] / d;
      slope -= w[i] * b[i] * b[i] / (d * d);
    }
    if (f == 0) return x;
    (f > 0 ? lo : hi) = x;
    const double newton = x - f / slope;
    const double next = (newton > lo && newton < hi) ? newton : lo + (hi - lo) / 2;
    if (std::abs(next - x) <= 1e-15 * std::max(1.0, std::abs(x))) return next;
    x = next;
  }
  return x;
}

std::vector<double> mle_with_expectation(const std::vector<double>& values, const std::vector<double>& phat, double s) {
  std::vector<double> b(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) b[i] = values[i] - s;
  const double x = solve_secular(phat, b);
  std::vector<double> p(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) p[i] = phat[i] / (1 + x * b[i]);
  return normalised(std::move(p));
}

std::vector<double> mle_with_t_value(const std::vector<double>& values, const std::vector<double>& phat, double ref,
                                     double t) {
  const std::size_t n = values.size();
  std::vector<double> p(n, 1.0 / n), phi(n), next(n);
  for (int iteration = 0; iteration < 1000; ++iteration) {
    double mu, variance;
    mean_and_variance(values, p, mu, variance);
    const double sigma = std::sqrt(variance);
    for (std::size_t i = 0; i < n; ++i) {
      const double z = (values[i] - mu) / sigma;
      phi[i] = values[i] - ref - t * sigma * (1 + z * z) / 2;
    }
    const double x = solve_secular(phat, phi);
    for (std::size_t i = 0; i < n; ++i) next[i] = phat[i] / (1 + x * phi[i]);
    next = normalised(std::move(next));
    double change = 0;
    for (std::size_t i = 0; i < n; ++i) change = std::max(change, std::abs(next[i] - p[i]));
    p.swap(next);
    next.assign(n, 0);
    if (change < 1e-15) break;
  }
  return p;
}

double generalized_llr_expectation(const OutcomeCounts& outcomes, double s0, double s1) {
  const auto phat = frequencies(outcomes);
  return log_ratio_sum(outcomes, mle_with_expectation(outcomes.values, phat, s0),
                       mle_with_expectation(outcomes.values, phat, s1));
}

double generalized_llr_t_value(const OutcomeCounts& outcomes, double t0, double t1) {
  const auto phat = frequencies(outcomes);
  return log_ratio_sum(outcomes, mle_with_t_value(outcomes.values, phat, 0.5, t0),
                       mle_with_t_value(outcomes.values, phat, 0.5, t1));
}

double llr_logistic(const PentanomialCounts& counts, double elo0, double elo1) {
  if (counts.pairs() == 0) return 0;
  return generalized_llr_expectation(regularised_outcomes(counts), score_from_elo(elo0), score_from_elo(elo1));
}

double llr_logistic(const WdlCounts& counts, double elo0, double elo1) {
  if (counts.games() == 0) return 0;
  return generalized_llr_expectation(regularised_outcomes(counts), score_from_elo(elo0), score_from_elo(elo1));
}

double llr_normalized(const PentanomialCounts& counts, double nelo0, double nelo1) {
  if (counts.pairs() == 0) return 0;
  // A pair's mean score has sd sigma_game / sqrt(2): its t-value is sqrt(2) times the per-game one.
  const double scale = std::sqrt(2.0) / kNeloPerT;
  return generalized_llr_t_value(regularised_outcomes(counts), nelo0 * scale, nelo1 * scale);
}

double llr_normalized(const WdlCounts& counts, double nelo0, double nelo1) {
  if (counts.games() == 0) return 0;
  return generalized_llr_t_value(regularised_outcomes(counts), nelo0 / kNeloPerT, nelo1 / kNeloPerT);
}

double sprt_llr(const PentanomialCounts& counts, const SprtConfig& config) {
  return config.model == EloModel::Logistic ? llr_logistic(counts, config.elo0, config.elo1)
                                            : llr_normalized(counts, config.elo0, config.elo1);
}

double sprt_llr(const WdlCounts& counts, const SprtConfig& config) {
  return config.model == EloModel::Logistic ? llr_logistic(counts, config.elo0, config.elo1)
                                            : llr_normalized(counts, config.elo0, config.elo1);
}

}  // namespace gamelab::eval
