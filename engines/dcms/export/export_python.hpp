#pragma once
// `gamelab export dcms --python FILE` (and --python-mouse FILE) (GameEntry::exports): the tournament's
// Dog-Cat-Mouse-cheeSe player as one self-contained Python 3 file defining setup() and move()
// (docs/rules/dcms.md), made from dcms.py.in with the parameters written in: the evaluation weights in the
// engine's feature order, the engine's dcms_* knobs and the MCTS knobs by name, and the variant its
// setup() places (the tournament's setup() call does not say which).
#include <string>

#include "core/embedded_eval.hpp"
#include "core/params.hpp"
#include "dcms/state.hpp"

namespace gamelab::dcms {

// The file's content for `params` (a full dcms parameter set) placing `variant`'s pieces;
// `params_source` names the parameters in the file's header. Same arguments, same file: nothing else
// (no date) goes in. InputError for another game's parameters or a set that lacks one.
// `eval`: the learned evaluation it carries (exported_eval), or none. With one, the file holds its
// weights (base64 of the little-endian arrays, decoded at import), its header fields and the mode, and
// evaluates the MCTS's leaves with it as the engine does (game.hpp LearnedEval: the same inputs, the same
// integer inference, y x mcts_eval_scale added to the hand-made evaluation or replacing it); without
// one, the file is the hand-made player alone, byte for byte what it was before files could be carried.
// InputError for a file of another game or input set.
std::string export_python(const ParamSet& params, const std::string& params_source, Variant variant,
                          const learned::ExportedEval& eval);

// What the export writes in without --params: the frozen release (engines/dcms/release.json, compiled
// in) or the defaults while there is none; and where they come from, in words.
ParamSet exported_params();
std::string exported_params_source();
// The learned evaluation it carries (learned::exported_eval): `file` (--eval) in mode `add`, else the
// release's own (engines/dcms/release.eval, compiled in) when `release` (no --params), else none.
learned::ExportedEval exported_eval(const std::string& file, bool add, bool release);

}  // namespace gamelab::dcms
