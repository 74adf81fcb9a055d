// The trainer's fit (tuner/train/fit.hpp, model.hpp): the gradient, known targets recovered, the
// network beating the best linear fit where the target is not linear, and weights that do not depend
// on the thread count.
#include <catch2/catch.hpp>
#include <cmath>

#include "synthetic.hpp"
#include "tuner/train/fit.hpp"
#include "tuner/train/model.hpp"

using namespace gamelab;
using namespace gamelab::train;
using train_test::random_rows;
using train_test::sigmoid;

namespace {

Model fit(Form form, const TrainData& data, std::uint32_t hidden, std::uint32_t max_active, int epochs, FitSettings s) {
  Model model = initial_model(form, data.inputs, hidden, max_active, s.seed);
  AdamState adam;
  for (int e = 1; e <= epochs; ++e) train_epoch(model, adam, data, e, s, nullptr);
  return model;
}

// The linear recoveries' fit: small batches, a decaying rate.
FitSettings recovery_settings() {
  FitSettings s;
  s.batch = 256;
  s.learning_rate = 0.01;
  s.lr_gamma = 0.85;
  s.seed = 3;
  return s;
}

// The largest distance of a fitted input weight from the one the target was made with.
double worst_weight_error(const Model& model, const std::vector<double>& truth) {
  double worst = 0;
  for (std::size_t i = 0; i < truth.size(); ++i) worst = std::max(worst, std::fabs(model.params[i] - truth[i]));
  return worst;
}

}  // namespace

TEST_CASE("the gradient of both forms matches finite differences of the mean loss", "[train]") {
  const TrainData data = random_rows(40, 300, 3, 8, 1, [](const auto& us, const auto& them) {
    return sigmoid(0.1 * static_cast<double>(us.size()) - 0.07 * static_cast<double>(them.size()));
  });
  for (Form form : {Form::Linear, Form::Network}) {
    Model model = initial_model(form, data.inputs, 6, 8, 7);
    for (std::size_t j = 0; j < model.size(); ++j) model.params[j] += 0.05f * std::sin(static_cast<float>(j));
    BlockGradient gradient(model);
    Scratch scratch(model);
    for (std::size_t r = 0; r < data.rows(); ++r) {
      accumulate(model, data, r, 1.0f / static_cast<float>(data.rows()), scratch, gradient);
    }
    CHECK(gradient.loss / static_cast<double>(data.rows()) == Approx(mean_loss(model, data, 1)).epsilon(1e-5));
    // A few parameters of each part: input rows, and the tail.
    for (std::size_t j : {std::size_t{0}, std::size_t{5}, model.tail() - 1, model.tail(), model.size() - 1}) {
      Model up = model, down = model;
      const float h = 1e-2f;
      up.params[j] += h;
      down.params[j] -= h;
      const double numeric = (mean_loss(up, data, 1) - mean_loss(down, data, 1)) / (up.params[j] - down.params[j]);
      INFO(to_string(form) << " parameter " << j);
      CHECK(gradient.values[j] == Approx(numeric).epsilon(0.02).margin(2e-5));
    }
  }
}

TEST_CASE("the linear form recovers the weights a synthetic target was made with", "[train]") {
  constexpr std::uint32_t kInputs = 64;
  std::vector<double> truth(kInputs);
  Rng rng(11);
  for (double& w : truth) w = 2 * rng.unit() - 1;
  const double bias = 0.2;
  // 4-12 inputs on: a varying count keeps the bias apart from a shift of every weight.
  const TrainData data = random_rows(kInputs, 20000, 4, 12, 12, [&](const auto& us, const auto&) {
    double y = bias;
    for (auto i : us) y += truth[i];
    return sigmoid(y);
  });
  const FitSettings s = recovery_settings();
  const Model model = fit(Form::Linear, data, 0, 12, 30, s);
  const double worst = worst_weight_error(model, truth);
  INFO("largest weight error " << worst << ", bias " << model.params[model.tail()] << ", loss " << mean_loss(model, data, 1));
  CHECK(worst < 0.05);
  CHECK(model.params[model.tail()] == Approx(bias).margin(0.05));
  CHECK(mean_loss(model, data, 1) < 1e-5);
}

TEST_CASE("a residual fit learns what its base misses, not the base", "[train]") {
  // The base (a hand-made evaluation, in units of 100 per logit) depends on perspective 1's inputs,
  // which the linear form does not see; the rest of the target is perspective 0's weights.
  constexpr std::uint32_t kInputs = 64;
  std::vector<double> truth(kInputs);
  Rng rng(21);
  for (double& w : truth) w = 2 * rng.unit() - 1;
  const auto base = [](const std::vector<std::uint32_t>& them) { return 0.4 * static_cast<double>(them.size()) - 3; };
  TrainData data = random_rows(kInputs, 20000, 4, 12, 22, [&](const auto& us, const auto& them) {
    double y = base(them);
    for (auto i : us) y += truth[i];
    return sigmoid(y);
  });
  for (std::size_t r = 0; r < data.rows(); ++r) {
    int count = 0;
    data.active(r, 1, count);
    data.handmade.push_back(static_cast<float>(100 * (0.4 * count - 3)));
  }
  const FitSettings s = recovery_settings();
  const Model without = fit(Form::Linear, data, 0, 12, 30, s);
  set_bases(data, 100);
  CHECK(data.base(0) == Approx(data.handmade[0] / 100.0));
  const Model model = fit(Form::Linear, data, 0, 12, 30, s);
  const double worst = worst_weight_error(model, truth);
  INFO("largest weight error " << worst << ", bias " << model.params[model.tail()] << ", loss " << mean_loss(model, data, 1));
  CHECK(worst < 0.05);
  CHECK(model.params[model.tail()] == Approx(0).margin(0.05));
  CHECK(mean_loss(model, data, 1) < 1e-5);
  // Without the base the same form cannot reach the target (it does not see perspective 1).
  TrainData plain = data;
  plain.bases.clear();
  CHECK(mean_loss(without, plain, 1) > 100 * mean_loss(model, data, 1));
  // Rows read without their hand-made evaluation have no base to set.
  plain.handmade.clear();
  CHECK_THROWS_AS(set_bases(plain, 100), std::logic_error);
}

TEST_CASE("the network fits an XOR of two inputs far below the best linear loss", "[train]") {
  // Inputs 0/1: a is off/on; inputs 2/3: b is off/on. The target is a XOR b: no sum of per-input
  // weights reaches it (the best linear fit predicts 0.5 everywhere, loss 0.16).
  Rng rng(5);
  TrainData data;
  data.inputs = 4;
  for (int r = 0; r < 4096; ++r) {
    const std::uint32_t a = static_cast<std::uint32_t>(rng.below(2)), b = static_cast<std::uint32_t>(rng.below(2));
    data.add_row({a, 2 + b}, {a, 2 + b}, a != b ? 0.9 : 0.1, std::nanf(""), static_cast<std::uint64_t>(r));
  }
  FitSettings s;
  s.batch = 64;
  s.learning_rate = 0.01;
  s.seed = 2;
  const Model linear = fit(Form::Linear, data, 0, 2, 40, s);
  const Model network = fit(Form::Network, data, 8, 2, 40, s);
  const double linear_loss = mean_loss(linear, data, 1), network_loss = mean_loss(network, data, 1);
  INFO("linear loss " << linear_loss << ", network loss " << network_loss);
  CHECK(linear_loss > 0.155);
  CHECK(network_loss < 0.01);
}

TEST_CASE("the weights are the same bits for 1, 2 and 3 threads", "[train]") {
  const TrainData data = random_rows(500, 12000, 5, 20, 21, [](const auto& us, const auto& them) {
    double y = 0;
    for (auto i : us) y += (i % 7) * 0.1 - 0.3;
    for (auto i : them) y -= (i % 5) * 0.1 - 0.2;
    return sigmoid(y);
  });
  for (Form form : {Form::Linear, Form::Network}) {
    std::vector<std::vector<float>> results;
    for (int threads : {1, 2, 3}) {
      FitSettings s;
      s.batch = 4096;  // four blocks a batch, the last batch short
      s.learning_rate = 0.01;
      s.threads = threads;
      results.push_back(fit(form, data, 16, 20, 2, s).params);
    }
    INFO(to_string(form));
    CHECK(results[0] == results[1]);
    CHECK(results[0] == results[2]);
    CHECK(mean_loss(Model{form, data.inputs, form == Form::Network ? 16u : 0u, results[0]}, data, 1) ==
          mean_loss(Model{form, data.inputs, form == Form::Network ? 16u : 0u, results[0]}, data, 2));
  }
}
