#include "tuner/train/model.hpp"

#include <algorithm>
#include <cmath>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/error.hpp"
#include "core/rng.hpp"
#include "core/sparse_network.hpp"

namespace gamelab::train {

namespace {

constexpr float kWideClip = 1000.0f;  // b2 and the linear weights: far beyond any use, inside int32 once quantised
constexpr int kLanes = 8;             // the output dot product's partial sums (a fixed order: any thread, same bits)

// clamp(x, 0, 1) as SSE's maxps and minps compute it (x > 0 ? x : 0, then y < 1 ? y : 1), so that
// the vector loops below and their scalar ends give the same bits.
inline float crelu(float x) {
  const float y = x > 0.0f ? x : 0.0f;
  return y < 1.0f ? y : 1.0f;
}

// The output layer's dot product w2 . crelu(acc) over n values, in kLanes partial sums (lane l takes
// the indices j with j mod kLanes = l) added in a fixed order at the end. The compiler keeps the
// clamps of a plain loop as branches (it may not reorder float min and max), hence the SSE2 form,
// which does the very operations of the scalar one.
float output_dot(const float* w2, const float* acc, std::size_t n) {
  float lanes[kLanes] = {};
  std::size_t j = 0;
#if defined(__SSE2__)
  static_assert(kLanes == 8);
  const __m128 zero = _mm_setzero_ps(), one = _mm_set1_ps(1.0f);
  __m128 low = zero, high = zero;
  for (; j + kLanes <= n; j += kLanes) {
    const __m128 c0 = _mm_min_ps(_mm_max_ps(_mm_loadu_ps(acc + j), zero), one);
    const __m128 c1 = _mm_min_ps(_mm_max_ps(_mm_loadu_ps(acc + j + 4), zero), one);
    low = _mm_add_ps(low, _mm_mul_ps(_mm_loadu_ps(w2 + j), c0));
    high = _mm_add_ps(high, _mm_mul_ps(_mm_loadu_ps(w2 + j + 4), c1));
  }
  _mm_storeu_ps(lanes, low);
  _mm_storeu_ps(lanes + 4, high);
#endif
  for (; j < n; ++j) lanes[j % kLanes] += w2[j] * crelu(acc[j]);
  return ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) + ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]));
}

// The output layer's backward step: gw2 += g crelu(acc), and delta = g w2 where crelu has slope 1
// (0 < acc < 1), else 0.
void output_backward(float g, const float* acc, const float* w2, float* gw2, float* delta, std::size_t n) {
  std::size_t j = 0;
#if defined(__SSE2__)
  const __m128 zero = _mm_setzero_ps(), one = _mm_set1_ps(1.0f), vg = _mm_set1_ps(g);
  for (; j + 4 <= n; j += 4) {
    const __m128 a = _mm_loadu_ps(acc + j);
    const __m128 c = _mm_min_ps(_mm_max_ps(a, zero), one);
    _mm_storeu_ps(gw2 + j, _mm_add_ps(_mm_loadu_ps(gw2 + j), _mm_mul_ps(vg, c)));
    const __m128 open = _mm_and_ps(_mm_cmpgt_ps(a, zero), _mm_cmplt_ps(a, one));
    _mm_storeu_ps(delta + j, _mm_and_ps(open, _mm_mul_ps(vg, _mm_loadu_ps(w2 + j))));
  }
#endif
  for (; j < n; ++j) {
    gw2[j] += g * crelu(acc[j]);
    delta[j] = acc[j] > 0.0f && acc[j] < 1.0f ? g * w2[j] : 0.0f;
  }
}

}  // namespace

const char* to_string(Form form) { return form == Form::Network ? "network" : "linear"; }

Form parse_form(const std::string& text) {
  if (text == "linear") return Form::Linear;
  if (text == "network") return Form::Network;
  throw InputError("form '" + text + "' unknown (linear or network)");
}

Model initial_model(Form form, std::uint32_t inputs, std::uint32_t hidden, std::uint32_t max_active, std::uint64_t seed) {
  Model m;
  m.form = form;
  m.inputs = inputs;
  m.hidden = form == Form::Network ? hidden : 0;
  m.params.assign(m.size(), 0.0f);
  if (form == Form::Linear) return m;
  Rng rng(derive_seed(seed, 0x6e6e7565));  // "nnue"
  const double w1 = 1 / std::sqrt(static_cast<double>(std::max<std::uint32_t>(max_active, 1)));
  const double w2 = 1 / std::sqrt(2.0 * hidden);
  for (std::size_t j = 0; j < m.tail(); ++j) m.params[j] = static_cast<float>((2 * rng.unit() - 1) * w1);
  for (std::size_t j = 0; j < 2 * static_cast<std::size_t>(hidden); ++j) {
    m.params[m.tail() + hidden + j] = static_cast<float>((2 * rng.unit() - 1) * w2);
  }
  return m;
}

void clip_parameters(Model& model, std::size_t begin, std::size_t end) {
  float* p = model.params.data();
  const std::size_t narrow_end = model.form == Form::Network ? model.tail() + 3 * static_cast<std::size_t>(model.hidden) : 0;
  for (std::size_t j = begin; j < end; ++j) {
    const float limit = j < narrow_end ? learned::kWeightClip : kWideClip;
    p[j] = std::clamp(p[j], -limit, limit);
  }
}

void BlockGradient::reset(const Model& model) {
  const std::size_t width = model.row_width();
  for (std::uint32_t i : touched) {
    std::fill_n(values.data() + static_cast<std::size_t>(i) * width, width, 0.0f);
    marked[i] = 0;
  }
  touched.clear();
  std::fill(values.begin() + static_cast<std::ptrdiff_t>(model.tail()), values.end(), 0.0f);
  loss = 0;
}

float forward(const Model& model, const TrainData& data, std::size_t row, Scratch& scratch) {
  const float* p = model.params.data();
  int count = 0;
  if (model.form == Form::Linear) {
    const std::uint16_t* active = data.active(row, 0, count);
    float y = p[model.tail()];
    for (int k = 0; k < count; ++k) y += p[active[k]];
    return y;
  }
  const std::size_t hidden = model.hidden;
  float* acc = scratch.acc.data();
  const float* b1 = model.b1();
  for (int view = 0; view < 2; ++view) {
    float* a = acc + view * hidden;
    std::copy(b1, b1 + hidden, a);
    const std::uint16_t* active = data.active(row, view, count);
    for (int k = 0; k < count; ++k) {
      const float* w = p + static_cast<std::size_t>(active[k]) * hidden;
      for (std::size_t h = 0; h < hidden; ++h) a[h] += w[h];
    }
  }
  return model.b2() + output_dot(model.w2(), acc, 2 * hidden);
}

void accumulate(const Model& model, const TrainData& data, std::size_t row, float weight, Scratch& scratch,
                BlockGradient& out) {
  const float y = forward(model, data, row, scratch) + data.base(row);
  const float s = 1.0f / (1.0f + std::exp(-y));
  const float e = s - data.targets[row];
  out.loss += static_cast<double>(e) * e;
  const float g = 2 * e * s * (1 - s) * weight;
  float* grad = out.values.data();
  const std::size_t tail = model.tail();
  int count = 0;
  if (model.form == Form::Linear) {
    grad[tail] += g;
    const std::uint16_t* active = data.active(row, 0, count);
    for (int k = 0; k < count; ++k) {
      const std::uint16_t i = active[k];
      if (!out.marked[i]) {
        out.marked[i] = 1;
        out.touched.push_back(i);
      }
      grad[i] += g;
    }
    return;
  }
  const std::size_t hidden = model.hidden;
  const float* acc = scratch.acc.data();
  float* delta = scratch.delta.data();
  const float* w2 = model.w2();
  float* gb1 = grad + tail;
  float* gw2 = gb1 + hidden;
  gw2[2 * hidden] += g;  // b2
  output_backward(g, acc, w2, gw2, delta, 2 * hidden);
  for (std::size_t h = 0; h < hidden; ++h) gb1[h] += delta[h] + delta[hidden + h];
  for (int view = 0; view < 2; ++view) {
    const float* d = delta + view * hidden;
    const std::uint16_t* active = data.active(row, view, count);
    for (int k = 0; k < count; ++k) {
      const std::uint16_t i = active[k];
      if (!out.marked[i]) {
        out.marked[i] = 1;
        out.touched.push_back(i);
      }
      float* r = grad + static_cast<std::size_t>(i) * hidden;
      for (std::size_t h = 0; h < hidden; ++h) r[h] += d[h];
    }
  }
}

}  // namespace gamelab::train
