#pragma once
// A learned evaluation written into an exported Python player (`gamelab export raichu|dcms --python
// --eval FILE`, docs/tools/bots.md §6a): the template's LEARNED sections kept (keep_sections) and its
// EVAL_* placeholders filled from the file. Both Python players read the same fields and the same data:
//
//   EVAL_SOURCE, EVAL_FINGERPRINT, EVAL_FORM, EVAL_HIDDEN (0 for linear), EVAL_INPUTS (the input set's
//   name), EVAL_INPUT_COUNT, EVAL_MAX_ACTIVE, EVAL_SCALE, EVAL_QUANTISATION, EVAL_MODE (add|replace),
//   EVAL_MODE_TEXT (a phrase for the header), EVAL_ADD (True|False), and EVAL_DATA: the weights as the
//   evaluation file holds them, little-endian, in base64 as Python string literals of 96 characters a
//   line (network: ft_weights int16 [inputs x hidden], ft_bias int16 [hidden], out_weights int16
//   [2 x hidden], out_bias int32; linear: weights int32 [inputs], bias int32).
#include <string>

#include "core/embedded_eval.hpp"

namespace gamelab::learned {

// Fills the EVAL_* placeholders of `text` from `eval` (which carries a file); `subject` names what the
// mode applies to in the header's phrase ("the learned score", "the leaves' learned value"); `what`
// names the template in errors.
void fill_python_eval(std::string& text, const ExportedEval& eval, const std::string& subject, const std::string& what);

// `bytes` in base64 (RFC 4648, with padding) as Python string literals of 96 characters a line,
// indented by four blanks: the lines of one implicitly concatenated string (no final line break).
std::string python_base64_lines(const std::string& bytes);

}  // namespace gamelab::learned
