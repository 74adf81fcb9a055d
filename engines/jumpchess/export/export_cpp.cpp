#include "jumpchess/export/export_cpp.hpp"

#include <cstdio>
#include <variant>
#include <vector>

#include "core/error.hpp"
#include "core/placeholders.hpp"
#include "jumpchess/client.hpp"
#include "jumpchess/eval.hpp"
#include "jumpchess/getstep_template.hpp"
#include "jumpchess/learned_eval.hpp"
#include "jumpchess/release_params.hpp"
#include "jumpchess/state.hpp"

namespace gamelab::jumpchess {

namespace {

constexpr const char* kTemplateName = "engines/jumpchess/export/getstep_template.cpp.in";

std::string hex64(std::uint64_t value) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%016llxULL", static_cast<unsigned long long>(value));
  return text;
}

// "    value,  // name" for each of `names`, read from `params` by name.
std::string named_values(const ParamSet& params, const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) {
    out += "    " + std::to_string(params.value(name)) + ",  // " + name + "\n";
  }
  if (!out.empty()) out.pop_back();  // the template's line break follows the placeholder
  return out;
}

std::string piece_keys() {
  std::string out;
  for (int i = 0; i < 2 * kSquares; ++i) {
    out += (i % 4 == 0 ? "    " : " ") + hex64(piece_key(i < kSquares ? Black : White, i % kSquares)) + ",";
    if (i % 4 == 3 && i + 1 < 2 * kSquares) out += "\n";
  }
  return out;
}

// `values` as the body of a C++ array, 16 to a line.
template <class T>
std::string array_body(const std::vector<T>& values) {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) {
    out += (i % 16 == 0 ? "    " : " ") + std::to_string(values[i]) + ",";
    if (i % 16 == 15 && i + 1 < values.size()) out += "\n";
  }
  return out;
}

// The constants LearnedScore reads (the template's learned section): the file's model, or form 0 and
// one-element arrays when GetStep carries none.
std::string learned_constants(const learned::ExportedEval& eval) {
  int form = 0, hidden = 1, scale = 1;
  long long bias = 0;
  std::vector<std::int16_t> rows{0}, row_bias{0}, out{0, 0};
  std::vector<std::int32_t> linear{0};
  if (eval) {
    scale = eval.file->scale();
    if (const auto* net = std::get_if<learned::SparseNetwork>(&eval.file->model)) {
      form = 2;
      hidden = static_cast<int>(net->hidden);
      bias = net->out_bias;
      rows = net->ft_weights;
      row_bias = net->ft_bias;
      out = net->out_weights;
    } else {
      const auto& lin = std::get<learned::SparseLinear>(eval.file->model);
      form = 1;
      bias = lin.bias;
      linear = lin.weights;
    }
  }
  std::string text;
  text += "const int kLearnedForm = " + std::to_string(form) + ";  // 0 none, 1 linear, 2 network\n";
  text += std::string("const bool kLearnedAdd = ") + (eval && !eval.add ? "false" : "true") +
          ";  // added to the hand-made evaluation, or instead of it\n";
  text += "const int kLearnedHidden = " + std::to_string(hidden) + ";  // network: hidden units per side\n";
  text += "const long long kLearnedScale = " + std::to_string(scale) + ";  // engine units per logit\n";
  text += "const long long kLearnedBias = " + std::to_string(bias) + ";  // the output's bias (linear: x 4096)\n";
  text += "const short kLearnedRows[" + std::to_string(rows.size()) + "] = {  // input i's row: [i x hidden, (i + 1) x hidden)\n" +
          array_body(rows) + "\n};\n";
  text += "const short kLearnedRowBias[" + std::to_string(row_bias.size()) + "] = {\n" + array_body(row_bias) + "\n};\n";
  text += "const short kLearnedOut[" + std::to_string(out.size()) + "] = {  // the side to move's half, then the other's\n" +
          array_body(out) + "\n};\n";
  text += "const int kLearnedLinear[" + std::to_string(linear.size()) + "] = {  // linear: x 4096\n" + array_body(linear) + "\n};";
  return text;
}

std::string learned_source(const learned::ExportedEval& eval) {
  if (!eval) return "none (the hand-made evaluation alone)";
  std::string text = one_line(eval.source) + " (fingerprint " + eval.file->fingerprint_hex() + ", " + eval.file->form();
  if (const auto* net = std::get_if<learned::SparseNetwork>(&eval.file->model)) text += " 2 x " + std::to_string(net->hidden);
  return text + ", " + (eval.add ? "added to the hand-made evaluation" : "replacing the hand-made evaluation") + ")";
}

}  // namespace

std::string export_getstep_cpp(const ParamSet& params, const std::string& params_source, const learned::ExportedEval& eval) {
  if (params.game() != "jumpchess") {
    throw InputError("export jumpchess: the parameters are " + params.game() + "'s, not jump chess's");
  }
  // The evaluation weights in the engine's feature order (eval.hpp), then the search knobs
  // (search/knobs.hpp), by name: a set missing one is an InputError naming it.
  const ParamSet defaults = default_params();
  std::vector<std::string> weights;
  for (int f = 0; f < kFeatureCount; ++f) weights.push_back(defaults.at(static_cast<std::size_t>(f)).name);
  const std::vector<std::string> knobs = {
      "search_aspiration_window", "search_aspiration_min_depth", "search_lmr_min_depth",
      "search_lmr_min_moves",     "search_lmr_extra_after",      "search_qsearch_depth",
      "search_killer_bonus",      "search_history_max",          "search_repetition_draw"};

  std::string text = kGetStepTemplate;
  fill_export_header(text, "Generated by `gamelab export jumpchess --cpp` from " + std::string(kTemplateName) + ".",
                     params_source, params, kTemplateName);
  fill_placeholder(text, "MOVETIME_MS", std::to_string(client_movetime_ms(kTournamentTimeLimit)), kTemplateName);
  fill_placeholder(text, "PIECE_KEYS", piece_keys(), kTemplateName);
  fill_placeholder(text, "SIDE_KEY", hex64(side_to_move_key()), kTemplateName);
  fill_placeholder(text, "WEIGHTS", named_values(params, weights), kTemplateName);
  fill_placeholder(text, "KNOBS", named_values(params, knobs), kTemplateName);
  fill_placeholder(text, "LEARNED_SOURCE", learned_source(eval), kTemplateName);
  fill_placeholder(text, "LEARNED", learned_constants(eval), kTemplateName);
  check_filled(text, kTemplateName);
  return text;
}

learned::ExportedEval exported_eval(const std::string& file, bool add, bool release) {
  return learned::exported_eval(file, add, release, release::embedded_eval(), LearnedEval::expect());
}

}  // namespace gamelab::jumpchess
