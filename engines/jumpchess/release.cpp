#include "jumpchess/release.hpp"

#include "jumpchess/eval.hpp"
#include "jumpchess/release_params.hpp"

namespace gamelab::jumpchess {

ParamSet release_params() { return release::frozen_params(default_params()); }

std::string release_params_source() {
  if (!release::kFrozen) return "the default parameters (engines/jumpchess/release.json does not exist)";
  return std::string("engines/jumpchess/release.json of ") + release::kDate;
}

}  // namespace gamelab::jumpchess
