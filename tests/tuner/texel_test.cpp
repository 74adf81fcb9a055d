// Texel tuning: the gradient, the fit of K, recovering known weights, determinism, campaigns.
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "helpers.hpp"
#include "tuner/campaign_files.hpp"
#include "tuner/texel/campaign.hpp"
#include "tuner/texel/texel.hpp"

using namespace gamelab;
using namespace gamelab::tuner;

namespace {

// Positions with 3-8 random sparse features over `weights.size()` indices, labelled by drawing from
// sigmoid(k * eval): a win with that probability, else a loss (and a draw now and then, scored 0.5
// with the same expectation's half share).
TexelData synthetic_data(const std::vector<double>& weights, double k, int rows, std::uint64_t seed) {
  TexelData data;
  data.weights = weights.size();
  Rng rng(seed);
  for (int i = 0; i < rows; ++i) {
    std::vector<EvalFeature> features;
    const int count = 3 + static_cast<int>(rng.below(6));
    double eval = 0;
    for (int f = 0; f < count; ++f) {
      const int index = static_cast<int>(rng.below(weights.size()));
      const int value = static_cast<int>(rng.below(7)) - 3;
      features.push_back({index, value});
      eval += weights[index] * value;
    }
    const double p = 1 / (1 + std::exp(-k * eval));
    data.add_row(features, rng.unit() < p ? 1.0 : 0.0);
  }
  return data;
}

}  // namespace

TEST_CASE("the Texel gradient matches finite differences", "[texel]") {
  const std::vector<double> truth = {100, -50, 30, 0, 250};
  const TexelData data = synthetic_data(truth, 0.01, 3000, 1);
  const std::vector<double> w = {80, -20, 10, 5, 200};
  std::vector<double> gradient;
  const double e = texel_mse_gradient(data, w, 0.01, 1, gradient);
  CHECK(e == Approx(texel_mse(data, w, 0.01, 1)));
  for (std::size_t j = 0; j < w.size(); ++j) {
    auto up = w, down = w;
    up[j] += 1e-3;
    down[j] -= 1e-3;
    const double numeric = (texel_mse(data, up, 0.01, 1) - texel_mse(data, down, 0.01, 1)) / 2e-3;
    CHECK(gradient[j] == Approx(numeric).epsilon(1e-5).margin(1e-12));
  }
}

TEST_CASE("Texel passes give bit-identical results whatever the thread count", "[texel]") {
  const TexelData data = synthetic_data({10, 20, 30}, 0.05, 50000, 2);
  std::vector<double> g1, g2;
  const double e1 = texel_mse_gradient(data, {11, 19, 33}, 0.05, 1, g1);
  const double e2 = texel_mse_gradient(data, {11, 19, 33}, 0.05, 2, g2);
  CHECK(e1 == e2);
  CHECK(g1 == g2);
}

TEST_CASE("fit_k finds the scale the labels were drawn with", "[texel]") {
  const std::vector<double> truth = {100, -60, 40, 150};
  const TexelData data = synthetic_data(truth, 0.004, 100000, 3);
  const double k = fit_k(data, truth, 2);
  CHECK(k == Approx(0.004).epsilon(0.05));
}

TEST_CASE("Texel tuning recovers the weights the data was generated from", "[texel]") {
  const std::vector<double> truth = {100, -60, 40, 150, 20, -10};
  const double true_k = 0.01;
  const TexelData data = synthetic_data(truth, true_k, 50000, 4);
  // Start far off, with K fitted on the true weights (the scale is the labels').
  const double k = fit_k(data, truth, 2);
  std::vector<double> w = {50, 0, 0, 100, 0, 0};
  const std::vector<double> lower(6, -1000), upper(6, 1000);
  Adam adam;
  adam.learning_rate = 2;
  std::vector<double> gradient;
  for (int epoch = 0; epoch < 300; ++epoch) {
    texel_mse_gradient(data, w, k, 2, gradient);
    adam.step(w, gradient, lower, upper);
  }
  for (std::size_t j = 0; j < truth.size(); ++j) {
    INFO("weight " << j << ": " << w[j] << ", truth " << truth[j]);
    CHECK(std::abs(w[j] - truth[j]) < 0.1 * std::abs(truth[j]) + 4);
  }
}

TEST_CASE("Adam keeps each weight inside its bounds", "[texel]") {
  std::vector<double> w = {5, 5};
  Adam adam;
  adam.learning_rate = 10;
  adam.step(w, {1, -1}, {0, 0}, {10, 8});
  CHECK(w == std::vector<double>{0, 8});
}

namespace {

TexelSettings synthetic_settings(const TexelDataset& data, int epochs) {
  TexelSettings s;
  s.game = "synthetic";
  s.data = "synthetic.data";
  s.data_positions = data.positions;
  s.data_hash = data.file_hash;
  s.base = ParamSet("synthetic", {{"w0", 50, -1000, 1000, 1, 0.002},
                                  {"w1", 0, -1000, 1000, 1, 0.002},
                                  {"w2", 0, -1000, 1000, 1, 0.002},
                                  {"w3", 100, 100, 100, 1, 0.002},  // fixed: min = max
                                  {"knob", 7, 0, 9, 1, 0.002}});
  s.eval_weights = 4;
  s.epochs = epochs;
  s.learning_rate = 2;
  return s;
}

TexelDataset synthetic_dataset() {
  TexelDataset d;
  d.train = synthetic_data({100, -60, 40, 100}, 0.01, 20000, 5);
  d.validation = synthetic_data({100, -60, 40, 100}, 0.01, 2000, 6);
  d.positions = d.train.rows() + d.validation.rows();
  d.file_hash = 12345;
  return d;
}

}  // namespace

TEST_CASE("a Texel campaign resumed after a stop ends where an uninterrupted one does", "[texel]") {
  TexelDataset data = synthetic_dataset();
  const TexelSettings s = synthetic_settings(data, 40);
  std::ostringstream notes;
  TexelCampaign::create(tuner_test::fresh_dir("texel_whole"), s);
  TexelCampaign whole = TexelCampaign::load("texel_whole", notes);
  whole.run(data, nullptr, {});
  CHECK(whole.checkpoint().epoch == 40);
  CHECK(tuner_test::count_lines("texel_whole/journal.jsonl") == 41);

  TexelCampaign::create(tuner_test::fresh_dir("texel_parts"), s);
  TexelCampaign first = TexelCampaign::load("texel_parts", notes);
  first.run(data, nullptr, {15, 1});
  // Killed after the checkpoint of epoch 15 but before its journal line: the line is rewritten.
  const std::string journal = tuner_test::file_text("texel_parts/journal.jsonl");
  std::ofstream("texel_parts/journal.jsonl", std::ios::binary) << journal.substr(0, journal.rfind('\n', journal.size() - 2) + 1);
  TexelCampaign second = TexelCampaign::load("texel_parts", notes);
  CHECK(second.checkpoint().epoch == 15);
  second.run(data, nullptr, {});
  CHECK(tuner_test::file_text("texel_parts/journal.jsonl") == tuner_test::file_text("texel_whole/journal.jsonl"));
  CHECK(tuner_test::file_text("texel_parts/checkpoint.json") == tuner_test::file_text("texel_whole/checkpoint.json"));
  CHECK(tuner_test::file_text("texel_parts/best.json") == tuner_test::file_text("texel_whole/best.json"));

  // The tuned file: weights rounded and clipped, the fixed weight and the knob untouched.
  const ParamSet best = params_from_json(read_json_file("texel_whole/best.json"), "best.json");
  CHECK(best.value("w3") == 100);
  CHECK(best.value("knob") == 7);
  CHECK(best.value("w0") > 50);  // moved towards 100
  CHECK(best.value("w1") < 0);   // towards -60
  // The journal starts with the fitted K and the starting errors.
  const auto lines = read_journal("texel_whole/journal.jsonl").lines;
  CHECK(lines[0]["epoch"] == 0);
  CHECK(lines[0]["k"].get<double>() > 0);
  CHECK(lines.back()["train_mse"].get<double>() < lines[0]["train_mse"].get<double>());
  CHECK(lines.back()["validation_mse"].get<double>() < lines[0]["validation_mse"].get<double>());
}

TEST_CASE("a Texel campaign refuses data that changed and an inconsistent journal", "[texel]") {
  TexelDataset data = synthetic_dataset();
  const TexelSettings s = synthetic_settings(data, 5);
  std::ostringstream notes;
  TexelCampaign::create(tuner_test::fresh_dir("texel_bad"), s);
  TexelCampaign campaign = TexelCampaign::load("texel_bad", notes);
  TexelDataset other = data;
  other.file_hash = 999;
  CHECK_THROWS_WITH(campaign.run(other, nullptr, {}), Catch::Contains("synthetic.data: the data file changed"));
  campaign.run(data, nullptr, {3, 1});
  std::ofstream("texel_bad/journal.jsonl", std::ios::binary) << R"({"epoch":0,"train_mse":0.2,"validation_mse":0.2})" << "\n";
  CHECK_THROWS_WITH(TexelCampaign::load("texel_bad", notes), Catch::Contains("the campaign is inconsistent"));
  std::ofstream("texel_bad/checkpoint.json", std::ios::binary) << "{\"epoch\": ";
  CHECK_THROWS_WITH(TexelCampaign::load("texel_bad", notes), Catch::Contains("texel_bad/checkpoint.json: not valid JSON"));
}

TEST_CASE("blended labels mix the result with the search score's expectation", "[texel]") {
  TexelData data;
  data.weights = 1;
  data.add_row({{0, 1}}, 0.5, 200);
  data.add_row({{0, 1}}, 1.0, std::nullopt);
  data.add_row({{0, 1}}, 0.0, -100);
  const double k = 0.01;
  blend_labels(data, 0.25, k);
  CHECK(data.results[0] == Approx(0.25 * 0.5 + 0.75 / (1 + std::exp(-2.0))));
  CHECK(data.results[1] == 1.0f);  // no score: the result alone
  CHECK(data.results[2] == Approx(0.75 / (1 + std::exp(1.0))));
  blend_labels(data, 1, k);
  CHECK(data.results == data.outcomes);
  TexelData joined;
  joined.weights = 1;
  joined.append(data);
  CHECK(joined.scores.size() == 3);
  CHECK(std::isnan(joined.scores[1]));
  // The decisive rows alone (what the score's K is fitted on): the draw is left out.
  const TexelData decisive = decisive_rows(data);
  REQUIRE(decisive.rows() == 2);
  CHECK(decisive.outcomes == std::vector<float>{1.0f, 0.0f});
  CHECK(decisive.offsets == std::vector<std::uint64_t>{0, 1, 2});
  CHECK(std::isnan(decisive.scores[0]));
  CHECK(decisive.scores[1] == -100.0f);
}
