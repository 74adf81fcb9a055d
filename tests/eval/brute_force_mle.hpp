#pragma once
// An independent, generic maximisation of a multinomial log-likelihood sum_i n_i log p_i over the
// probability vectors p >= 0 that satisfy linear moment constraints (sum p = 1, sum p a = mu, and
// optionally sum p a^2 = m2). No Lagrange multiplier and no secular equation: a feasible start is the
// centroid of the polytope's vertices, then cyclic line searches along every edge direction of the
// constraint set (the null vectors of the constraints restricted to m + 1 cells) until nothing improves.
// The objective is concave, so this reaches the constrained maximum.
#include <vector>

namespace brute_force {

// Maximum of sum n_i log p_i with sum p = 1 and sum p a = mu (and sum p a^2 = m2 when `second_moment`).
// -infinity if no feasible p gives every cell with n_i > 0 a positive probability.
double max_log_likelihood(const std::vector<double>& values, const std::vector<double>& counts, double mu,
                          bool second_moment = false, double m2 = 0, std::vector<double>* argmax = nullptr);

// GSPRT LLR for expected scores s0, s1: max over E = s1 minus max over E = s0.
double llr_expectation(const std::vector<double>& values, const std::vector<double>& counts, double s0, double s1);

// GSPRT LLR for t-values t0, t1, t = (mu - 1/2) / sigma: the maximum over each constraint set is found
// by a grid over mu (sigma = (mu - 1/2) / t then fixes the second moment) refined by golden sections.
double llr_t_value(const std::vector<double>& values, const std::vector<double>& counts, double t0, double t1);
double max_log_likelihood_t(const std::vector<double>& values, const std::vector<double>& counts, double t);

}  // namespace brute_force
