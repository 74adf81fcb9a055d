// Score, Elo and its interval, normalized Elo, LOS and draw ratio against values worked out by hand
// from the definitions in eval/stats/elo.hpp (z = 1.959963984540054).
#include <catch2/catch.hpp>
#include <cmath>

#include "eval/stats/elo.hpp"

using namespace gamelab::eval;

namespace {

bool finite(const EloEstimate& e) {
  for (double x : {e.score, e.elo, e.elo_lower, e.elo_upper, e.elo_error, e.nelo, e.nelo_error, e.los, e.stdev}) {
    if (!std::isfinite(x)) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("logistic Elo and score are inverse, with the 0.001 clamp at the ends", "[eval][elo]") {
  CHECK(score_from_elo(0) == 0.5);
  CHECK(score_from_elo(400) == Approx(10.0 / 11.0));
  CHECK(elo_from_score(10.0 / 11.0) == Approx(400));
  CHECK(elo_from_score(0.75) == Approx(400 * std::log10(3.0)));  // 190.849
  for (double e : {-700.0, -35.5, 0.0, 12.25, 800.0}) CHECK(elo_from_score(score_from_elo(e)) == Approx(e).margin(1e-9));
  CHECK(elo_from_score(1.0) == Approx(400 * std::log10(999.0)));
  CHECK(elo_from_score(0.0) == Approx(-400 * std::log10(999.0)));
  CHECK(elo_cap() == Approx(1199.8261952904));
}

TEST_CASE("W/D/L 60-30-10: score 0.75, Elo 190.85 with interval [134.36, 258.45]", "[eval][elo]") {
  // s = (60 + 15) / 100 = 0.75. Per-game variance: 0.6 * 0.25^2 + 0.3 * 0.25^2 + 0.1 * 0.75^2 = 0.1125,
  // sd = 0.335410; se = sd / 10 = 0.0335410; bounds 0.75 -+ 1.959964 * se = 0.684261 / 0.815739;
  // Elo = 400 log10(0.75 / 0.25) = 190.8485; 400 log10(0.684261 / 0.315739) = 134.3573;
  // 400 log10(0.815739 / 0.184261) = 258.4473.
  const EloEstimate e = estimate_elo(WdlCounts{60, 30, 10});
  CHECK(e.games == 100);
  CHECK(e.score == Approx(0.75));
  CHECK(e.stdev == Approx(0.335410196625));
  CHECK(e.elo == Approx(190.8485018879));
  CHECK(e.elo_lower == Approx(134.3572702274));
  CHECK(e.elo_upper == Approx(258.4473411704));
  CHECK(e.elo_error == Approx(62.0450354715));
  // nElo = (0.75 - 0.5) / 0.335410 * 800 / ln 10 = 258.9632; +- 1.959964 * 347.4356 / sqrt(100) = 68.0961.
  CHECK(e.nelo == Approx(258.9631956770));
  CHECK(e.nelo_error == Approx(68.0961234572));
  // LOS = Phi(0.25 / 0.033541) = Phi(7.45) = 1 - 5e-14.
  CHECK(e.los == Approx(1.0).margin(1e-12));
  CHECK(draw_ratio(WdlCounts{60, 30, 10}) == Approx(0.3));
}

TEST_CASE("W/D/L 7-0-3: Elo 147.19, LOS 0.9162, the zero draw cell regularised", "[eval][elo]") {
  // Regularised counts L 3, D 0.001, W 7: mean 0.699995, variance 0.209984, sd 0.458239.
  const EloEstimate e = estimate_elo(WdlCounts{7, 0, 3});
  CHECK(e.score == Approx(0.7));
  CHECK(e.stdev == Approx(0.458239022018));
  CHECK(e.elo == Approx(147.1907141178));
  CHECK(e.elo_lower == Approx(-58.9380100585));
  CHECK(e.elo_upper == Approx(715.7075632205));
  CHECK(e.los == Approx(0.916235459161));
  CHECK(e.nelo == Approx(151.6394583738));
  CHECK(draw_ratio(WdlCounts{7, 0, 3}) == 0);
}

TEST_CASE("pentanomial 5-20-40-25-10: pair-based variance", "[eval][elo]") {
  // 100 pairs. Per-game score of a pair: 0, 0.25, 0.5, 0.75, 1. s = (20*0.25 + 40*0.5 + 25*0.75 + 10) / 100
  // = 0.5375; pair variance = sum p (a - s)^2 = 0.0642188, sd 0.253414; se = 0.0253414.
  // nElo uses sigma per game = sqrt(2) * 0.253414: (0.0375 / 0.358381) * 347.4356 = 36.3546;
  // its half width 1.959964 * 347.4356 / sqrt(200 games) = 48.1512.
  PentanomialCounts p;
  p.cells = {5, 20, 40, 25, 10};
  const EloEstimate e = estimate_elo(p);
  CHECK(e.games == 200);
  CHECK(e.score == Approx(0.5375));
  CHECK(e.stdev == Approx(0.253414186659));
  CHECK(e.elo == Approx(26.1066926050));
  CHECK(e.elo_lower == Approx(-8.4570484408));
  CHECK(e.elo_upper == Approx(61.1958021671));
  CHECK(e.elo_error == Approx(34.8264253040));
  CHECK(e.nelo == Approx(36.3546229082));
  CHECK(e.nelo_error == Approx(48.1512306691));
  CHECK(e.los == Approx(0.930535467156));
  CHECK(pair_draw_ratio(p) == Approx(0.4));
}

TEST_CASE("the pentanomial interval is narrower than the trinomial one when pairs are correlated", "[eval][elo]") {
  // 100 pairs that are all one win and one loss (or two draws): each game is +-1 but every pair scores
  // exactly 1. The trinomial sees 100 W, 100 L; the pentanomial sees no spread at all.
  PentanomialCounts p;
  p.cells = {0, 0, 100, 0, 0};
  const EloEstimate penta = estimate_elo(p);
  const EloEstimate wdl = estimate_elo(WdlCounts{100, 0, 100});
  CHECK(penta.elo == Approx(0).margin(1e-12));
  CHECK(wdl.elo == Approx(0).margin(1e-12));
  CHECK(penta.elo_error < wdl.elo_error / 10);
}

TEST_CASE("all draws: Elo 0 with a small non-zero interval, no NaN", "[eval][elo]") {
  const EloEstimate e = estimate_elo(WdlCounts{0, 10, 0});
  REQUIRE(finite(e));
  CHECK(e.score == 0.5);
  CHECK(e.elo == Approx(0).margin(1e-12));
  CHECK(e.elo_error == Approx(3.0451247025));  // sd 0.0070704 from the 0.001 regularisation
  CHECK(e.elo_lower == Approx(-e.elo_upper));
  CHECK(e.nelo == Approx(0).margin(1e-12));
  CHECK(e.los == Approx(0.5));
  CHECK(draw_ratio(WdlCounts{0, 10, 0}) == 1);

  PentanomialCounts p;
  p.cells = {0, 0, 7, 0, 0};
  const EloEstimate pe = estimate_elo(p);
  REQUIRE(finite(pe));
  CHECK(pe.elo == Approx(0).margin(1e-12));
  CHECK_FALSE(std::signbit(pe.elo));  // printed "+0.0", never "-0.0"
  CHECK_FALSE(std::signbit(e.elo));
  CHECK(pe.elo_error == Approx(4.8629372322));
  CHECK(pe.nelo_error == Approx(181.9945452459));
  CHECK(pair_draw_ratio(p) == 1);
}

TEST_CASE("all wins and all losses: Elo at the cap, finite everything", "[eval][elo]") {
  const EloEstimate win = estimate_elo(WdlCounts{10, 0, 0});
  REQUIRE(finite(win));
  CHECK(win.score == 1);
  CHECK(win.elo == Approx(elo_cap()));
  CHECK(win.elo_upper == Approx(elo_cap()));
  CHECK(win.elo_lower == Approx(862.5440232365));
  CHECK(win.los == Approx(1.0));
  CHECK(win.nelo == Approx(15540.7438923058));

  const EloEstimate loss = estimate_elo(WdlCounts{0, 0, 10});
  REQUIRE(finite(loss));
  CHECK(loss.elo == Approx(-elo_cap()));
  CHECK(loss.elo_lower == Approx(-elo_cap()));
  CHECK(loss.los == Approx(0.0).margin(1e-12));

  PentanomialCounts p;
  p.cells = {0, 0, 0, 0, 4};
  REQUIRE(finite(estimate_elo(p)));
  CHECK(estimate_elo(p).elo == Approx(elo_cap()));
}

TEST_CASE("no games: score 1/2, Elo 0, the widest interval, LOS 1/2", "[eval][elo]") {
  for (const EloEstimate& e : {estimate_elo(WdlCounts{}), estimate_elo(PentanomialCounts{})}) {
    REQUIRE(finite(e));
    CHECK(e.games == 0);
    CHECK(e.score == 0.5);
    CHECK(e.elo == 0);
    CHECK(e.elo_lower == Approx(-elo_cap()));
    CHECK(e.elo_upper == Approx(elo_cap()));
    CHECK(e.los == 0.5);
  }
  CHECK(draw_ratio(WdlCounts{}) == 0);
  CHECK(pair_draw_ratio(PentanomialCounts{}) == 0);
}

TEST_CASE("LOS is symmetric and 1/2 at an even score", "[eval][elo]") {
  const EloEstimate a = estimate_elo(WdlCounts{30, 40, 20});
  const EloEstimate b = estimate_elo(WdlCounts{20, 40, 30});
  CHECK(a.los + b.los == Approx(1.0));
  CHECK(a.elo == Approx(-b.elo));
  CHECK(estimate_elo(WdlCounts{25, 50, 25}).los == Approx(0.5));
  // By hand: s = 50 / 90 = 0.555556; variance (30 * 0.444444^2 + 40 * 0.055556^2 + 20 * 0.555556^2) / 90
  // = 0.135802, sd 0.368514; LOS = Phi(0.055556 / (0.368514 / sqrt 90)) = Phi(1.43019) = 0.923669.
  CHECK(a.los == Approx(0.9236693098));
}

TEST_CASE("counts accumulate games and pairs in the right cells", "[eval][elo]") {
  WdlCounts w;
  for (double s : {1.0, 0.5, 0.5, 0.0, 1.0}) w.add_game(s);
  CHECK(w == WdlCounts{2, 2, 1});
  CHECK_THROWS(w.add_game(0.25));
  PentanomialCounts p;
  p.add_pair(0, 0);      // LL
  p.add_pair(0.5, 0);    // LD
  p.add_pair(0, 0.5);    // DL: same cell
  p.add_pair(1, 0);      // WL: middle
  p.add_pair(0.5, 0.5);  // DD: middle
  p.add_pair(1, 0.5);    // WD
  p.add_pair(1, 1);      // WW
  CHECK(p.cells == std::array<std::uint64_t, 5>{1, 2, 2, 1, 1});
  CHECK(p.pairs() == 7);
  CHECK(p.games() == 14);
  CHECK_THROWS(p.add_pair(2, 0));
}
