#include "tuner/train/fit.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <span>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/rng.hpp"
#include "eval/distributed/process_group.hpp"

namespace gamelab::train {

namespace {

// gradient += each of `blocks` in order, over the rows any of them touched and the tail.
void add_blocks(const Model& model, std::vector<BlockGradient>& blocks, std::size_t count, std::vector<float>& gradient,
                std::vector<std::uint8_t>& seen, std::vector<std::uint32_t>& rows, int threads) {
  rows.clear();
  for (std::size_t b = 0; b < count; ++b) {
    for (std::uint32_t i : blocks[b].touched) {
      if (!seen[i]) {
        seen[i] = 1;
        rows.push_back(i);
      }
    }
  }
  const std::size_t width = model.row_width();
  const long n = static_cast<long>(rows.size());
  // Threads only where the work pays for waking them.
  const int team = rows.size() * width * count >= (std::size_t{1} << 18) ? threads : 1;
#pragma omp parallel for schedule(static) num_threads(team)
  for (long k = 0; k < n; ++k) {
    const std::uint32_t i = rows[static_cast<std::size_t>(k)];
    float* out = gradient.data() + static_cast<std::size_t>(i) * width;
    for (std::size_t b = 0; b < count; ++b) {
      if (!blocks[b].marked[i]) continue;
      const float* in = blocks[b].values.data() + static_cast<std::size_t>(i) * width;
      for (std::size_t h = 0; h < width; ++h) out[h] += in[h];
    }
  }
  for (std::uint32_t i : rows) seen[i] = 0;
  const std::size_t tail = model.tail(), size = model.size();
  for (std::size_t b = 0; b < count; ++b) {
    const float* in = blocks[b].values.data();
    for (std::size_t j = tail; j < size; ++j) gradient[j] += in[j];
  }
}

// Under MPI: block b of a batch is rank (b mod R)'s. Every rank sends the blocks it computed of this
// wave (as doubles: a float's value survives the round trip) and takes the others', so that every rank
// then adds the same blocks in the same order and takes the same Adam step. A block travels as
// [k, loss, rows touched, (row, its values) per row, the tail's values].
bool mine(std::size_t block, int rank, int ranks) { return static_cast<int>(block % static_cast<std::size_t>(ranks)) == rank; }

void share_blocks(const dist::ProcessGroup& group, const Model& model, std::vector<BlockGradient>& blocks, std::size_t wave,
                  std::size_t count) {
  const std::size_t width = model.row_width(), tail = model.tail(), size = model.size();
  std::vector<double> out;
  for (std::size_t k = 0; k < count; ++k) {
    if (!mine(wave + k, group.rank(), group.size())) continue;
    const BlockGradient& b = blocks[k];
    out.push_back(static_cast<double>(k));
    out.push_back(b.loss);
    out.push_back(static_cast<double>(b.touched.size()));
    for (std::uint32_t i : b.touched) {
      out.push_back(i);
      const float* v = b.values.data() + static_cast<std::size_t>(i) * width;
      out.insert(out.end(), v, v + width);
    }
    out.insert(out.end(), b.values.begin() + static_cast<std::ptrdiff_t>(tail), b.values.end());
  }
  const std::vector<double> all = group.all_gather(out);
  for (std::size_t at = 0; at < all.size();) {
    const auto k = static_cast<std::size_t>(all[at]);
    const bool own = mine(wave + k, group.rank(), group.size());
    BlockGradient& b = blocks[k];
    if (!own) b.loss = all[at + 1];
    const auto touched = static_cast<std::size_t>(all[at + 2]);
    at += 3;
    for (std::size_t t = 0; t < touched; ++t, at += 1 + width) {
      if (own) continue;
      const auto i = static_cast<std::uint32_t>(all[at]);
      b.marked[i] = 1;
      b.touched.push_back(i);
      float* v = b.values.data() + static_cast<std::size_t>(i) * width;
      for (std::size_t h = 0; h < width; ++h) v[h] = static_cast<float>(all[at + 1 + h]);
    }
    if (!own) {
      for (std::size_t j = tail; j < size; ++j) b.values[j] = static_cast<float>(all[at + j - tail]);
    }
    at += size - tail;
  }
}

// One Adam step over every parameter (each element on its own: any split, the same bits); the
// gradient is read and cleared.
void adam_step(Model& model, AdamState& adam, std::vector<float>& gradient, double learning_rate, const FitSettings& s,
               int threads) {
  const std::size_t size = model.size();
  if (adam.m.size() != size) adam.m.assign(size, 0.0f);
  if (adam.v.size() != size) adam.v.assign(size, 0.0f);
  ++adam.t;
  const float b1 = static_cast<float>(s.beta1), b2 = static_cast<float>(s.beta2);
  const float c1 = static_cast<float>(1 - std::pow(s.beta1, static_cast<double>(adam.t)));
  const float c2 = static_cast<float>(1 - std::pow(s.beta2, static_cast<double>(adam.t)));
  const float lr = static_cast<float>(learning_rate), eps = static_cast<float>(s.epsilon);
  float* p = model.params.data();
  float* m = adam.m.data();
  float* v = adam.v.data();
  float* g = gradient.data();
  const long chunks = static_cast<long>((size + 4095) / 4096);
  const int team = size >= (std::size_t{1} << 20) ? threads : 1;  // a smaller step is over before threads wake
#pragma omp parallel for schedule(static) num_threads(team)
  for (long c = 0; c < chunks; ++c) {
    const std::size_t begin = static_cast<std::size_t>(c) * 4096, end = std::min(size, begin + 4096);
    for (std::size_t j = begin; j < end; ++j) {
      m[j] = b1 * m[j] + (1 - b1) * g[j];
      v[j] = b2 * v[j] + (1 - b2) * g[j] * g[j];
      p[j] -= lr * (m[j] / c1) / (std::sqrt(v[j] / c2) + eps);
      g[j] = 0.0f;
    }
    clip_parameters(model, begin, end);
  }
}

}  // namespace

EpochReport train_epoch(Model& model, AdamState& adam, const TrainData& train, int epoch, const FitSettings& s,
                        const std::function<void(std::uint64_t)>& on_batch) {
  const auto start = std::chrono::steady_clock::now();
  const int threads = std::max(s.threads, 1);
  const dist::ProcessGroup& group = dist::ProcessGroup::world();
  const int rank = group.rank(), ranks = group.size();
  const std::size_t rows = train.rows();
  std::vector<std::uint32_t> order(rows);
  std::iota(order.begin(), order.end(), 0u);
  Rng rng(derive_seed(s.seed, static_cast<std::uint64_t>(epoch)));
  rng.shuffle(std::span<std::uint32_t>(order));

  // A wave is as many blocks as there are buffers: every block of a batch at once when they fit in
  // 512 MB (a batch of 16384 is 16 blocks), so that a batch costs three parallel regions, not three a block.
  const std::size_t batch = std::max<std::size_t>(s.batch, 1);
  const std::size_t batch_blocks = (std::min(batch, std::max<std::size_t>(rows, 1)) + kBlockRows - 1) / kBlockRows;
  const std::size_t buffer_bytes = model.size() * sizeof(float);
  const std::size_t affordable = std::max<std::size_t>((std::size_t{512} << 20) / std::max<std::size_t>(buffer_bytes, 1), 1);
  const std::size_t wave_size =
      std::max<std::size_t>(std::min({batch_blocks, std::size_t{64}, affordable}), static_cast<std::size_t>(threads));
  std::vector<BlockGradient> blocks(wave_size, BlockGradient(model));
  std::vector<Scratch> scratch(static_cast<std::size_t>(threads), Scratch(model));
  std::vector<float> gradient(model.size(), 0.0f);
  std::vector<std::uint8_t> seen(model.inputs, 0);
  std::vector<std::uint32_t> union_rows;
  const double learning_rate = s.learning_rate * std::pow(s.lr_gamma, epoch - 1);
  double loss = 0;
  for (std::size_t first = 0; first < rows; first += batch) {
    const std::size_t last = std::min(rows, first + batch);
    const float weight = 1.0f / static_cast<float>(last - first);
    const std::size_t block_count = (last - first + kBlockRows - 1) / kBlockRows;
    for (std::size_t wave = 0; wave < block_count; wave += wave_size) {
      const std::size_t in_wave = std::min(wave_size, block_count - wave);
      const long n = static_cast<long>(in_wave);
#pragma omp parallel num_threads(threads)
      {
        int me = 0;
#ifdef _OPENMP
        me = omp_get_thread_num();
#endif
        Scratch& room = scratch[static_cast<std::size_t>(me)];
#pragma omp for schedule(dynamic, 1)
        for (long k = 0; k < n; ++k) {
          if (!mine(wave + static_cast<std::size_t>(k), rank, ranks)) continue;
          BlockGradient& out = blocks[static_cast<std::size_t>(k)];
          const std::size_t begin = first + (wave + static_cast<std::size_t>(k)) * kBlockRows;
          const std::size_t end = std::min(last, begin + kBlockRows);
          for (std::size_t r = begin; r < end; ++r) {
            if (r + 16 < end) train.prefetch_head(order[r + 16]);
            if (r + 8 < end) train.prefetch_indices(order[r + 8]);
            accumulate(model, train, order[r], weight, room, out);
          }
        }
      }
      if (ranks > 1) share_blocks(group, model, blocks, wave, in_wave);
      add_blocks(model, blocks, in_wave, gradient, seen, union_rows, threads);
      for (std::size_t k = 0; k < in_wave; ++k) {
        loss += blocks[k].loss;
        blocks[k].reset(model);
      }
    }
    adam_step(model, adam, gradient, learning_rate, s, threads);
    if (on_batch) on_batch(last);
  }
  EpochReport report;
  report.train_loss = rows ? loss / static_cast<double>(rows) : 0;
  report.positions = rows;
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

double mean_loss(const Model& model, const TrainData& data, int threads) {
  const std::size_t rows = data.rows();
  if (rows == 0) return 0;
  threads = std::max(threads, 1);
  const std::size_t blocks = (rows + kBlockRows - 1) / kBlockRows;
  std::vector<double> sums(blocks, 0.0);
  std::vector<Scratch> scratch(static_cast<std::size_t>(threads), Scratch(model));
  const dist::ProcessGroup& group = dist::ProcessGroup::world();
  const int rank = group.rank(), ranks = group.size();
  const long n = static_cast<long>(blocks);
#pragma omp parallel num_threads(threads)
  {
    int me = 0;
#ifdef _OPENMP
    me = omp_get_thread_num();
#endif
#pragma omp for schedule(static)
    for (long b = 0; b < n; ++b) {
      if (!mine(static_cast<std::size_t>(b), rank, ranks)) continue;
      const std::size_t begin = static_cast<std::size_t>(b) * kBlockRows, end = std::min(rows, begin + kBlockRows);
      double sum = 0;
      for (std::size_t r = begin; r < end; ++r) {
        const float y = forward(model, data, r, scratch[static_cast<std::size_t>(me)]) + data.base(r);
        const double e = 1 / (1 + std::exp(-static_cast<double>(y))) - data.targets[r];
        sum += e * e;
      }
      sums[static_cast<std::size_t>(b)] = sum;
    }
  }
  if (ranks > 1) {  // block b's sum from rank b mod R
    const std::vector<double> all = group.all_gather(sums);
    for (std::size_t b = 0; b < blocks; ++b) sums[b] = all[(b % static_cast<std::size_t>(ranks)) * blocks + b];
  }
  double total = 0;
  for (double s : sums) total += s;
  return total / static_cast<double>(rows);
}

}  // namespace gamelab::train
