#include "core/python_eval.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <type_traits>
#include <variant>
#include <vector>

#include "core/placeholders.hpp"
#include "core/sparse_network.hpp"

namespace gamelab::learned {

namespace {

template <class T>
void append_little_endian(std::string& out, const std::vector<T>& values) {
  for (const T v : values) {
    auto u = static_cast<std::make_unsigned_t<T>>(v);
    for (std::size_t k = 0; k < sizeof(T); ++k) {
      out.push_back(static_cast<char>(u & 0xFF));
      u = static_cast<std::make_unsigned_t<T>>(u >> 8);
    }
  }
}

}  // namespace

std::string python_base64_lines(const std::string& bytes) {
  static const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string text;
  for (std::size_t k = 0; k < bytes.size(); k += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - k);
    std::uint32_t v = 0;
    for (std::size_t j = 0; j < 3; ++j) v = (v << 8) | (j < n ? static_cast<unsigned char>(bytes[k + j]) : 0u);
    for (std::size_t j = 0; j < 4; ++j) text.push_back(j <= n ? digits[(v >> (18 - 6 * j)) & 63] : '=');
  }
  constexpr std::size_t kLine = 96;
  std::string out;
  for (std::size_t k = 0; k < text.size(); k += kLine) out += "    \"" + text.substr(k, kLine) + "\"\n";
  if (out.empty()) out = "    \"\"\n";
  out.pop_back();  // the template's line break follows the placeholder
  return out;
}

void fill_python_eval(std::string& text, const ExportedEval& eval, const std::string& subject, const std::string& what) {
  const EvalFile& file = *eval.file;
  std::string bytes;
  std::uint32_t hidden = 0;
  std::string quantisation;
  if (const auto* net = std::get_if<SparseNetwork>(&file.model)) {
    append_little_endian(bytes, net->ft_weights);
    append_little_endian(bytes, net->ft_bias);
    append_little_endian(bytes, net->out_weights);
    append_little_endian(bytes, std::vector<std::int32_t>{net->out_bias});
    hidden = net->hidden;
    quantisation = "ft=" + std::to_string(kTransformerScale) + " out=" + std::to_string(kOutputScale);
  } else {
    const auto& linear = std::get<SparseLinear>(file.model);
    append_little_endian(bytes, linear.weights);
    append_little_endian(bytes, std::vector<std::int32_t>{linear.bias});
    quantisation = "weights=" + std::to_string(kLinearScale);
  }
  fill_placeholder(text, "EVAL_SOURCE", one_line(eval.source), what);
  fill_placeholder(text, "EVAL_FINGERPRINT", file.fingerprint_hex(), what);
  fill_placeholder(text, "EVAL_FORM", file.form(), what);
  fill_placeholder(text, "EVAL_HIDDEN", std::to_string(hidden), what);
  fill_placeholder(text, "EVAL_INPUTS", file.inputs, what);
  fill_placeholder(text, "EVAL_INPUT_COUNT", std::to_string(file.input_count()), what);
  fill_placeholder(text, "EVAL_MAX_ACTIVE", std::to_string(file.max_active), what);
  fill_placeholder(text, "EVAL_SCALE", std::to_string(file.scale()), what);
  fill_placeholder(text, "EVAL_QUANTISATION", quantisation, what);
  fill_placeholder(text, "EVAL_MODE", eval.add ? "add" : "replace", what);
  fill_placeholder(text, "EVAL_MODE_TEXT",
                   subject + (eval.add ? " is added to the hand-made evaluation" : " replaces the hand-made evaluation"), what);
  fill_placeholder(text, "EVAL_ADD", eval.add ? "True" : "False", what);
  fill_placeholder(text, "EVAL_DATA", python_base64_lines(bytes), what);
}

}  // namespace gamelab::learned
