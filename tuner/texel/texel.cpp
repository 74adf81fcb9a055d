#include "tuner/texel/texel.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "core/fnv.hpp"
#include "eval/distributed/ordered_jobs.hpp"
#include "tuner/line_search.hpp"

namespace gamelab::tuner {

void TexelData::add_row(const std::vector<EvalFeature>& features, double result, std::optional<int> score) {
  for (const auto& f : features) {
    if (f.index < 0 || static_cast<std::size_t>(f.index) >= weights) {
      throw std::invalid_argument("feature index " + std::to_string(f.index) + " is not below the " +
                                  std::to_string(weights) + " evaluation weights");
    }
    if (f.value != 0) entries.push_back({static_cast<std::uint32_t>(f.index), f.value});
  }
  offsets.push_back(entries.size());
  results.push_back(static_cast<float>(result));
  outcomes.push_back(static_cast<float>(result));
  scores.push_back(score ? static_cast<float>(*score) : std::numeric_limits<float>::quiet_NaN());
}

void blend_labels(TexelData& data, double lambda, double k) {
  for (std::size_t i = 0; i < data.results.size(); ++i) {
    const double outcome = data.outcomes[i];
    const double score = data.scores[i];
    data.results[i] = static_cast<float>(
        std::isnan(score) || lambda >= 1 ? outcome : lambda * outcome + (1 - lambda) / (1 + std::exp(-k * score)));
  }
}

TexelData decisive_rows(const TexelData& data) {
  TexelData out;
  out.weights = data.weights;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    if (data.outcomes[i] == 0.5f) continue;
    out.entries.insert(out.entries.end(), data.entries.begin() + static_cast<std::ptrdiff_t>(data.offsets[i]),
                       data.entries.begin() + static_cast<std::ptrdiff_t>(data.offsets[i + 1]));
    out.offsets.push_back(out.entries.size());
    out.results.push_back(data.outcomes[i]);
    out.outcomes.push_back(data.outcomes[i]);
    out.scores.push_back(data.scores[i]);
  }
  return out;
}

void TexelData::append(const TexelData& other) {
  const std::uint64_t base = entries.size();
  entries.insert(entries.end(), other.entries.begin(), other.entries.end());
  for (std::size_t i = 1; i < other.offsets.size(); ++i) offsets.push_back(base + other.offsets[i]);
  results.insert(results.end(), other.results.begin(), other.results.end());
  outcomes.insert(outcomes.end(), other.outcomes.begin(), other.outcomes.end());
  scores.insert(scores.end(), other.scores.begin(), other.scores.end());
}

namespace {

inline double sigmoid(double t) { return 1.0 / (1.0 + std::exp(-t)); }

// One block's sum of squared errors, and (when `gradient` is not null) its unscaled gradient
// sum_i (s_i - y_i) s_i (1 - s_i) x_ij added into gradient[j].
double block_pass(const TexelData& data, const double* w, double k, std::size_t begin, std::size_t end,
                  double* gradient) {
  const SparseEntry* entries = data.entries.data();
  const std::uint64_t* offsets = data.offsets.data();
  double squared = 0;
  for (std::size_t i = begin; i < end; ++i) {
    double eval = 0;
    for (std::uint64_t e = offsets[i]; e < offsets[i + 1]; ++e) eval += w[entries[e].index] * entries[e].value;
    const double s = sigmoid(k * eval);
    const double error = s - data.results[i];
    squared += error * error;
    if (gradient) {
      const double g = error * s * (1 - s);
      for (std::uint64_t e = offsets[i]; e < offsets[i + 1]; ++e) gradient[entries[e].index] += g * entries[e].value;
    }
  }
  return squared;
}

// ---- several ranks (eval/distributed): rank 0 sends each data set once (again when its labels
// change), then every pass its weights and K; rank r computes blocks r, r + R, ...; the blocks'
// partial sums are gathered and added up in block order, as on one process.

// What tells a data set the serving ranks hold from a changed or another one: its sizes, where its
// rows live and its labels (blend_labels rewrites them in place; rows change only by add_row and
// append, which change the sizes or move the buffers). Hashing the rows too would cost most of a pass.
std::uint64_t data_fingerprint(const TexelData& d) {
  const std::uintptr_t shape[5] = {d.weights, d.entries.size(), d.results.size(),
                                   reinterpret_cast<std::uintptr_t>(d.entries.data()),
                                   reinterpret_cast<std::uintptr_t>(d.offsets.data())};
  return fnv1a_bytes(d.results.data(), d.results.size() * sizeof(float), fnv1a_bytes(shape, sizeof shape));
}

template <class T>
void put(std::string& out, const std::vector<T>& v) {
  const std::uint64_t n = v.size();
  out.append(reinterpret_cast<const char*>(&n), sizeof n);
  out.append(reinterpret_cast<const char*>(v.data()), n * sizeof(T));
}

template <class T>
std::vector<T> take(const std::string& in, std::size_t& at) {
  std::uint64_t n = 0;
  std::memcpy(&n, in.data() + at, sizeof n);
  at += sizeof n;
  std::vector<T> v(n);
  std::memcpy(v.data(), in.data() + at, n * sizeof(T));
  at += n * sizeof(T);
  return v;
}

// The rows as the passes need them (offsets, entries, labels), as bytes.
std::string data_bytes(const TexelData& d) {
  std::string out;
  put(out, std::vector<std::uint64_t>{d.weights});
  put(out, d.offsets);
  put(out, d.entries);
  put(out, d.results);
  return out;
}

TexelData data_from_bytes(const std::string& in) {
  TexelData d;
  std::size_t at = 0;
  d.weights = take<std::uint64_t>(in, at).at(0);
  d.offsets = take<std::uint64_t>(in, at);
  d.entries = take<SparseEntry>(in, at);
  d.results = take<float>(in, at);
  return d;
}

// Rank 0: the id under which the serving ranks hold `data` (sent now if they do not have it as it is).
std::uint64_t share_data(const dist::ProcessGroup& group, const TexelData& data) {
  struct Sent {
    std::uint64_t id, fingerprint;
  };
  static std::map<const TexelData*, Sent> sent;
  static std::uint64_t next_id = 1;
  const std::uint64_t fingerprint = data_fingerprint(data);
  auto it = sent.find(&data);
  if (it != sent.end() && it->second.fingerprint == fingerprint) return it->second.id;
  const std::uint64_t id = next_id++;
  sent[&data] = {id, fingerprint};
  dist::send_job(group, {"texel-data", std::to_string(id) + "\n" + data_bytes(data)});
  return id;
}

std::map<std::uint64_t, TexelData>& held_data() {  // a serving rank's data sets, by id
  static std::map<std::uint64_t, TexelData> held;
  return held;
}

// This rank's blocks' partial sums, in block order (blocks b with b mod ranks = rank).
std::vector<double> own_blocks(const TexelData& data, const double* weights, double k, int threads, bool gradient,
                               int rank, int ranks) {
  const std::size_t rows = data.rows(), p = data.weights;
  const std::size_t blocks = (rows + kBlockRows - 1) / kBlockRows;
  const std::size_t stride = gradient ? p + 1 : 1;
  std::vector<std::size_t> mine;
  for (std::size_t b = static_cast<std::size_t>(rank); b < blocks; b += static_cast<std::size_t>(ranks)) mine.push_back(b);
  std::vector<double> partial(mine.size() * stride, 0.0);
  const long count = static_cast<long>(mine.size());
#pragma omp parallel for schedule(static) num_threads(std::max(threads, 1))
  for (long i = 0; i < count; ++i) {
    double* out = partial.data() + static_cast<std::size_t>(i) * stride;
    const std::size_t begin = mine[static_cast<std::size_t>(i)] * kBlockRows;
    const std::size_t end = std::min(rows, begin + kBlockRows);
    out[0] = block_pass(data, weights, k, begin, end, gradient ? out + 1 : nullptr);
  }
  return partial;
}

double pass(const TexelData& data, const std::vector<double>& weights, double k, int threads,
            std::vector<double>* gradient) {
  const std::size_t rows = data.rows();
  const std::size_t p = data.weights;
  if (weights.size() != p) throw std::invalid_argument("texel: weights and data disagree on the number of weights");
  if (gradient) gradient->assign(p, 0.0);
  if (rows == 0) return 0;
  const std::size_t blocks = (rows + kBlockRows - 1) / kBlockRows;
  // Per block: its squared error, then (gradient pass) its p partial derivatives.
  const std::size_t stride = gradient ? p + 1 : 1;
  const dist::ProcessGroup& group = dist::ProcessGroup::world();
  const int ranks = group.size();
  if (ranks > 1) {
    const std::uint64_t id = share_data(group, data);
    dist::send_job(group, {"texel-pass", nlohmann::json{{"id", id}, {"threads", threads}, {"gradient", gradient != nullptr}}.dump()});
    std::vector<double> sent = weights;
    sent.push_back(k);
    group.broadcast(sent);
  }
  const std::vector<double> own = own_blocks(data, weights.data(), k, threads, gradient != nullptr, group.rank(), ranks);
  // Every rank's blocks, in rank order; block b is rank (b mod R)'s (b div R)-th.
  const std::vector<double> all = ranks > 1 ? group.all_gather(own) : own;
  std::vector<double> partial(blocks * stride, 0.0);
  std::size_t at = 0;
  for (int r = 0; r < ranks; ++r) {
    for (std::size_t b = static_cast<std::size_t>(r); b < blocks; b += static_cast<std::size_t>(ranks)) {
      std::copy(all.begin() + static_cast<std::ptrdiff_t>(at), all.begin() + static_cast<std::ptrdiff_t>(at + stride),
                partial.begin() + static_cast<std::ptrdiff_t>(b * stride));
      at += stride;
    }
  }
  double squared = 0;
  for (std::size_t b = 0; b < blocks; ++b) {
    const double* in = partial.data() + b * stride;
    squared += in[0];
    if (gradient) {
      for (std::size_t j = 0; j < p; ++j) (*gradient)[j] += in[1 + j];
    }
  }
  if (gradient) {
    for (auto& g : *gradient) g *= 2 * k / static_cast<double>(rows);
  }
  return squared / static_cast<double>(rows);
}

}  // namespace

void serve_texel(const std::string& kind, const std::string& text) {
  const dist::ProcessGroup& group = dist::ProcessGroup::world();
  if (kind == "texel-data") {
    const auto cut = text.find('\n');
    held_data()[std::stoull(text.substr(0, cut))] = data_from_bytes(text.substr(cut + 1));
    return;
  }
  const auto j = nlohmann::json::parse(text);
  const TexelData& data = held_data().at(j.at("id").get<std::uint64_t>());
  std::vector<double> weights = group.broadcast(std::vector<double>());
  const double k = weights.back();
  weights.pop_back();
  group.all_gather(own_blocks(data, weights.data(), k, j.at("threads").get<int>(), j.at("gradient").get<bool>(),
                              group.rank(), group.size()));
}

double texel_mse(const TexelData& data, const std::vector<double>& weights, double k, int threads) {
  return pass(data, weights, k, threads, nullptr);
}

double texel_mse_gradient(const TexelData& data, const std::vector<double>& weights, double k, int threads,
                          std::vector<double>& gradient) {
  return pass(data, weights, k, threads, &gradient);
}

double fit_k(const TexelData& data, const std::vector<double>& weights, int threads) {
  auto error = [&](double log10_k) { return texel_mse(data, weights, std::pow(10.0, log10_k), threads); };
  return std::pow(10.0, scan_then_golden(error, -6, 1, 0.1).x);
}

void Adam::step(std::vector<double>& weights, const std::vector<double>& gradient, const std::vector<double>& lower,
                const std::vector<double>& upper) {
  const std::size_t p = weights.size();
  if (m.size() != p) m.assign(p, 0.0);
  if (v.size() != p) v.assign(p, 0.0);
  ++t;
  const double correction1 = 1 - std::pow(beta1, static_cast<double>(t));
  const double correction2 = 1 - std::pow(beta2, static_cast<double>(t));
  for (std::size_t j = 0; j < p; ++j) {
    m[j] = beta1 * m[j] + (1 - beta1) * gradient[j];
    v[j] = beta2 * v[j] + (1 - beta2) * gradient[j] * gradient[j];
    const double m_hat = m[j] / correction1, v_hat = v[j] / correction2;
    weights[j] = std::clamp(weights[j] - learning_rate * m_hat / (std::sqrt(v_hat) + epsilon), lower[j], upper[j]);
  }
}

}  // namespace gamelab::tuner
