#pragma once
// `gamelab export jumpchess --cpp FILE` (GameEntry::exports): GetStep as the tournament's C++ template
// wants it (docs/rules/jumpchess.md), one self-contained C++14 source file made from getstep_template.cpp.in with
// the parameters written in: the evaluation weights, the search knobs, the Zobrist keys (so that its
// transposition table and repetitions behave as the engine's), the per-move time, and a learned
// evaluation's model when it carries one (its integer inference from scratch at each evaluated node,
// the engine's scores exactly).
#include <string>

#include "core/embedded_eval.hpp"
#include "core/params.hpp"

namespace gamelab::jumpchess {

// The file's content for `params` (a full jump chess parameter set); `params_source` names them in the
// file's header. Same parameters, same file: nothing else (no date) goes in.
// `eval`: the learned evaluation it carries (exported_eval), or none.
std::string export_getstep_cpp(const ParamSet& params, const std::string& params_source, const learned::ExportedEval& eval);

// The learned evaluation GetStep carries (learned::exported_eval): `file` (--eval) in mode `add`, else
// the release's own (engines/jumpchess/release.eval, compiled in) when `release` (no --params), else none.
learned::ExportedEval exported_eval(const std::string& file, bool add, bool release);

}  // namespace gamelab::jumpchess
