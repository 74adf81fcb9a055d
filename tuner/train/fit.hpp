#pragma once
// The fit: mini-batch Adam over shuffled positions, one epoch at a time (docs/tools/train.md §3, §5).
//
// Determinism. Epoch e visits the training rows in the order of a permutation seeded by
// derive_seed(seed, e), in batches of `batch` rows. A batch is cut into blocks of kBlockRows rows;
// a block's gradient is summed over its rows in order by one thread, and the batch's gradient is the
// blocks' gradients added in block order (texel-tuner's and tuner/texel's rule). Threads take the
// blocks in waves (a whole batch at once when the buffers fit in 512 MB), but the order of every sum
// is fixed by the data alone, so the weights are bit for bit the same for any thread count. Adam's
// update is element by element.
//
// Under mpirun every rank runs the same epochs on the same data (SPSA's way): block b of a batch is
// computed by rank b mod R, every rank receives every block of a wave (ProcessGroup::all_gather) and
// adds them in block order, so every rank takes the same Adam step, and the weights are the same for
// any number of ranks too. train_epoch and mean_loss must therefore be called by every rank alike.
#include <cstdint>
#include <functional>
#include <vector>

#include "tuner/train/dataset.hpp"
#include "tuner/train/model.hpp"

namespace gamelab::train {

inline constexpr std::size_t kBlockRows = 1024;

struct FitSettings {
  std::size_t batch = 16384;
  double learning_rate = 0.001;
  double lr_gamma = 1.0;  // the learning rate of epoch e is learning_rate x lr_gamma^(e - 1)
  double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
  std::uint64_t seed = 1;
  int threads = 1;
};

// Adam's moments (Kingma and Ba), one per parameter, and the steps taken.
struct AdamState {
  std::vector<float> m, v;
  std::uint64_t t = 0;
};

struct EpochReport {
  double train_loss = 0;  // the mean loss of the epoch's batches, each at the weights it was computed with
  std::uint64_t positions = 0;
  double seconds = 0;
};

// Runs epoch `epoch` (1-based) over `train`; `on_batch(rows done)` after each batch (progress).
EpochReport train_epoch(Model& model, AdamState& adam, const TrainData& train, int epoch, const FitSettings& settings,
                        const std::function<void(std::uint64_t)>& on_batch = nullptr);

// The mean loss of `model` over `data` (0 for no rows); the same for any thread count.
double mean_loss(const Model& model, const TrainData& data, int threads);

}  // namespace gamelab::train
