#pragma once
// SPSA (simultaneous perturbation stochastic approximation) as fishtest and OpenBench run it for
// engine parameters.
//
// Schedule, from each parameter's c_end and r_end (core/params.hpp) and the number of iterations N:
//   A = 0.1 N (unless given), alpha = 0.602, gamma = 0.101,
//   c   = c_end * N^gamma                    so that c_N = c_end,
//   a   = r_end * c_end^2 * (A + N)^alpha     so that a_N / c_N^2 = r_end,
//   c_k = c / k^gamma,  a_k = a / (A + k)^alpha,  r_k = a_k / c_k^2   (k = 1..N).
// Iteration k draws one flip vector delta (each entry +1 or -1, seeded), plays K game pairs between
// theta + c_k delta and theta - c_k delta (each value rounded to an integer probabilistically, then
// clipped to its bounds), and moves theta_i += r_k c_k,i (W - L) delta_i, clipped to [min, max], where
// W - L counts the "plus" engine's wins minus losses over the 2K games (fishtest's "result").
// So one iteration of K pairs is fishtest's update for a batch of K pairs; N counts iterations.
//
// Randomness: iteration k's flips and roundings come from derive_seed(seed, k) alone, so a resumed or
// distributed campaign draws exactly what an uninterrupted one does.
#include <cstdint>
#include <string>
#include <vector>

#include "core/params.hpp"
#include "eval/stats/counts.hpp"

namespace gamelab::tuner {

struct SpsaSchedule {
  int iterations = 1;
  double alpha = 0.602;
  double gamma = 0.101;
  double big_a = 0.1;  // A; for_iterations sets it to 0.1 N

  static SpsaSchedule for_iterations(int iterations);
};

// A parameter SPSA moves: its place in the full set, bounds and the schedule's a and c.
struct SpsaParam {
  std::size_t index = 0;
  std::string name;
  int min = 0, max = 0;
  double a = 0, c = 0;
};

// The two engines of one iteration.
struct Perturbation {
  std::vector<int> flip;  // +1 / -1 per tuned parameter
  ParamSet plus, minus;   // full parameter sets (fixed parameters at their base values)
};

// The plus engine's results over an iteration's pairs.
struct IterationResults {
  eval::WdlCounts wdl;
  eval::PentanomialCounts penta;
  double result() const { return static_cast<double>(wdl.wins) - static_cast<double>(wdl.losses); }
};

// The plus engine's scores (1, 0.5, 0) in the two games of one pair.
struct PairOutcome {
  double first = 0.5;
  double second = 0.5;
  bool operator==(const PairOutcome&) const = default;
};
IterationResults count_results(const std::vector<PairOutcome>& pairs);

class Spsa {
 public:
  // `tuned` names parameters of `base`; each needs c_end > 0, r_end > 0 and min < max (InputError).
  Spsa(ParamSet base, const std::vector<std::string>& tuned, SpsaSchedule schedule, std::uint64_t seed);

  const ParamSet& base() const { return base_; }
  const std::vector<SpsaParam>& params() const { return params_; }
  const SpsaSchedule& schedule() const { return schedule_; }
  std::uint64_t seed() const { return seed_; }

  double c_k(std::size_t i, int k) const;
  double a_k(std::size_t i, int k) const;
  // The starting point: the base values of the tuned parameters.
  std::vector<double> start() const;

  Perturbation perturb(int k, const std::vector<double>& theta) const;
  // theta after iteration k with `flip` and the plus engine's `results`.
  std::vector<double> step(int k, const std::vector<double>& theta, const std::vector<int>& flip,
                           const IterationResults& results) const;
  // The full parameter set with the tuned values rounded to the nearest integer (and clipped).
  ParamSet rounded(const std::vector<double>& theta) const;

 private:
  ParamSet base_;
  std::vector<SpsaParam> params_;
  SpsaSchedule schedule_;
  std::uint64_t seed_;
};

}  // namespace gamelab::tuner
