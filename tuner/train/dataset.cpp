#include "tuner/train/dataset.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <mutex>
#include <ostream>
#include <stdexcept>

#include "core/error.hpp"
#include "core/fnv.hpp"
#include "tuner/texel/data_file.hpp"
#include "tuner/texel/load.hpp"
#include "tuner/line_search.hpp"

namespace gamelab::train {

void TrainData::add_row(const std::vector<std::uint32_t>& us, const std::vector<std::uint32_t>& them, double outcome,
                        float score, std::uint64_t game) {
  if (inputs == 0 || inputs > 65536) throw std::invalid_argument("the input count must be in [1, 65536]");
  for (const auto* list : {&us, &them}) {
    for (std::uint32_t i : *list) {
      if (i >= inputs) {
        throw std::invalid_argument("input " + std::to_string(i) + " is not below the " + std::to_string(inputs) + " inputs");
      }
      indices.push_back(static_cast<std::uint16_t>(i));
    }
    offsets.push_back(indices.size());
  }
  outcomes.push_back(static_cast<float>(outcome));
  scores.push_back(score);
  targets.push_back(static_cast<float>(outcome));
  games.push_back(game);
}

bool TrainData::has_scores() const {
  return std::any_of(scores.begin(), scores.end(), [](float s) { return !std::isnan(s); });
}

void set_targets(TrainData& data, double wdl, double scale) {
  for (std::size_t r = 0; r < data.rows(); ++r) {
    const double outcome = data.outcomes[r], score = data.scores[r];
    data.targets[r] = static_cast<float>(std::isnan(score) || wdl >= 1 ? outcome
                                                                       : wdl * outcome + (1 - wdl) / (1 + std::exp(-score / scale)));
  }
}

void set_bases(TrainData& data, double units_per_logit) {
  if (data.handmade.size() != data.rows()) throw std::logic_error("set_bases: the rows were read without their hand-made evaluation");
  data.bases.resize(data.rows());
  for (std::size_t r = 0; r < data.rows(); ++r) data.bases[r] = static_cast<float>(data.handmade[r] / units_per_logit);
}

double fit_score_scale(const TrainData& data, int threads) {
  std::vector<std::pair<double, double>> rows;  // (score, outcome)
  for (std::size_t r = 0; r < data.rows(); ++r) {
    if (!std::isnan(data.scores[r]) && data.outcomes[r] != 0.5f) rows.push_back({data.scores[r], data.outcomes[r]});
  }
  if (rows.size() < kMinScaleRows) return 0;
  // Mean squared error at scale 10^x; the sum in a fixed order, whatever `threads`.
  const auto error = [&](double x) {
    const double scale = std::pow(10.0, x);
    std::vector<double> part(rows.size());
    const long n = static_cast<long>(rows.size());
#pragma omp parallel for schedule(static) num_threads(std::max(threads, 1))
    for (long i = 0; i < n; ++i) {
      const double e = 1 / (1 + std::exp(-rows[static_cast<std::size_t>(i)].first / scale)) - rows[static_cast<std::size_t>(i)].second;
      part[static_cast<std::size_t>(i)] = e * e;
    }
    double sum = 0;
    for (double p : part) sum += p;
    return sum / static_cast<double>(rows.size());
  };
  constexpr double kLow = 1, kHigh = 4, kStep = 0.05;  // 10 .. 10,000 engine units per logit
  const double x = tuner::scan_then_golden(error, kLow, kHigh, kStep).x;
  // At an end of the range the data does not pin the scale down (outcomes that the scores' signs
  // alone predict push it to the low end).
  if (x <= kLow + kStep / 2 || x >= kHigh - kStep / 2) return 0;
  return std::pow(10.0, x);
}

std::string data_files_text(const std::vector<std::string>& paths) {
  std::string text;
  for (const auto& path : paths) text += (text.empty() ? "" : ", ") + path;
  return text;
}

std::uint64_t data_files_hash(const std::vector<std::uint64_t>& hashes) {
  if (hashes.size() == 1) return hashes[0];
  std::uint64_t h = kFnvOffset;
  for (const std::uint64_t v : hashes) {
    unsigned char bytes[8];
    for (int b = 0; b < 8; ++b) bytes[b] = static_cast<unsigned char>(v >> (8 * b));
    h = fnv1a_bytes(bytes, sizeof bytes, h);
  }
  return h;
}

TrainSet load_train_set(const GameEntry& game, const std::string& path, double validation, std::uint64_t seed, int threads,
                        std::ostream& progress, const HandmadeValue& handmade) {
  return load_train_set(game, std::vector<std::string>{path}, validation, seed, threads, progress, handmade);
}

TrainSet load_train_set(const GameEntry& game, const std::vector<std::string>& paths, double validation, std::uint64_t seed,
                        int threads, std::ostream& progress, const HandmadeValue& handmade) {
  const SparseInputSet& set = game.sparse_inputs;
  if (!set.active || set.count == 0) throw InputError("game " + game.name + " has no sparse inputs yet (gamelab train needs them)");
  if (set.count > 65536) throw InputError("game " + game.name + ": more than 65536 sparse inputs");
  if (!(validation >= 0 && validation < 1)) throw InputError("--validation must be in [0, 1)");
  if (paths.empty()) throw InputError("--data: no data file given");
  const auto start = std::chrono::steady_clock::now();
  TrainSet out;
  out.train.inputs = out.validation.inputs = set.count;
  std::vector<std::uint64_t> hashes;
  for (std::size_t file = 0; file < paths.size(); ++file) {
    const std::string& path = paths[file];
    const std::uint64_t game_base = static_cast<std::uint64_t>(file) << 40;
    std::uint64_t last_game = ~0ULL;
    auto on_batch = [&](std::vector<tuner::DataRow>& rows) {
      const long count = static_cast<long>(rows.size());
      std::vector<SparseInputs> active(rows.size());
      std::vector<double> values(handmade ? rows.size() : 0);
      std::exception_ptr failure;
      std::mutex lock;
#pragma omp parallel for schedule(dynamic, 256) num_threads(std::max(threads, 1))
      for (long i = 0; i < count; ++i) {
        const tuner::DataRow& row = rows[static_cast<std::size_t>(i)];
        try {
          set.active(row.position, active[static_cast<std::size_t>(i)]);
          if (handmade) values[static_cast<std::size_t>(i)] = handmade(row.position);
        } catch (const std::exception& e) {
          std::lock_guard<std::mutex> guard(lock);
          if (!failure) failure = std::make_exception_ptr(InputError(path + ":" + std::to_string(row.line) + ": " + e.what()));
        }
      }
      if (failure) std::rethrow_exception(failure);
      for (std::size_t i = 0; i < rows.size(); ++i) {
        const tuner::DataRow& row = rows[i];
        const std::uint64_t id = game_base + row.game;
        TrainData& target = tuner::held_out(id, validation, seed) ? out.validation : out.train;
        const float score = row.score ? static_cast<float>(*row.score) : std::numeric_limits<float>::quiet_NaN();
        try {
          target.add_row(active[i].perspective[0], active[i].perspective[1], row.result, score, id);
          if (handmade) target.handmade.push_back(static_cast<float>(values[i]));
        } catch (const std::invalid_argument& e) {
          throw InputError(path + ":" + std::to_string(row.line) + ": " + e.what());
        }
        if (row.game != last_game) {
          ++out.games;
          last_game = row.game;
        }
      }
      out.positions += rows.size();
    };
    std::uint64_t hash = 0;
    tuner::read_data_file(path, game.name, 1 << 16, on_batch, &hash);
    hashes.push_back(hash);
  }
  out.file_hash = data_files_hash(hashes);
  const std::string named = data_files_text(paths);
  if (out.train.rows() == 0) throw InputError(named + ": no training positions (is --validation too large?)");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  progress << "train: " << out.positions << " positions of " << out.games << " games from " << named << " ("
           << out.train.rows() << " training, " << out.validation.rows() << " validation; " << set.name << ", "
           << set.count << " inputs) in " << std::lround(seconds * 10) / 10.0 << " s" << std::endl;
  return out;
}

}  // namespace gamelab::train
