#include "dcms/engine_knobs.hpp"

namespace gamelab::dcms {

std::vector<Param> EngineKnobs::default_params() {
  const EngineKnobs d;
  return {
      {"dcms_quiet_moves", d.quiet_moves, 0, 9, 1, 0.002},
      {"dcms_purify", d.purify, 0, 100, 5, 0.002},
      {"dcms_setup_cheese", d.setup_cheese, 1, 64, 2, 0.002},
      {"dcms_setup_candidates", d.setup_candidates, 1, 256, 4, 0.002},
      {"dcms_setup_rounds", d.setup_rounds, 1, 100000, 500, 0.002},
      {"dcms_setup_model", d.setup_model, 0, 100, 10, 0.002},
  };
}

EngineKnobs EngineKnobs::from(const ParamSet& params) {
  EngineKnobs k;
  k.quiet_moves = params.value("dcms_quiet_moves");
  k.purify = params.value("dcms_purify");
  k.setup_cheese = params.value("dcms_setup_cheese");
  k.setup_candidates = params.value("dcms_setup_candidates");
  k.setup_rounds = params.value("dcms_setup_rounds");
  k.setup_model = params.value("dcms_setup_model");
  return k;
}

}  // namespace gamelab::dcms
