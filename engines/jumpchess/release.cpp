#include "jumpchess/release.hpp"

#include "jumpchess/eval.hpp"
#include "jumpchess/release_params.hpp"

namespace gamelab::jumpchess {

ParamSet release_params() { return release::frozen_params(default_params()); }

std::string release_params_source() { return release::source_text(); }

}  // namespace gamelab::jumpchess
