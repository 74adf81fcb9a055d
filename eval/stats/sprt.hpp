#pragma once
// Sequential probability ratio test on match results: the generalized SPRT (GSPRT) of fishtest.
//
// H0: the Elo difference is elo0, H1: it is elo1 (elo0 < elo1). After each pair (or game), the
// log-likelihood ratio LLR = log( max L(p | E(p) = s1) / max L(p | E(p) = s0) ) is compared with
// the bounds lower = ln(beta / (1 - alpha)) and upper = ln((1 - beta) / alpha): at or below the lower
// bound H0 is accepted, at or above the upper bound H1, otherwise the match goes on.
//
// The likelihood is multinomial over the outcomes: 5 pair outcomes (pentanomial, scores 0, 1/4, 1/2,
// 3/4, 1 per game) or 3 game outcomes (trinomial, scores 0, 1/2, 1). "Generalized" means the unknown
// distribution is replaced, under each hypothesis, by its maximum-likelihood estimate subject to that
// hypothesis: no draw model is assumed.
// - logistic model: the hypothesis fixes the expected score, s = 1 / (1 + 10^(-elo / 400)). The
//   constrained MLE is p_i = phat_i / (1 + x (a_i - s)), x the root of the secular equation
//   sum_i phat_i (a_i - s) / (1 + x (a_i - s)) = 0 (a Lagrange multiplier; Van den Bergh, "Comments on
//   normalized Elo", Prop. 1.1), found by a safeguarded Newton/bisection search to full precision.
// - normalized model: the hypothesis fixes the t-value (mu - 1/2) / sigma = nelo / (800 / ln 10), per
//   game (trinomial) or times sqrt(2) per pair (pentanomial). The constrained MLE is the fixed point of
//   the same secular step with a_i - s replaced by a_i - 1/2 - t sigma (1 + ((a_i - mu) / sigma)^2) / 2,
//   mu and sigma those of the current estimate (ibid., section 4.1), iterated from the uniform
//   distribution until it no longer moves.
// Empty cells are replaced by 0.001 (fishtest's regularisation) so that every MLE exists; with no
// results at all the LLR is 0.
#include <string>
#include <string_view>
#include <vector>

#include "eval/stats/counts.hpp"

namespace gamelab::eval {

enum class EloModel { Logistic, Normalized };
std::string_view to_string(EloModel model);
// "logistic" or "normalized"; InputError otherwise.
EloModel parse_elo_model(std::string_view text);

struct SprtConfig {
  double elo0 = 0;
  double elo1 = 5;
  double alpha = 0.05;
  double beta = 0.05;
  EloModel model = EloModel::Logistic;
};
// InputError unless 0 < alpha, 0 < beta, alpha + beta < 1, elo0 < elo1, all finite.
void check_sprt_config(const SprtConfig& config);

struct SprtBounds {
  double lower;  // ln(beta / (1 - alpha))
  double upper;  // ln((1 - beta) / alpha)
};
SprtBounds sprt_bounds(double alpha, double beta);

enum class SprtVerdict { Continue, AcceptH0, AcceptH1 };
SprtVerdict sprt_verdict(double llr, const SprtBounds& bounds);
std::string_view to_string(SprtVerdict verdict);  // "continue", "accept H0", "accept H1"

// The GSPRT log-likelihood ratio of H1 against H0 in the configured model.
double sprt_llr(const PentanomialCounts& counts, const SprtConfig& config);
double sprt_llr(const WdlCounts& counts, const SprtConfig& config);

double llr_logistic(const PentanomialCounts& counts, double elo0, double elo1);
double llr_logistic(const WdlCounts& counts, double elo0, double elo1);
double llr_normalized(const PentanomialCounts& counts, double nelo0, double nelo1);
double llr_normalized(const WdlCounts& counts, double nelo0, double nelo1);

// Building blocks, public so that tests can compare them with an independent maximisation.

// Outcome scores a_i (ascending) and the regularised counts n_i (empty cells -> 0.001).
struct OutcomeCounts {
  std::vector<double> values;
  std::vector<double> counts;
};
OutcomeCounts regularised_outcomes(const PentanomialCounts& counts);
OutcomeCounts regularised_outcomes(const WdlCounts& counts);

// The root x of sum_i w_i b_i / (1 + x b_i) = 0 on the interval where every 1 + x b_i > 0
// (w_i > 0, min b < 0 < max b; std::domain_error otherwise).
double solve_secular(const std::vector<double>& w, const std::vector<double>& b);
// The distribution over `values` maximising sum phat_i log p_i with expected value s.
std::vector<double> mle_with_expectation(const std::vector<double>& values, const std::vector<double>& phat, double s);
// ... with (mean - ref) / sd = t.
std::vector<double> mle_with_t_value(const std::vector<double>& values, const std::vector<double>& phat, double ref,
                                     double t);
// sum_i n_i (log p1_i - log p0_i) with p0, p1 the constrained MLEs for the two expected scores or t-values.
double generalized_llr_expectation(const OutcomeCounts& outcomes, double s0, double s1);
double generalized_llr_t_value(const OutcomeCounts& outcomes, double t0, double t1);

}  // namespace gamelab::eval
