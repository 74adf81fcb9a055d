#pragma once
// A training campaign's state between epochs (checkpoint.bin): a first line naming the format, a
// JSON line (epoch, Adam's step count, the losses, the best epoch, the last journal line, the sizes
// and an FNV-1a hash of what follows), then the float weights and Adam's two moments as little-endian
// binary. Floats are stored as they are, so a resumed run goes on with the very bits it stopped with.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "tuner/train/fit.hpp"
#include "tuner/train/model.hpp"

namespace gamelab::train {

struct TrainState {
  int epoch = -1;  // -1: nothing done yet
  Model model;
  AdamState adam;
  double train_loss = 0, validation_loss = 0;
  int best_epoch = 0;
  double best_loss = 0;
  nlohmann::ordered_json journal_line;  // the last epoch's line (written again if a kill lost it)
};

// The checkpoint's bytes, and the file written atomically (temporary file, fsync, rename).
std::string checkpoint_bytes(const TrainState& state);
void write_checkpoint(const std::string& path, const TrainState& state);
// `shape` gives the form and sizes the checkpoint must have (its parameters are replaced); InputError
// naming `source` for another shape, a cut-off file or a damaged one.
TrainState parse_checkpoint(const std::string& bytes, const std::string& source, const Model& shape);
TrainState read_checkpoint(const std::string& path, const Model& shape);

}  // namespace gamelab::train
