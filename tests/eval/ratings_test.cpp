// Rating lists under the draw-elo model: closed-form and finite-difference checks of the maximum,
// recovery of known ratings from simulated games, anchoring, the bootstrap's reproducibility and the
// cases without a finite maximum.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "eval/ratings/draw_elo_model.hpp"
#include "eval/ratings/rating_list.hpp"

using namespace gamelab::eval;

namespace {

double logistic(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

// The model written out again from its definition (BayesElo): used to check the fit independently.
double log_likelihood(const std::vector<RatedGame>& games, const std::vector<double>& r, double advantage,
                      double draw_elo) {
  double total = 0;
  for (const auto& g : games) {
    const double delta = r[g.first] - r[g.second] + advantage;
    const double win = logistic(delta - draw_elo), loss = logistic(-delta - draw_elo);
    total += std::log(g.score == 1 ? win : g.score == 0 ? loss : 1 - win - loss);
  }
  return total;
}

void add(std::vector<RatedGame>& games, int first, int second, int wins, int draws, int losses) {
  for (int k = 0; k < wins; ++k) games.push_back({first, second, 1.0});
  for (int k = 0; k < draws; ++k) games.push_back({first, second, 0.5});
  for (int k = 0; k < losses; ++k) games.push_back({first, second, 0.0});
}

// `pairs` pairs of games cycling over every two engines, each pair with the seats swapped, outcomes
// drawn from the model with the true ratings.
GameTable simulated_table(const std::vector<double>& truth, double advantage, double draw_elo, int pairs,
                          std::uint64_t seed) {
  GameTable table;
  for (std::size_t e = 0; e < truth.size(); ++e) table.add_engine(std::string(1, char('A' + e)), "hash");
  std::vector<std::pair<int, int>> matchups;
  for (int i = 0; i < int(truth.size()); ++i) {
    for (int j = i + 1; j < int(truth.size()); ++j) matchups.emplace_back(i, j);
  }
  gamelab::Rng rng(seed);
  for (int p = 0; p < pairs; ++p) {
    const auto [x, y] = matchups[p % matchups.size()];
    for (const auto& [first, second] : {std::pair{x, y}, std::pair{y, x}}) {
      const double delta = truth[first] - truth[second] + advantage;
      const double win = logistic(delta - draw_elo), loss = logistic(-delta - draw_elo);
      const double u = rng.unit();
      table.games.push_back({first, second, u < win ? 1.0 : u < win + loss ? 0.0 : 0.5});
    }
  }
  return table;
}

double rating_of(const RatingList& list, const std::string& name) {
  for (const auto& e : list.engines) {
    if (e.name == name) return e.rating;
  }
  FAIL("no engine " << name);
  return 0;
}

const EngineRating& entry(const RatingList& list, const std::string& name) {
  for (const auto& e : list.engines) {
    if (e.name == name) return e;
  }
  throw std::runtime_error("no engine " + name);
}

}  // namespace

TEST_CASE("draw-elo probabilities follow BayesElo's formulas", "[eval][ratings]") {
  const auto even = draw_elo_probabilities(0, 0, 0);
  CHECK(even[0] == Approx(0.5));
  CHECK(even[1] == Approx(0).margin(1e-15));
  CHECK(even[2] == Approx(0.5));
  // Delta = 80 + 20 = 100, draw_elo 50: win f(50) = 0.571463, loss f(-150) = 0.296615.
  const auto p = draw_elo_probabilities(80, 20, 50);
  CHECK(p[0] == Approx(0.5714631174));
  CHECK(p[2] == Approx(0.2966149965));
  CHECK(p[1] == Approx(0.1319218861));
}

TEST_CASE("two engines, seat-symmetric results: the closed form of the saturated model", "[eval][ratings]") {
  // A scores 30% wins, 50% draws, 20% losses in both seats, so the advantage is 0 and
  // f(D - d) = 0.3, f(-D - d) = 0.2 give D = 200 log10(0.3/0.7 * 0.8/0.2) = 46.8166 and
  // d = 200 log10(0.7/0.3 * 0.8/0.2) = 194.0074.
  std::vector<RatedGame> games;
  add(games, 0, 1, 30, 50, 20);  // A first
  add(games, 1, 0, 20, 50, 30);  // B first: B wins 20, loses 30
  const DrawEloFit fit = fit_draw_elo_model({"A", "B"}, games, 1, 0);
  CHECK(fit.ratings[0] == Approx(46.8166412067).epsilon(1e-9));
  CHECK(fit.ratings[1] == 0);
  CHECK(fit.advantage == Approx(0).margin(1e-8));
  CHECK(fit.draw_elo == Approx(194.0073553245).epsilon(1e-9));
  CHECK(fit.log_likelihood == Approx(log_likelihood(games, fit.ratings, fit.advantage, fit.draw_elo)));
}

TEST_CASE("the fit is a maximum of the likelihood written out independently", "[eval][ratings]") {
  std::vector<RatedGame> games;
  add(games, 0, 1, 41, 30, 19);
  add(games, 1, 0, 22, 35, 31);
  add(games, 0, 2, 15, 10, 40);
  add(games, 2, 0, 44, 12, 9);
  add(games, 1, 2, 5, 3, 17);
  add(games, 2, 1, 20, 1, 2);
  const DrawEloFit fit = fit_draw_elo_model({"A", "B", "C"}, games, 0, 0);
  const double best = log_likelihood(games, fit.ratings, fit.advantage, fit.draw_elo);
  const double h = 1e-3;
  // Finite-difference gradient ~ 0 in every free parameter, and every small move lowers the likelihood.
  for (int k = 0; k < 4; ++k) {
    auto value = [&](double step) {
      auto r = fit.ratings;
      double a = fit.advantage, d = fit.draw_elo;
      if (k < 2) r[k + 1] += step;
      if (k == 2) a += step;
      if (k == 3) d += step;
      return log_likelihood(games, r, a, d);
    };
    const double slope = (value(h) - value(-h)) / (2 * h);
    INFO("parameter " << k);
    CHECK(std::abs(slope) < 1e-6);
    CHECK(value(0.5) < best);
    CHECK(value(-0.5) < best);
  }
  CHECK(fit.ratings[2] > fit.ratings[0]);  // C outscored A
  CHECK(fit.advantage > 0);                // the first seat scored more
}

TEST_CASE("three engines at 0, 100, 200: 20,000 simulated games recover the ratings within a few Elo",
          "[eval][ratings]") {
  const GameTable table = simulated_table({0, 100, 200}, 30, 150, 10000, 2024);
  REQUIRE(table.games.size() == 20000);
  RatingOptions options;
  options.bootstrap = 100;
  options.seed = 7;
  const RatingList list = rate_engines(table, options);
  CHECK(list.anchor == "A");
  CHECK(rating_of(list, "A") == 0);
  CHECK(rating_of(list, "B") == Approx(100).margin(10));
  CHECK(rating_of(list, "C") == Approx(200).margin(10));
  CHECK(list.advantage == Approx(30).margin(6));
  CHECK(list.draw_elo == Approx(150).margin(6));
  // The 95% error bars are a few Elo and cover the truth.
  for (const auto& [name, truth] : {std::pair{"B", 100.0}, std::pair{"C", 200.0}}) {
    const EngineRating& e = entry(list, name);
    INFO(name << " " << e.rating << " [" << e.lower << ", " << e.upper << "]");
    CHECK(e.error > 2);
    CHECK(e.error < 12);
    CHECK(e.lower < truth);
    CHECK(e.upper > truth);
  }
  CHECK(entry(list, "A").error == 0);
  CHECK(list.engines[0].name == "C");
  CHECK(list.engines[2].name == "A");
  CHECK(list.replicates == 100);
  CHECK(list.failed_replicates == 0);
  // Game counts: each engine plays two thirds of the games.
  CHECK(entry(list, "A").games + entry(list, "B").games + entry(list, "C").games == 40000);
  CHECK(entry(list, "A").wins + entry(list, "A").draws + entry(list, "A").losses == entry(list, "A").games);
}

TEST_CASE("anchoring moves every rating by the same amount", "[eval][ratings]") {
  const GameTable table = simulated_table({0, 60, -40, 150}, 10, 100, 2000, 99);
  RatingOptions options;
  options.bootstrap = 0;
  const RatingList on_a = rate_engines(table, options);
  options.anchor = "C";
  options.anchor_rating = 1000;
  const RatingList on_c = rate_engines(table, options);
  CHECK(rating_of(on_c, "C") == 1000);
  const double shift = 1000 - rating_of(on_a, "C");
  for (const char* name : {"A", "B", "C", "D"}) CHECK(rating_of(on_c, name) == Approx(rating_of(on_a, name) + shift));
  CHECK(on_c.draw_elo == Approx(on_a.draw_elo));
  options.anchor = "Z";
  CHECK_THROWS_WITH(rate_engines(table, options), Catch::Contains("--anchor Z"));
}

TEST_CASE("the bootstrap is reproducible with its seed and changes with another", "[eval][ratings]") {
  const GameTable table = simulated_table({0, 50, 120}, 0, 80, 600, 5);
  RatingOptions options;
  options.bootstrap = 50;
  options.seed = 11;
  const RatingList a = rate_engines(table, options), b = rate_engines(table, options);
  options.seed = 12;
  const RatingList c = rate_engines(table, options);
  bool differs = false;
  for (std::size_t k = 0; k < a.engines.size(); ++k) {
    CHECK(a.engines[k].name == b.engines[k].name);
    CHECK(a.engines[k].lower == b.engines[k].lower);
    CHECK(a.engines[k].upper == b.engines[k].upper);
    CHECK(a.engines[k].rating == c.engines[k].rating);  // the fit itself does not depend on the seed
    if (a.engines[k].error != c.engines[k].error) differs = true;
  }
  CHECK(differs);
}

TEST_CASE("without a finite maximum the fit names the engines — virtual draws fix it", "[eval][ratings]") {
  std::vector<RatedGame> games;
  add(games, 0, 1, 5, 3, 2);
  add(games, 1, 0, 4, 3, 3);
  add(games, 2, 0, 0, 0, 4);  // C lost every game
  add(games, 0, 2, 4, 0, 0);
  CHECK_THROWS_WITH(fit_draw_elo_model({"A", "B", "C"}, games, 0, 0), Catch::Contains("{C} never scored against {A, B}"));
  const DrawEloFit fit = fit_draw_elo_model({"A", "B", "C"}, games, 0, 0, 2.0);
  CHECK(std::isfinite(fit.ratings[2]));
  CHECK(fit.ratings[2] < -100);

  std::vector<RatedGame> split;
  add(split, 0, 1, 2, 2, 2);
  add(split, 2, 3, 2, 2, 2);
  CHECK_THROWS_WITH(fit_draw_elo_model({"A", "B", "C", "D"}, split, 0, 0), Catch::Contains("no game connects {A, B} with {C, D}"));
  CHECK_THROWS_WITH(fit_draw_elo_model({"A"}, {}, 0, 0), Catch::Contains("at least two engines"));
}

TEST_CASE("the first seat winning every game has no finite advantage", "[eval][ratings]") {
  std::vector<RatedGame> games;
  add(games, 0, 1, 10, 0, 0);
  add(games, 1, 0, 10, 0, 0);
  CHECK_THROWS_WITH(fit_draw_elo_model({"A", "B"}, games, 0, 0), Catch::Contains("advantage"));
}

TEST_CASE("no draws fix draw_elo at 0 — only draws make every engine equal", "[eval][ratings]") {
  std::vector<RatedGame> games;
  add(games, 0, 1, 6, 0, 4);
  add(games, 1, 0, 3, 0, 7);
  const DrawEloFit decisive = fit_draw_elo_model({"A", "B"}, games, 1, 0);
  CHECK(decisive.draw_elo == 0);
  // Without draws the model is Bradley-Terry with an advantage; A first scores 6/10, B first 3/10:
  // f(D + a) = 0.6, f(-D + a) = 0.3 -> D = 200 (log10 1.5 + log10 (7/3)) = 108.8136, a = 200 (log10 1.5 - log10 (7/3)) = -38.3771.
  CHECK(decisive.ratings[0] == Approx(200 * (std::log10(1.5) + std::log10(7.0 / 3))).epsilon(1e-9));
  CHECK(decisive.advantage == Approx(200 * (std::log10(1.5) - std::log10(7.0 / 3))).epsilon(1e-9));

  std::vector<RatedGame> draws;
  add(draws, 0, 1, 0, 5, 0);
  add(draws, 1, 2, 0, 5, 0);
  const DrawEloFit equal = fit_draw_elo_model({"A", "B", "C"}, draws, 0, 7);
  CHECK(equal.ratings == std::vector<double>{7, 7, 7});
  CHECK(std::isinf(equal.draw_elo));
}

TEST_CASE("quantiles interpolate between order statistics", "[eval][ratings]") {
  CHECK(quantile({3, 1, 2, 4}, 0.0) == 1);
  CHECK(quantile({3, 1, 2, 4}, 1.0) == 4);
  CHECK(quantile({3, 1, 2, 4}, 0.5) == 2.5);
  CHECK(quantile({10, 20}, 0.025) == Approx(10.25));
}

TEST_CASE("the game table from records keeps names in order and refuses one name with two hashes",
          "[eval][ratings]") {
  PairRecord r;
  r.game = "dcms";
  r.engines = {EngineRecord{"new", "aa"}, EngineRecord{"old", "bb"}};
  r.games[0].seats = {"new", "old"};
  r.games[0].score = 1;
  r.games[1].seats = {"old", "new"};
  r.games[1].score = 0.5;
  RecordsFile file;
  file.path = "x.jsonl";
  file.records = {r};
  file.record_lines = {1};
  const GameTable table = game_table({file});
  CHECK(table.names == std::vector<std::string>{"new", "old"});
  REQUIRE(table.games.size() == 2);
  CHECK(table.games[1].first == 1);
  CHECK(table.games[1].score == 0.5);
  RecordsFile other = file;
  other.path = "y.jsonl";
  other.records[0].engines[1].params_hash = "cc";
  other.record_lines = {4};
  CHECK_THROWS_WITH(game_table({file, other}), Catch::Contains("y.jsonl:4: engine \"old\" has params_hash cc but bb at x.jsonl:1"));
}
