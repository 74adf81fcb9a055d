#pragma once
// Jump chess's frozen release configuration (engines/jumpchess/release.json, compiled in by
// cmake/release_config.cmake): what the release client plays and what `gamelab export jumpchess`
// writes into GetStep when no --params is given.
#include <string>

#include "core/params.hpp"

namespace gamelab::jumpchess {

// The frozen values over default_params(); the defaults while no release exists. InputError if the
// release no longer fits the engine (a parameter renamed or out of its range: freeze again).
ParamSet release_params();
// Where release_params() come from, in words, e.g. "engines/jumpchess/release.json of 2025-01-31T12:00:00Z".
std::string release_params_source();

}  // namespace gamelab::jumpchess
