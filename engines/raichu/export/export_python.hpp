#pragma once
// `gamelab export raichu --python FILE` (GameEntry::exports): the tournament's Raichu player as one
// self-contained Python 3 file (docs/rules/raichu.md: `python3 raichu.py N PLAYER BOARD TIMELIMIT`), made from
// raichu.py.in with the parameters written in: the evaluation weights in the engine's feature order
// and the search knobs by name.
#include <string>

#include "core/embedded_eval.hpp"
#include "core/params.hpp"

namespace gamelab::raichu {

// The file's content for `params` (a full Raichu parameter set); `params_source` names them in the
// file's header. Same parameters, same file: nothing else (no date) goes in. InputError for another
// game's parameters or a set that lacks a weight or knob.
// `eval`: the learned evaluation it carries (exported_eval), or none: its model written in and played
// as the engine plays eval=FILE,evalmode= (the template's IF_LEARNED sections; without one the file is
// what it was before there were any). InputError for another game's file or input set, or a network
// whose accumulators could leave int16 with Raichu's 32 inputs on (the file's lanes need them within).
std::string export_python(const ParamSet& params, const std::string& params_source, const learned::ExportedEval& eval);

// What the export writes in without --params: the frozen release (engines/raichu/release.json, compiled
// in) or the defaults while there is none; and where they come from, in words.
ParamSet exported_params();
std::string exported_params_source();
// The learned evaluation it carries (learned::exported_eval): `file` (--eval) in mode `add`, else the
// release's own (engines/raichu/release.eval, compiled in) when `release` (no --params), else none.
learned::ExportedEval exported_eval(const std::string& file, bool add, bool release);

}  // namespace gamelab::raichu
