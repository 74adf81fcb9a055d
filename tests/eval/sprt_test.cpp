// The GSPRT against an independent brute-force maximisation of the likelihood (brute_force_mle.cpp),
// the SPRT bounds and verdicts, and the edge cases (empty cells, no games).
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "brute_force_mle.hpp"
#include "core/error.hpp"
#include "eval/stats/elo.hpp"
#include "eval/stats/sprt.hpp"

using namespace gamelab::eval;

namespace {

PentanomialCounts penta(std::uint64_t ll, std::uint64_t ld, std::uint64_t mid, std::uint64_t wd, std::uint64_t ww) {
  PentanomialCounts p;
  p.cells = {ll, ld, mid, wd, ww};
  return p;
}

const std::vector<double> kPentaValues{0, 0.25, 0.5, 0.75, 1};
const std::vector<double> kWdlValues{0, 0.5, 1};

// The brute force sees the same regularised counts the GSPRT uses (fishtest: empty cell -> 0.001).
std::vector<double> regularised(std::vector<double> counts) {
  for (double& c : counts) {
    if (c == 0) c = 1e-3;
  }
  return counts;
}

std::vector<double> raw(const PentanomialCounts& p) { return {double(p.cells[0]), double(p.cells[1]), double(p.cells[2]), double(p.cells[3]), double(p.cells[4])}; }
std::vector<double> raw(const WdlCounts& w) { return {double(w.losses), double(w.draws), double(w.wins)}; }

const std::vector<PentanomialCounts> kPentaCases{
    penta(10, 20, 30, 20, 10),       penta(39, 2226, 31451, 2412, 40), penta(5, 20, 40, 25, 10),
    penta(0, 3, 12, 9, 0),           penta(0, 0, 5, 0, 0),             penta(0, 0, 0, 0, 8),
    penta(1, 0, 0, 0, 0),            penta(3, 0, 0, 0, 3),             penta(120, 410, 660, 455, 150)};
const std::vector<WdlCounts> kWdlCases{WdlCounts{60, 30, 10}, WdlCounts{0, 10, 0}, WdlCounts{7, 0, 3},
                                       WdlCounts{1100, 2000, 1000}, WdlCounts{5, 0, 0}, WdlCounts{0, 4, 9}};
const std::vector<std::pair<double, double>> kBounds{{0, 5}, {-3, 1}, {0.2, 0.9}, {-10, 10}, {0, 2}};

}  // namespace

TEST_CASE("SPRT bounds are ln(beta/(1-alpha)) and ln((1-beta)/alpha)", "[eval][sprt]") {
  const SprtBounds b = sprt_bounds(0.05, 0.05);
  CHECK(b.lower == Approx(-2.944438979166));  // ln(0.05 / 0.95)
  CHECK(b.upper == Approx(2.944438979166));
  const SprtBounds c = sprt_bounds(0.05, 0.10);
  CHECK(c.lower == Approx(-2.251291798607));  // ln(0.10 / 0.95)
  CHECK(c.upper == Approx(2.890371757896));   // ln(0.90 / 0.05)
}

TEST_CASE("the SPRT verdict: accept H1 at or above the upper bound, H0 at or below the lower", "[eval][sprt]") {
  const SprtBounds b = sprt_bounds(0.05, 0.05);
  CHECK(sprt_verdict(0.0, b) == SprtVerdict::Continue);
  CHECK(sprt_verdict(2.9, b) == SprtVerdict::Continue);
  CHECK(sprt_verdict(-2.9, b) == SprtVerdict::Continue);
  CHECK(sprt_verdict(b.upper, b) == SprtVerdict::AcceptH1);
  CHECK(sprt_verdict(3.5, b) == SprtVerdict::AcceptH1);
  CHECK(sprt_verdict(b.lower, b) == SprtVerdict::AcceptH0);
  CHECK(sprt_verdict(-7, b) == SprtVerdict::AcceptH0);
  CHECK(to_string(SprtVerdict::AcceptH0) == "accept H0");
  CHECK(to_string(SprtVerdict::AcceptH1) == "accept H1");
  CHECK(to_string(SprtVerdict::Continue) == "continue");
}

TEST_CASE("SPRT settings are checked", "[eval][sprt]") {
  CHECK_NOTHROW(check_sprt_config({0, 5, 0.05, 0.05, EloModel::Logistic}));
  CHECK_THROWS_AS(check_sprt_config({5, 0, 0.05, 0.05, EloModel::Logistic}), gamelab::InputError);
  CHECK_THROWS_AS(check_sprt_config({0, 0, 0.05, 0.05, EloModel::Logistic}), gamelab::InputError);
  CHECK_THROWS_AS(check_sprt_config({0, 5, 0, 0.05, EloModel::Logistic}), gamelab::InputError);
  CHECK_THROWS_AS(check_sprt_config({0, 5, 0.05, 1, EloModel::Logistic}), gamelab::InputError);
  CHECK_THROWS_AS(check_sprt_config({0, 5, 0.6, 0.5, EloModel::Logistic}), gamelab::InputError);
  CHECK_THROWS_AS(check_sprt_config({0, NAN, 0.05, 0.05, EloModel::Logistic}), gamelab::InputError);
  CHECK_THROWS_AS(check_sprt_config({0, 5000, 0.05, 0.05, EloModel::Logistic}), gamelab::InputError);
  CHECK(parse_elo_model("normalized") == EloModel::Normalized);
  CHECK_THROWS_AS(parse_elo_model("bayes"), gamelab::InputError);
}

TEST_CASE("the secular equation's root is found to full precision", "[eval][sprt]") {
  const std::vector<double> w{0.1, 0.2, 0.4, 0.2, 0.1};
  for (double s : {0.01, 0.3, 0.5, 0.77, 0.999}) {
    std::vector<double> b;
    for (double a : kPentaValues) b.push_back(a - s);
    const double x = solve_secular(w, b);
    double f = 0, scale = 0;
    for (std::size_t i = 0; i < w.size(); ++i) {
      f += w[i] * b[i] / (1 + x * b[i]);
      scale += std::abs(w[i] * b[i] / (1 + x * b[i]));
      CHECK(1 + x * b[i] > 0);
    }
    CHECK(std::abs(f) <= 1e-13 * scale);
  }
  CHECK_THROWS(solve_secular({0.5, 0.5}, {0.1, 0.2}));
}

TEST_CASE("the constrained MLE equals the brute-force maximiser's argmax", "[eval][sprt]") {
  for (const auto& p : kPentaCases) {
    const OutcomeCounts o = regularised_outcomes(p);
    double n = 0;
    for (double c : o.counts) n += c;
    std::vector<double> phat;
    for (double c : o.counts) phat.push_back(c / n);
    for (double s : {0.45, 0.5, 0.51, 0.6}) {
      const auto mle = mle_with_expectation(o.values, phat, s);
      std::vector<double> argmax;
      brute_force::max_log_likelihood(o.values, o.counts, s, false, 0, &argmax);
      double mean = 0;
      for (std::size_t i = 0; i < mle.size(); ++i) {
        mean += mle[i] * o.values[i];
        CHECK(mle[i] == Approx(argmax[i]).margin(1e-6));
      }
      CHECK(mean == Approx(s).margin(1e-12));
    }
  }
}

TEST_CASE("logistic GSPRT LLR equals the brute-force maximisation (pentanomial, zero cells included)",
          "[eval][sprt]") {
  for (const auto& p : kPentaCases) {
    for (const auto& [e0, e1] : kBounds) {
      const double expected =
          brute_force::llr_expectation(kPentaValues, regularised(raw(p)), score_from_elo(e0), score_from_elo(e1));
      const double llr = llr_logistic(p, e0, e1);
      INFO("penta " << p.cells[0] << "," << p.cells[1] << "," << p.cells[2] << "," << p.cells[3] << ","
                    << p.cells[4] << " elo " << e0 << ".." << e1);
      CHECK(llr == Approx(expected).epsilon(1e-7).margin(1e-8));
    }
  }
}

TEST_CASE("logistic GSPRT LLR equals the brute-force maximisation (trinomial)", "[eval][sprt]") {
  for (const auto& w : kWdlCases) {
    for (const auto& [e0, e1] : kBounds) {
      const double expected =
          brute_force::llr_expectation(kWdlValues, regularised(raw(w)), score_from_elo(e0), score_from_elo(e1));
      INFO("wdl " << w.wins << "-" << w.draws << "-" << w.losses << " elo " << e0 << ".." << e1);
      CHECK(llr_logistic(w, e0, e1) == Approx(expected).epsilon(1e-7).margin(1e-8));
    }
  }
}

TEST_CASE("the 0.001 regularisation of empty cells barely moves the LLR", "[eval][sprt]") {
  // Without regularisation the constrained maximum still exists for these (the empty cells may take
  // probability at no cost); the brute force finds it, and it stays within 0.01 of the regularised LLR.
  for (const auto& p : {penta(0, 3, 12, 9, 0), penta(0, 0, 0, 0, 8), penta(3, 0, 0, 0, 3), penta(0, 0, 5, 0, 0)}) {
    for (const auto& [e0, e1] : kBounds) {
      const double unregularised =
          brute_force::llr_expectation(kPentaValues, raw(p), score_from_elo(e0), score_from_elo(e1));
      CHECK(llr_logistic(p, e0, e1) == Approx(unregularised).margin(0.01));
    }
  }
}

TEST_CASE("normalized GSPRT LLR equals the brute-force maximisation over the t-value constraint",
          "[eval][sprt]") {
  // t = nelo / (800 / ln 10) per game; per pair sqrt(2) times that.
  const std::vector<std::pair<double, double>> bounds{{0, 5}, {0.764, 3.439}, {-3, 1}, {0, 20}};
  for (const auto& p : {penta(10, 20, 30, 20, 10), penta(39, 2226, 31451, 2412, 40), penta(0, 3, 12, 9, 0),
                        penta(0, 0, 0, 0, 8), penta(5, 20, 40, 25, 10)}) {
    for (const auto& [n0, n1] : bounds) {
      const double scale = std::sqrt(2.0) / kNeloPerT;
      const double expected = brute_force::llr_t_value(kPentaValues, regularised(raw(p)), n0 * scale, n1 * scale);
      INFO("penta " << p.cells[0] << "," << p.cells[1] << "," << p.cells[2] << "," << p.cells[3] << ","
                    << p.cells[4] << " nelo " << n0 << ".." << n1);
      CHECK(llr_normalized(p, n0, n1) == Approx(expected).epsilon(1e-6).margin(1e-7));
    }
  }
  for (const auto& w : kWdlCases) {
    for (const auto& [n0, n1] : bounds) {
      const double expected =
          brute_force::llr_t_value(kWdlValues, regularised(raw(w)), n0 / kNeloPerT, n1 / kNeloPerT);
      INFO("wdl " << w.wins << "-" << w.draws << "-" << w.losses << " nelo " << n0 << ".." << n1);
      CHECK(llr_normalized(w, n0, n1) == Approx(expected).epsilon(1e-6).margin(1e-7));
    }
  }
}

TEST_CASE("the LLR is antisymmetric under swapping the engines and negating the hypotheses", "[eval][sprt]") {
  const PentanomialCounts p = penta(12, 30, 51, 40, 9), q = penta(9, 40, 51, 30, 12);
  CHECK(llr_logistic(p, 0, 5) == Approx(-llr_logistic(q, -5, 0)));
  CHECK(llr_normalized(p, 0, 5) == Approx(-llr_normalized(q, -5, 0)));
  CHECK(llr_logistic(WdlCounts{30, 50, 20}, -2, 4) == Approx(-llr_logistic(WdlCounts{20, 50, 30}, -4, 2)));
}

TEST_CASE("with many games the LLR is close to its Gaussian approximation", "[eval][sprt]") {
  // LLR ~ N (s1 - s0) (2 s - s0 - s1) / (2 var), var the per-sample variance (fishtest's LLR_alt2).
  const PentanomialCounts p = penta(1187, 7410, 13475, 7378, 1164);
  const EloEstimate e = estimate_elo(p);
  const double s0 = score_from_elo(-3), s1 = score_from_elo(1);
  const double approx = p.pairs() * (s1 - s0) * (2 * e.score - s0 - s1) / (2 * e.stdev * e.stdev);
  CHECK(llr_logistic(p, -3, 1) == Approx(approx).epsilon(0.01));
}

TEST_CASE("more wins raise the LLR — no games give 0", "[eval][sprt]") {
  double previous = -1e9;
  for (std::uint64_t ww = 0; ww < 40; ww += 5) {
    const double llr = llr_logistic(penta(10, 20, 30, 20, ww), 0, 5);
    CHECK(llr > previous);
    previous = llr;
  }
  CHECK(llr_logistic(PentanomialCounts{}, 0, 5) == 0);
  CHECK(llr_normalized(PentanomialCounts{}, 0, 5) == 0);
  CHECK(llr_logistic(WdlCounts{}, 0, 5) == 0);
  CHECK(llr_normalized(WdlCounts{}, 0, 5) == 0);
}

TEST_CASE("sprt_llr dispatches on the model", "[eval][sprt]") {
  const PentanomialCounts p = penta(10, 22, 30, 25, 12);
  CHECK(sprt_llr(p, {0, 5, 0.05, 0.05, EloModel::Logistic}) == llr_logistic(p, 0, 5));
  CHECK(sprt_llr(p, {0, 5, 0.05, 0.05, EloModel::Normalized}) == llr_normalized(p, 0, 5));
  const WdlCounts w{30, 40, 25};
  CHECK(sprt_llr(w, {0, 5, 0.05, 0.05, EloModel::Logistic}) == llr_logistic(w, 0, 5));
  CHECK(sprt_llr(w, {0, 5, 0.05, 0.05, EloModel::Normalized}) == llr_normalized(w, 0, 5));
}
