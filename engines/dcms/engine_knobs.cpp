#include "dcms/engine_knobs.hpp"

#include "core/knob_table.hpp"

namespace gamelab::dcms {

namespace {

using K = EngineKnobs;
const KnobRow<K> kKnobs[] = {
    {"dcms_quiet_moves", &K::quiet_moves, 0, 9, 1, 0.002},
    {"dcms_purify", &K::purify, 0, 100, 5, 0.002},
    {"dcms_setup_cheese", &K::setup_cheese, 1, 64, 2, 0.002},
    {"dcms_setup_candidates", &K::setup_candidates, 1, 256, 4, 0.002},
    {"dcms_setup_rounds", &K::setup_rounds, 1, 100000, 500, 0.002},
    {"dcms_setup_model", &K::setup_model, 0, 100, 10, 0.002},
};

}  // namespace

std::vector<Param> EngineKnobs::default_params() { return knob_params<K>(kKnobs); }

EngineKnobs EngineKnobs::from(const ParamSet& params) { return knobs_from<K>(kKnobs, params); }

}  // namespace gamelab::dcms
