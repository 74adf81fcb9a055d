#include "tuner/texel/load.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <mutex>
#include <ostream>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "tuner/texel/data_file.hpp"

namespace gamelab::tuner {

bool held_out(std::uint64_t game, double validation, std::uint64_t seed) {
  const double u = static_cast<double>(derive_seed(derive_seed(seed, 0x5445584c01ULL), game) >> 11) * 0x1.0p-53;
  return u < validation;
}

TexelDataset load_texel_dataset(const GameEntry& game, const std::string& path, double validation, std::uint64_t seed,
                                int threads, std::ostream& progress) {
  if (!game.features || game.eval_weights == 0) {
    throw InputError("game " + game.name + " has no evaluation features for Texel tuning yet");
  }
  if (!(validation >= 0 && validation < 1)) throw InputError("--validation must be in [0, 1)");
  const auto start = std::chrono::steady_clock::now();
  TexelDataset data;
  data.train.weights = data.validation.weights = game.eval_weights;
  auto on_batch = [&](std::vector<DataRow>& rows) {
    const long count = static_cast<long>(rows.size());
    std::vector<std::vector<EvalFeature>> features(rows.size());
    std::exception_ptr failure;
    std::mutex lock;
#pragma omp parallel for schedule(dynamic, 256) num_threads(std::max(threads, 1))
    for (long i = 0; i < count; ++i) {
      try {
        features[static_cast<std::size_t>(i)] = game.features(rows[static_cast<std::size_t>(i)].position);
      } catch (const std::exception& e) {
        std::lock_guard<std::mutex> guard(lock);
        if (!failure) {
          failure = std::make_exception_ptr(
              InputError(path + ":" + std::to_string(rows[static_cast<std::size_t>(i)].line) + ": " + e.what()));
        }
      }
    }
    if (failure) std::rethrow_exception(failure);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      TexelData& target = held_out(rows[i].game, validation, seed) ? data.validation : data.train;
      try {
        target.add_row(features[i], rows[i].result, rows[i].score);
      } catch (const std::invalid_argument& e) {
        throw InputError(path + ":" + std::to_string(rows[i].line) + ": " + e.what());
      }
    }
    data.positions += rows.size();
  };
  read_data_file(path, game.name, 1 << 16, on_batch, &data.file_hash);
  if (data.train.rows() == 0) throw InputError(path + ": no training positions (is --validation too large?)");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  progress << "texel: " << data.positions << " positions from " << path << " (" << data.train.rows() << " training, "
           << data.validation.rows() << " validation, " << data.train.entries.size() + data.validation.entries.size()
           << " non-zero features) in " << std::lround(seconds * 10) / 10.0 << " s" << std::endl;
  return data;
}

}  // namespace gamelab::tuner
