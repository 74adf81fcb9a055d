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
//    "report": "reports/<game>/<id>.md"}
#include <string>

#include "core/params.hpp"

namespace gamelab::eval {

// <root>/engines/<game>/release.json; root is the project's source folder unless a caller says otherwise.
std::string release_config_path(const std::string& root, const std::string& game);

// True if `text` is a release configuration (a JSON object whose "params" member is an object).
bool is_release_config(const std::string& text);

// A parameter file of any form gamelab reads: a release configuration (its "params" member), a
// parameter set in JSON, or OpenBench SPSA text; over `defaults`. InputError naming the file otherwise.
ParamSet load_any_params(const std::string& path, const ParamSet& defaults);


}  // namespace gamelab::eval
