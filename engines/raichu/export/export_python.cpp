#include "raichu/export/export_python.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "core/error.hpp"
#include "core/placeholders.hpp"
#include "core/sparse_network.hpp"
#include "raichu/eval.hpp"
#include "raichu/learned_eval.hpp"
#include "raichu/python_template.hpp"
#include "raichu/release_params.hpp"
#include "raichu/sparse_inputs.hpp"

namespace gamelab::raichu {

namespace {

constexpr const char* kTemplateName = "engines/raichu/export/raichu.py.in";

// The template's conditional lines: every "%%IF_<name>%%" line up to its "%%END_<name>%%" line is kept
// (without the two marker lines) when `keep`, else removed with them. What carries a learned evaluation
// lives in such sections, so that a file without one is byte for byte what it was before there were any.
void keep_sections(std::string& text, const std::string& name, bool keep) {
  const std::string begin = "%%IF_" + name + "%%\n", end = "%%END_" + name + "%%\n";
  for (std::size_t at = text.find(begin); at != std::string::npos; at = text.find(begin, at)) {
    if (at != 0 && text[at - 1] != '\n') {
      throw std::logic_error(std::string(kTemplateName) + ": " + begin.substr(0, begin.size() - 1) + " not on a line of its own");
    }
    const std::size_t stop = text.find(end, at + begin.size());
    if (stop == std::string::npos || text.find(begin, at + begin.size()) < stop) {
      throw std::logic_error(std::string(kTemplateName) + ": a %%IF_" + name + "%% without its %%END_" + name + "%%");
    }
    if (keep) {
      text.erase(stop, end.size());
      text.erase(at, begin.size());
    } else {
      text.erase(at, stop + end.size() - at);
    }
  }
  if (text.find(end) != std::string::npos) {
    throw std::logic_error(std::string(kTemplateName) + ": a %%END_" + name + "%% without its %%IF_" + name + "%%");
  }
}

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

// `bytes` in base64 (RFC 4648, with padding) as Python string literals of 96 characters a line,
// indented by four blanks: the lines of one implicitly concatenated string.
std::string base64_lines(const std::string& bytes) {
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
  out.pop_back();  // the template's line break follows the placeholder
  return out;
}

std::string hex16(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

// What the Python file's lanes need of a file beyond what the engine's reader checked: Raichu's inputs,
// and every accumulator within int16 with all of Raichu's kSparseMaxActive inputs on (the reader checks
// the file's own max_active), so that the lanes never carry into each other.
void check_exportable(const learned::ExportedEval& eval) {
  const learned::EvalFile& file = *eval.file;
  const learned::EvalFileExpect expect = LearnedEval::expect();
  if (file.game != expect.game || file.inputs != expect.inputs || file.input_count() != expect.input_count) {
    throw InputError("export raichu: " + eval.source + " is " + file.game + "'s file over " + file.inputs + " (" +
                     std::to_string(file.input_count()) + " inputs), not Raichu's over " + expect.inputs);
  }
  const auto* net = std::get_if<learned::SparseNetwork>(&file.model);
  if (!net) return;
  for (std::uint32_t h = 0; h < net->hidden; ++h) {
    int largest = 0;
    for (std::uint32_t i = 0; i < net->inputs; ++i) {
      largest = std::max(largest, std::abs(static_cast<int>(net->ft_weights[static_cast<std::size_t>(i) * net->hidden + h])));
    }
    const long bound = std::abs(static_cast<int>(net->ft_bias[h])) + static_cast<long>(kSparseMaxActive) * largest;
    if (bound > 32767) {
      throw InputError("export raichu --python: " + eval.source + ": hidden unit " + std::to_string(h) + " could reach " +
                       std::to_string(bound) + " with " + std::to_string(kSparseMaxActive) +
                       " inputs on, beyond the int16 accumulator the Python file's lanes hold");
    }
  }
}

// The learned evaluation's placeholders (the LEARNED sections): the file's header fields, its weights
// as base64 of their little-endian bytes (the file's own byte order), and the mode.
void fill_learned(std::string& text, const learned::ExportedEval& eval) {
  const learned::EvalFile& file = *eval.file;
  std::string bytes;
  std::uint32_t hidden = 0;
  std::string quantisation;
  if (const auto* net = std::get_if<learned::SparseNetwork>(&file.model)) {
    append_little_endian(bytes, net->ft_weights);
    append_little_endian(bytes, net->ft_bias);
    append_little_endian(bytes, net->out_weights);
    append_little_endian(bytes, std::vector<std::int32_t>{net->out_bias});
    hidden = net->hidden;
    quantisation = "ft=" + std::to_string(learned::kTransformerScale) + " out=" + std::to_string(learned::kOutputScale);
  } else {
    const auto& linear = std::get<learned::SparseLinear>(file.model);
    append_little_endian(bytes, linear.weights);
    append_little_endian(bytes, std::vector<std::int32_t>{linear.bias});
    quantisation = "weights=" + std::to_string(learned::kLinearScale);
  }
  fill_placeholder(text, "EVAL_SOURCE", one_line(eval.source), kTemplateName);
  fill_placeholder(text, "EVAL_FINGERPRINT", hex16(file.fingerprint()), kTemplateName);
  fill_placeholder(text, "EVAL_FORM", file.form(), kTemplateName);
  fill_placeholder(text, "EVAL_HIDDEN", std::to_string(hidden), kTemplateName);
  fill_placeholder(text, "EVAL_INPUTS", file.inputs, kTemplateName);
  fill_placeholder(text, "EVAL_INPUT_COUNT", std::to_string(file.input_count()), kTemplateName);
  fill_placeholder(text, "EVAL_MAX_ACTIVE", std::to_string(file.max_active), kTemplateName);
  fill_placeholder(text, "EVAL_SCALE", std::to_string(file.scale()), kTemplateName);
  fill_placeholder(text, "EVAL_QUANTISATION", quantisation, kTemplateName);
  fill_placeholder(text, "EVAL_MODE", eval.add ? "add" : "replace", kTemplateName);
  fill_placeholder(text, "EVAL_MODE_TEXT",
                   eval.add ? "the learned score is added to the hand-made evaluation"
                            : "the learned score replaces the hand-made evaluation",
                   kTemplateName);
  fill_placeholder(text, "EVAL_ADD", eval.add ? "True" : "False", kTemplateName);
  fill_placeholder(text, "EVAL_DATA", base64_lines(bytes), kTemplateName);
}

}  // namespace

std::string export_python(const ParamSet& params, const std::string& params_source, const learned::ExportedEval& eval) {
  if (params.game() != "raichu") {
    throw InputError("export raichu: the parameters are " + params.game() + "'s, not Raichu's");
  }
  if (eval) check_exportable(eval);
  std::string text = kPythonTemplate;
  keep_sections(text, "LEARNED", static_cast<bool>(eval));
  fill_export_header(text, "Generated by `gamelab export raichu --python` from engines/raichu/export/raichu.py.in.",
                     params_source, params, kTemplateName);
  // The weights in the engine's feature order (eval.hpp), then the search knobs (eval.cpp appends them).
  const ParamSet defaults = default_params();
  fill_placeholder(text, "WEIGHTS", python_param_lines(params, defaults, 0, kFeatureCount, false), kTemplateName);
  fill_placeholder(text, "KNOBS", python_param_lines(params, defaults, kFeatureCount, defaults.size(), true), kTemplateName);
  if (eval) fill_learned(text, eval);
  check_filled(text, kTemplateName);
  return text;
}

ParamSet exported_params() { return release::frozen_params(default_params()); }

std::string exported_params_source() { return release::source_text(); }

learned::ExportedEval exported_eval(const std::string& file, bool add, bool release) {
  return learned::exported_eval(file, add, release, release::embedded_eval(), LearnedEval::expect());
}

}  // namespace gamelab::raichu
