#pragma once
// The frozen release configuration of a game: engines/<game>/release.json, written by the release gate
// (`gamelab release`, release_gate.hpp) and compiled into the game's release bots by
// cmake/release_config.cmake. The file:
//   {"game": "raichu",
//    "params": {"game": "raichu", "params": [{"name", "value", "min", "max", "c_end", "r_end"}, ...]},
//              (the full parameter set, exactly as ParamSet::to_json writes it, so that every tool that
//               reads parameter files reads this member too)
//    "bench": {"nodes": N, "depth": D} or {"nodes": N, "iterations": I}   (the bench signature with these
//              parameters: datasets/bench/<game>.json searched as `gamelab bench <game> --params` does)
//    "perft": "ok",
//    "verdict": {"decision": "accepted by SPRT" | "forced", "forced": bool, "sprt": {...} or null, ...},
//    "date": "2025-01-31T12:00:00Z",
//    "source_params_fingerprint": "<16 hex digits: ParamSet::fingerprint() of the released parameters>",
//    "report": "reports/<game>/<id>.md",
//    "eval": {"file": "engines/<game>/release.eval", "fingerprint": "<16 hex digits>", "inputs": "<input set>",
//             "form": "linear" | "network", "mode": "add" | "replace", "source": "<the file the gate was given>"}}
//              (only in a release with a learned evaluation, `gamelab release --eval`: the file beside
//               release.json, which cmake/release_config.cmake compiles into the bots)
#include <optional>
#include <string>

#include "core/params.hpp"

namespace gamelab::eval {

// <root>/engines/<game>/release.json; root is the project's source folder unless a caller says otherwise.
std::string release_config_path(const std::string& root, const std::string& game);
// <root>/engines/<game>/release.eval: the release's learned evaluation, when it has one.
std::string release_eval_path(const std::string& root, const std::string& game);

// What a release configuration records of its learned evaluation (its "eval" member).
struct ReleaseEval {
  std::string file;         // where the release keeps it, relative to the project (engines/<game>/release.eval)
  std::string fingerprint;  // 16 hex digits
  std::string inputs;       // the input set's name
  std::string form;         // linear | network
  bool add = true;          // mode: add (to the hand-made evaluation) or replace
  std::string source;       // the file the gate was given
};
// The learned evaluation the release configuration at `path` records; none for a release without one
// (or a file that is not a release configuration). InputError naming the file and the member when the
// member is malformed.
std::optional<ReleaseEval> read_release_eval(const std::string& path);

// True if `text` is a release configuration (a JSON object whose "params" member is an object).
bool is_release_config(const std::string& text);

// A parameter file of any form gamelab reads: a release configuration (its "params" member), a
// parameter set in JSON, or OpenBench SPSA text; over `defaults`. InputError naming the file otherwise.
ParamSet load_any_params(const std::string& path, const ParamSet& defaults);


}  // namespace gamelab::eval
