#pragma once
// A training campaign on disk, resumable after a kill (docs/tools/train.md §5):
//
//   config.json      what the run is: the game and its input set, the data file or files (paths, positions, hash),
//                    the form and its sizes, the fit's settings, wdl and scale, validation and seed
//   checkpoint.bin   the state after the last epoch: the float weights, Adam's moments and step count,
//                    the losses and the best epoch (a JSON line, then the floats; written atomically)
//   journal.jsonl    one JSON line per epoch: {"epoch", "train_loss", "validation_loss",
//                    "learning_rate", "positions_per_s", "seconds"}; epoch 0 is the starting weights
//   current.eval     the evaluation file of the last epoch
//   best.eval        the evaluation file of the epoch with the lowest validation loss (training loss
//                    without a validation split)
//
// Each epoch writes best.eval (when it improved), current.eval, the checkpoint, then its journal
// line, each atomically or appended with fsync. A run killed anywhere goes on from the checkpoint:
// a missing last journal line is written from it, a half-written one is cut off, and the epoch after
// the checkpoint is computed again, to the same bits (fit.hpp). So an interrupted and resumed run
// ends with the files of an uninterrupted one.
#include <cstdint>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tuner/train/checkpoint.hpp"
#include "tuner/train/dataset.hpp"
#include "tuner/train/fit.hpp"
#include "tuner/train/model.hpp"

namespace gamelab::train {

struct TrainSettings {
  std::string game;
  std::string inputs;  // the game's input set name
  std::uint32_t input_count = 0;
  std::uint32_t max_active = 0;
  std::vector<std::string> data;  // the data files, in order (config.json: a string for one file, else a list)
  std::uint64_t data_positions = 0;
  std::uint64_t data_hash = 0;
  Form form = Form::Network;
  std::uint32_t hidden = 32;
  int epochs = 10;
  FitSettings fit;    // batch, learning rate, gamma, betas, seed, threads
  double wdl = 1.0;   // target = wdl x outcome + (1 - wdl) x sigmoid(score / scale)
  int scale = 0;      // engine units per logit
  std::string scale_source;  // "given", "init" (a warm start's file's), "fitted" (on the decisive games' scores) or "default"
  double validation = 0.1;
  // A residual fit (train.md §2): the parameter file whose hand-made evaluation the model is fitted
  // over and added to ("" for none), its values' fingerprint, and that evaluation's units per logit
  // (0: `scale`; HandmadeEval::units_per_logit).
  std::string base_params;
  std::string base_fingerprint;
  double base_units = 0;
  // A warm start (train.md §3): the evaluation file whose weights are epoch 0 ("" for random ones), and
  // its fingerprint when the campaign began (a file changed since is refused).
  std::string init;
  std::string init_fingerprint;

  nlohmann::ordered_json to_json() const;
  static TrainSettings from_json(const nlohmann::json& data, const std::string& source);
};

// A new campaign as `gamelab train` (or a generation of `gamelab generations`) asks for it;
// new_train_settings completes it from the game and the data.
struct TrainOptions {
  Form form = Form::Network;
  std::uint32_t hidden = 32;
  int epochs = 10;
  std::size_t batch = 16384;
  double learning_rate = 0.01, lr_gamma = 0.9;
  double wdl = 1.0;
  int scale = 0;  // engine units per logit; 0: fitted to the data's search scores (else 100)
  double validation = 0.1;
  std::uint64_t seed = 1;
  int threads = 1;
  std::string base_params, base_fingerprint;  // a residual fit (TrainSettings)
  double base_units = 0;
  std::string init;  // a warm start: the evaluation file whose weights are epoch 0 (TrainSettings)
};

// The settings of a new campaign of `game` over the data files `data_paths`, read as `data`: the input
// set from the game, the data's size and hash, the scale given, fitted on the data's decisive positions
// with scores, or 100 when they do not pin it down. What the data lacks (scores, a scale) is said on
// `notes`. A warm start's file is read and must be of the game, its input set, the form and the hidden
// size asked (InputError naming the field).
TrainSettings new_train_settings(const GameEntry& game, const TrainOptions& options, const std::vector<std::string>& data_paths,
                                 const TrainSet& data, std::ostream& notes);

// The hand-made evaluation of `game` with `params` that a residual fit goes over (TrainSettings::base_*);
// InputError, with `who` (the command and flag) and the reason, for a game without one.
HandmadeEval residual_base(const GameEntry& game, const ParamSet& params, const std::string& who);
void check_residual_game(const GameEntry& game, const std::string& who);  // the same refusal, before reading parameters

// A warm start's epoch 0: the weights of the file `s.init`, which must still have the fingerprint the
// campaign recorded.
Model warm_start_model(const TrainSettings& s);

struct TrainRunOptions {
  int max_epochs = -1;              // stop after this many epochs in this run (-1: to the end)
  double progress_interval_s = 10;  // not on a terminal: seconds between progress lines
};

class TrainCampaign {
 public:
  // Writes config.json; refuses a folder that holds a campaign.
  static void create(const std::string& dir, const TrainSettings& settings);
  // Reads config and checkpoint and makes the journal agree with the checkpoint.
  static TrainCampaign load(const std::string& dir, std::ostream& notes);
  // Under mpirun: rank 0 loads the campaign and sends it to the other ranks as bytes (its
  // configuration and checkpoint); a campaign made from them runs the same epochs and writes nothing.
  std::string serialize() const;
  static TrainCampaign deserialize(const std::string& dir, const std::string& bytes);

  const TrainSettings& settings() const { return settings_; }
  TrainSettings& settings() { return settings_; }
  const TrainState& state() const { return state_; }
  const std::string& dir() const { return dir_; }

  // Runs epochs up to settings().epochs on `data`, which must be the campaign's data file (its hash is
  // checked); sets the targets from wdl and scale.
  void run(TrainSet& data, std::ostream* progress, const TrainRunOptions& options);

 private:
  TrainCampaign(std::string dir, TrainSettings settings) : dir_(std::move(dir)), settings_(std::move(settings)) {}
  void save(bool improved);
  void write_eval(const std::string& name) const;

  std::string dir_;
  TrainSettings settings_;
  TrainState state_;
  bool writes_ = true;  // false on the other ranks of an MPI job
};

}  // namespace gamelab::train
