#pragma once
// Texel tuning's arithmetic: positions as sparse feature rows, the mean squared error between
// sigmoid(K * eval) and the game result, its gradient over the weights, the fit of K, and Adam.
//
//   eval_i = sum_j w_j x_ij                      (the engine's linear evaluation, x sparse)
//   E(w)   = 1/N sum_i (sigmoid(K eval_i) - y_i)^2,    sigmoid(t) = 1 / (1 + e^-t)
//   dE/dw_j = 2K/N sum_i (s_i - y_i) s_i (1 - s_i) x_ij
// Rows are cut into fixed blocks of kBlockRows; each block's partial sums are added up in block
// order, so the results are bit-identical whatever the number of threads. Under MPI the blocks are
// dealt over the ranks (rank 0 calls these functions, the others serve_texel), with the same sums.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "registry/game_entry.hpp"

namespace gamelab::tuner {

struct SparseEntry {
  std::uint32_t index;
  std::int32_t value;
};

// Labelled positions as sparse rows (compressed sparse row form).
struct TexelData {
  std::size_t weights = 0;                 // number of evaluation weights (feature indices are below it)
  std::vector<std::uint64_t> offsets{0};   // row i holds entries[offsets[i], offsets[i + 1])
  std::vector<SparseEntry> entries;
  std::vector<float> results;              // the labels fitted: the outcomes, or blended (blend_labels)
  std::vector<float> outcomes;             // 1 win, 0.5 draw, 0 loss
  std::vector<float> scores;               // the self-play search's score, NaN where none was recorded

  std::size_t rows() const { return results.size(); }
  // Appends a row; std::invalid_argument if an index is not below `weights`.
  void add_row(const std::vector<EvalFeature>& features, double result, std::optional<int> score = std::nullopt);
  void append(const TexelData& other);
};

// Sets every label to lambda * outcome + (1 - lambda) * sigmoid(k * score), the game's result blended
// with the deeper search's verdict on the position (the outcome alone where no score was recorded):
// when most games are drawn, the result alone says little about a position that was clearly better.
// lambda = 1 restores the outcomes.
void blend_labels(TexelData& data, double lambda, double k);
// The rows whose outcome is a win or a loss (not a draw), as their own data set.
TexelData decisive_rows(const TexelData& data);

inline constexpr std::size_t kBlockRows = 8192;

// E(w) (0 for no rows).
double texel_mse(const TexelData& data, const std::vector<double>& weights, double k, int threads);
// E(w), with dE/dw written to `gradient` (resized to data.weights).
double texel_mse_gradient(const TexelData& data, const std::vector<double>& weights, double k, int threads,
                          std::vector<double>& gradient);

// A serving rank's part of rank 0's pass ("texel-data": hold a data set; "texel-pass": compute this
// rank's blocks of one pass and send them).
void serve_texel(const std::string& kind, const std::string& job_text);

// The K > 0 minimising E with the given weights: a scan of K = 10^-6 .. 10^1 in steps of 10^0.1, then
// golden-section search between the neighbours of the best scan point.
double fit_k(const TexelData& data, const std::vector<double>& weights, int threads);

// Adam (Kingma and Ba) with each weight kept inside its bounds after every step.
struct Adam {
  double learning_rate = 1.0;
  double beta1 = 0.9;
  double beta2 = 0.999;
  double epsilon = 1e-8;
  std::vector<double> m, v;  // first and second moment estimates
  std::uint64_t t = 0;       // steps taken

  void step(std::vector<double>& weights, const std::vector<double>& gradient, const std::vector<double>& lower,
            const std::vector<double>& upper);
};

}  // namespace gamelab::tuner
