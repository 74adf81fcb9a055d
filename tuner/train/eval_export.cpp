#include "tuner/train/eval_export.hpp"

#include <cmath>
#include <variant>

#include "core/error.hpp"

namespace gamelab::train {

namespace {

template <class T>
T quantised(double value, double factor) {
  return static_cast<T>(std::lround(value * factor));
}

float dequantised(double value, double factor) { return static_cast<float>(value / factor); }

}  // namespace

learned::EvalFile quantise(const Model& model, const ExportInfo& info) {
  using namespace learned;
  EvalFile file;
  file.game = info.game;
  file.inputs = info.inputs;
  file.max_active = info.max_active;
  file.note = info.note;
  if (model.form == Form::Linear) {
    SparseLinear l;
    l.inputs = model.inputs;
    l.scale = info.scale;
    l.weights.resize(model.inputs);
    for (std::uint32_t i = 0; i < model.inputs; ++i) l.weights[i] = quantised<std::int32_t>(model.params[i], kLinearScale);
    l.bias = quantised<std::int32_t>(model.params[model.tail()], kLinearScale);
    file.model = std::move(l);
    return file;
  }
  // |acc| <= (max_active + 1) x round(1.98 x 255) = (max_active + 1) x 505 must stay within int16.
  if (info.max_active > 63) {
    throw InputError("a network over " + std::to_string(info.max_active) +
                     " active inputs per perspective could overflow its int16 accumulator (at most 63)");
  }
  SparseNetwork n;
  n.inputs = model.inputs;
  n.hidden = model.hidden;
  n.scale = info.scale;
  const std::size_t hidden = model.hidden;
  n.ft_weights.resize(model.tail());
  for (std::size_t j = 0; j < model.tail(); ++j) n.ft_weights[j] = quantised<std::int16_t>(model.params[j], kTransformerScale);
  n.ft_bias.resize(hidden);
  for (std::size_t h = 0; h < hidden; ++h) n.ft_bias[h] = quantised<std::int16_t>(model.b1()[h], kTransformerScale);
  n.out_weights.resize(2 * hidden);
  for (std::size_t j = 0; j < 2 * hidden; ++j) n.out_weights[j] = quantised<std::int16_t>(model.w2()[j], kOutputScale);
  n.out_bias = quantised<std::int32_t>(model.b2(), static_cast<double>(kTransformerScale) * kOutputScale);
  file.model = std::move(n);
  return file;
}

double quantisation_bound(const Model& model, std::uint32_t max_active) {
  using namespace learned;
  const double active = static_cast<double>(max_active) + 1;
  if (model.form == Form::Linear) return active * 0.5 / kLinearScale;
  double w2 = 0;
  for (std::size_t j = 0; j < 2 * static_cast<std::size_t>(model.hidden); ++j) w2 += std::fabs(model.w2()[j]);
  return 0.5 / (static_cast<double>(kTransformerScale) * kOutputScale) + 2.0 * model.hidden * 0.5 / kOutputScale +
         active * 0.5 / kTransformerScale * w2;
}

Model dequantise(const learned::EvalFile& file) {
  using namespace learned;
  Model m;
  if (const auto* l = std::get_if<SparseLinear>(&file.model)) {
    m.form = Form::Linear;
    m.inputs = l->inputs;
    m.params.resize(m.size());
    for (std::uint32_t i = 0; i < l->inputs; ++i) m.params[i] = dequantised(l->weights[i], kLinearScale);
    m.params[m.tail()] = dequantised(l->bias, kLinearScale);
    return m;
  }
  const auto& n = std::get<SparseNetwork>(file.model);
  m.form = Form::Network;
  m.inputs = n.inputs;
  m.hidden = n.hidden;
  m.params.resize(m.size());
  const std::size_t hidden = n.hidden;
  for (std::size_t j = 0; j < m.tail(); ++j) m.params[j] = dequantised(n.ft_weights[j], kTransformerScale);
  float* tail = m.params.data() + m.tail();
  for (std::size_t h = 0; h < hidden; ++h) tail[h] = dequantised(n.ft_bias[h], kTransformerScale);
  for (std::size_t j = 0; j < 2 * hidden; ++j) tail[hidden + j] = dequantised(n.out_weights[j], kOutputScale);
  tail[3 * hidden] = dequantised(n.out_bias, static_cast<double>(kTransformerScale) * kOutputScale);
  return m;
}

}  // namespace gamelab::train
