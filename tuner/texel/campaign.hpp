#pragma once
// A Texel tuning campaign on disk, resumable after a kill.
//
//   config.json      the game, the data file (path, size in positions, hash), the base parameter
//                    set, the epochs, Adam's settings, the validation fraction and seed
//   checkpoint.json  the state after the last epoch: K (and blend_k, for blended labels), the weights, Adam's moments and step count,
//                    the errors, and the best epoch so far (written atomically every epoch)
//   journal.jsonl    one line per epoch, for plots: {"epoch": e, "train_mse": ..., "validation_mse": ...};
//                    epoch 0 is the starting weights, with the fitted "k"
//   current.json     the parameters after the last epoch (weights rounded to integers, clipped)
//   best.json        the parameters of the epoch with the lowest validation error (training error
//                    when there is no validation split)
//                    (both rewritten at most every few seconds and at the end of a run: on small data
//                    an epoch takes milliseconds and each atomic write an fsync)
// Only the first eval_weights parameters of the set are tuned (weights with min = max stay fixed);
// the search knobs are copied from the base set. An epoch is one full-batch gradient step.
// Each epoch writes the checkpoint first, then its journal line: on resume a missing last line is
// rewritten from the checkpoint, and the run goes on from the checkpoint's epoch.
#include <cstdint>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/params.hpp"
#include "tuner/texel/load.hpp"
#include "tuner/texel/texel.hpp"

namespace gamelab::tuner {

struct TexelSettings {
  std::string game;
  std::string data;                 // the data file
  std::uint64_t data_positions = 0;
  std::uint64_t data_hash = 0;
  ParamSet base;
  std::size_t eval_weights = 0;
  std::string params_source;
  int epochs = 1000;
  double learning_rate = 1.0;
  double beta1 = 0.9, beta2 = 0.999;
  double validation = 0.1;
  std::uint64_t seed = 1;
  int concurrency = 1;
  double lambda = 1.0;  // labels: lambda * result + (1 - lambda) * sigmoid(K * search score) (blend_labels)

  nlohmann::ordered_json to_json() const;
  static TexelSettings from_json(const nlohmann::json& data, const std::string& source);
};

struct TexelCheckpoint {
  int epoch = -1;  // -1: nothing done yet (K not fitted)
  double k = 0;
  double blend_k = 0;  // the K that turns search scores into expected results (fitted on decisive games)
  std::vector<double> weights;
  Adam adam;
  double train_mse = 0, validation_mse = 0;
  int best_epoch = 0;
  double best_error = 0;
  std::vector<double> best_weights;
};

struct TexelRunOptions {
  int max_epochs = -1;             // stop after this many epochs in this run (-1: to the end)
  double progress_interval_s = 30;  // not on a terminal: seconds between progress lines (0: every epoch)
};

class TexelCampaign {
 public:
  static void create(const std::string& dir, const TexelSettings& settings);
  // Reads config and checkpoint and makes the journal agree with the checkpoint.
  static TexelCampaign load(const std::string& dir, std::ostream& notes);

  const TexelSettings& settings() const { return settings_; }
  TexelSettings& settings() { return settings_; }
  const TexelCheckpoint& checkpoint() const { return state_; }
  const std::string& dir() const { return dir_; }

  // Fits K on the game results (first run), blends the labels with settings().lambda, and runs epochs
  // up to settings().epochs on `data`, which must be the campaign's data file (its hash is checked).
  void run(TexelDataset& data, std::ostream* progress, const TexelRunOptions& options);

  ParamSet params_with(const std::vector<double>& weights) const;

 private:
  TexelCampaign(std::string dir, TexelSettings settings) : dir_(std::move(dir)), settings_(std::move(settings)) {}
  // Writes the checkpoint, appends the journal line, and (when `parameter_files`) current.json and best.json.
  void save(const nlohmann::ordered_json& journal_line, bool parameter_files);
  void write_parameter_files() const;

  std::string dir_;
  TexelSettings settings_;
  TexelCheckpoint state_;
};

}  // namespace gamelab::tuner
