#pragma once
// The trainer's positions: each one's active sparse inputs in both perspectives (the game's
// SparseInputSet), its game's outcome, the self-play search's score, and the target the model is
// fitted to (docs/tools/train.md §2):
//
//   target = wdl x outcome + (1 - wdl) x sigmoid(score / scale)      (the outcome alone without a score)
//
// as bullet's `wdl`. Read from a `gamelab datagen` file (tuner/texel/data_file.hpp), in parallel and
// kept in file order; whole games are held out for validation (tuner/texel/load.hpp, held_out).
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <limits>
#include <string>
#include <vector>

#include "registry/game_entry.hpp"

namespace gamelab::train {

struct TrainData {
  std::uint32_t inputs = 0;                // every index is below it
  std::vector<std::uint64_t> offsets{0};   // row r: perspective 0 in [offsets[2r], offsets[2r+1]), 1 up to offsets[2r+2]
  std::vector<std::uint16_t> indices;
  std::vector<float> outcomes;             // 1 win, 0.5 draw, 0 loss (the evaluation's point of view)
  std::vector<float> scores;               // the search's score there, NaN where none was recorded
  std::vector<float> targets;              // what is fitted (set_targets)
  std::vector<std::uint64_t> games;        // the self-play game each row comes from
  // A residual fit (train.md §2): the hand-made evaluation of each row in the engine's units (empty
  // without one), and the logit it is worth (set_bases), which the model's output is added to.
  std::vector<float> handmade;
  std::vector<float> bases;

  std::size_t rows() const { return outcomes.size(); }
  // Appends a row; std::invalid_argument if an index is not below `inputs`.
  void add_row(const std::vector<std::uint32_t>& us, const std::vector<std::uint32_t>& them, double outcome,
               float score = std::numeric_limits<float>::quiet_NaN(), std::uint64_t game = 0);
  const std::uint16_t* active(std::size_t row, int perspective, int& count) const {
    const std::uint64_t begin = offsets[2 * row + perspective], end = offsets[2 * row + perspective + 1];
    count = static_cast<int>(end - begin);
    return indices.data() + begin;
  }
  bool has_scores() const;
  // The logit row `row`'s prediction starts from: 0 without a residual fit.
  float base(std::size_t row) const { return bases.empty() ? 0.0f : bases[row]; }
  // Asks the memory for row `row`'s offsets and target (early), or its indices (once the offsets are
  // there): an epoch visits rows in random order, and without it most of its time is cache misses.
  void prefetch_head(std::size_t row) const {
    __builtin_prefetch(offsets.data() + 2 * row);
    __builtin_prefetch(targets.data() + row);
  }
  void prefetch_indices(std::size_t row) const { __builtin_prefetch(indices.data() + offsets[2 * row]); }
};

// Sets every target from outcome and score (wdl in [0, 1], scale > 0 engine units per logit).
void set_targets(TrainData& data, double wdl, double scale);

// A residual fit: every row's base is its hand-made evaluation / units_per_logit, so that the model
// learns what that evaluation misses (the engine adds the two). std::logic_error when the rows were
// read without their hand-made evaluation.
void set_bases(TrainData& data, double units_per_logit);

// The scale (engine units per logit) at which sigmoid(score / scale) best predicts the outcomes of the
// decisive rows that have scores (least squares; Texel's K scan over 10 .. 10,000 and a golden-section
// search). 0 when fewer than kMinScaleRows decisive rows have scores, or the best fit lies at an end
// of the range (the data does not pin it down).
inline constexpr std::size_t kMinScaleRows = 100;
double fit_score_scale(const TrainData& data, int threads);

struct TrainSet {
  TrainData train, validation;
  std::uint64_t positions = 0;
  std::uint64_t file_hash = 0;  // FNV-1a of the data file's bytes; of several files, data_files_hash
  std::uint64_t games = 0;
};

// Reads `path` (a datagen file of `game`) through game.sparse_inputs; InputError naming the file and
// line for a position the game cannot read, and for a game without sparse inputs. With `handmade`
// (a residual fit: HandmadeEval::value), each row keeps that evaluation of its position too.
using HandmadeValue = std::function<double(const std::string& position_text)>;
TrainSet load_train_set(const GameEntry& game, const std::string& path, double validation, std::uint64_t seed,
                        int threads, std::ostream& progress, const HandmadeValue& handmade = nullptr);

// Several datagen files as one set, in the order given (a generation trained on the data of the
// generations before it too, train.md §9). Game g of file i is game g + i x 2^40 of the set, so that
// games of different files stay apart; the held-out games of file 0 are the ones it has alone, and
// one file reads exactly as load_train_set above (hash included).
TrainSet load_train_set(const GameEntry& game, const std::vector<std::string>& paths, double validation,
                        std::uint64_t seed, int threads, std::ostream& progress, const HandmadeValue& handmade = nullptr);

// The files named in a message: "a.data" or "a.data, b.data, ...".
std::string data_files_text(const std::vector<std::string>& paths);

// The hash that names several data files together: FNV-1a over their own hashes (8 bytes each, little
// end first), in order; one file's hash is its own.
std::uint64_t data_files_hash(const std::vector<std::uint64_t>& hashes);

}  // namespace gamelab::train
