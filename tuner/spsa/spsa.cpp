#include "tuner/spsa/spsa.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/rng.hpp"

namespace gamelab::tuner {

namespace {

// Seeds of iteration k: the flips and the roundings draw from separate streams.
std::uint64_t flip_seed(std::uint64_t seed, int k) { return derive_seed(derive_seed(seed, 0x5350534101ULL), k); }
std::uint64_t rounding_seed(std::uint64_t seed, int k) { return derive_seed(derive_seed(seed, 0x5350534102ULL), k); }

// x rounded down or up with the probability that keeps its expectation: floor(x + u), u uniform.
int probabilistic_round(double x, Rng& rng) { return static_cast<int>(std::floor(x + rng.unit())); }

}  // namespace

SpsaSchedule SpsaSchedule::for_iterations(int iterations) {
  SpsaSchedule s;
  s.iterations = iterations;
  s.big_a = 0.1 * iterations;
  return s;
}

IterationResults count_results(const std::vector<PairOutcome>& pairs) {
  IterationResults r;
  for (const auto& p : pairs) {
    r.wdl.add_game(p.first);
    r.wdl.add_game(p.second);
    r.penta.add_pair(p.first, p.second);
  }
  return r;
}

Spsa::Spsa(ParamSet base, const std::vector<std::string>& tuned, SpsaSchedule schedule, std::uint64_t seed)
    : base_(std::move(base)), schedule_(schedule), seed_(seed) {
  if (schedule_.iterations < 1) throw InputError("SPSA needs at least one iteration");
  if (tuned.empty()) throw InputError("SPSA needs at least one parameter to tune");
  const double n = schedule_.iterations;
  for (const auto& name : tuned) {
    const std::size_t index = base_.index_of(name);
    const Param& p = base_.at(index);
    if (!(p.c_end > 0) || !(p.r_end > 0)) {
      throw InputError("parameter '" + name + "' cannot be tuned by SPSA: c_end and r_end must be > 0");
    }
    if (p.min >= p.max) throw InputError("parameter '" + name + "' cannot be tuned: min = max");
    SpsaParam sp;
    sp.index = index;
    sp.name = name;
    sp.min = p.min;
    sp.max = p.max;
    sp.c = p.c_end * std::pow(n, schedule_.gamma);
    sp.a = p.r_end * p.c_end * p.c_end * std::pow(schedule_.big_a + n, schedule_.alpha);
    params_.push_back(sp);
  }
}

double Spsa::c_k(std::size_t i, int k) const { return params_[i].c / std::pow(static_cast<double>(k), schedule_.gamma); }

double Spsa::a_k(std::size_t i, int k) const {
  return params_[i].a / std::pow(schedule_.big_a + static_cast<double>(k), schedule_.alpha);
}

std::vector<double> Spsa::start() const {
  std::vector<double> theta;
  for (const auto& p : params_) theta.push_back(base_.value(p.index));
  return theta;
}

Perturbation Spsa::perturb(int k, const std::vector<double>& theta) const {
  Rng flips(flip_seed(seed_, k));
  Rng rounding(rounding_seed(seed_, k));
  std::vector<Param> plus = base_.all(), minus = base_.all();
  Perturbation out;
  for (std::size_t i = 0; i < params_.size(); ++i) {
    const SpsaParam& p = params_[i];
    const int flip = flips.below(2) ? 1 : -1;
    out.flip.push_back(flip);
    const double step = c_k(i, k) * flip;
    plus[p.index].value = std::clamp(probabilistic_round(theta[i] + step, rounding), p.min, p.max);
    minus[p.index].value = std::clamp(probabilistic_round(theta[i] - step, rounding), p.min, p.max);
  }
  out.plus = ParamSet(base_.game(), plus);
  out.minus = ParamSet(base_.game(), minus);
  return out;
}

std::vector<double> Spsa::step(int k, const std::vector<double>& theta, const std::vector<int>& flip,
                               const IterationResults& results) const {
  std::vector<double> next = theta;
  const double result = results.result();
  for (std::size_t i = 0; i < params_.size(); ++i) {
    const double c = c_k(i, k);
    const double r = a_k(i, k) / (c * c);
    next[i] = std::clamp(theta[i] + r * c * result * flip[i], static_cast<double>(params_[i].min),
                         static_cast<double>(params_[i].max));
  }
  return next;
}

ParamSet Spsa::rounded(const std::vector<double>& theta) const {
  std::vector<Param> params = base_.all();
  for (std::size_t i = 0; i < params_.size(); ++i) {
    const SpsaParam& p = params_[i];
    params[p.index].value = std::clamp(static_cast<int>(std::lround(theta[i])), p.min, p.max);
  }
  return ParamSet(base_.game(), params);
}

}  // namespace gamelab::tuner
