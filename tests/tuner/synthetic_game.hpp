#pragma once
// A synthetic game for SPSA: the plus engine wins a game with probability
// logistic(scale * (d(minus) - d(plus))), d the squared distance of an engine's parameters to a hidden
// optimum (each coordinate divided by its range), and otherwise loses. Seeded per pair, so it is as
// deterministic as a real game.
#include <cmath>
#include <vector>

#include "core/rng.hpp"
#include "tuner/spsa/campaign.hpp"

namespace tuner_test {

inline gamelab::ParamSet synthetic_params() {
  return gamelab::ParamSet("synthetic", {
                                            {"alpha", 20, 0, 200, 10, 0.02},
                                            {"beta", 150, 0, 200, 10, 0.02},
                                            {"gamma", -40, -100, 100, 10, 0.02},
                                            {"delta", 10, 0, 50, 3, 0.02},
                                        });
}

inline std::vector<double> synthetic_optimum() { return {110, 60, 35, 30}; }

inline gamelab::tuner::PairPlayer synthetic_player(double scale = 40) {
  return [scale](const gamelab::tuner::PairJob& job, const std::vector<std::uint64_t>& pairs) {
    const auto optimum = synthetic_optimum();
    auto distance = [&](const gamelab::ParamSet& p) {
      double d = 0;
      for (std::size_t i = 0; i < optimum.size(); ++i) {
        const double range = p.at(i).max - p.at(i).min;
        d += std::pow((p.value(i) - optimum[i]) / range, 2);
      }
      return d;
    };
    const double win = 1 / (1 + std::exp(-scale * (distance(job.minus) - distance(job.plus))));
    std::vector<gamelab::tuner::PairOutcome> out;
    for (auto pair : pairs) {
      gamelab::Rng rng(gamelab::derive_seed(job.seed, pair));
      const double first = rng.unit() < win ? 1.0 : 0.0;
      const double second = rng.unit() < win ? 1.0 : 0.0;
      out.push_back({first, second});
    }
    return out;
  };
}

}  // namespace tuner_test
