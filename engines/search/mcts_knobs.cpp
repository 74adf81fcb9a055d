#include "search/mcts_knobs.hpp"

#include "core/knob_table.hpp"

namespace gamelab::search {

namespace {

using K = MctsKnobs;
const KnobRow<K> kKnobs[] = {
    {"mcts_policy", &K::policy, 0, 1, 0, 0},
    {"mcts_exploration", &K::exploration, 10, 500, 15, 0.002},
    {"mcts_rm_gamma", &K::rm_gamma, 0, 500, 15, 0.002},
    {"mcts_final_choice", &K::final_choice, 0, 1, 0, 0},
    {"mcts_rollout_depth", &K::rollout_depth, 0, 20, 1, 0.002},
    {"mcts_eval_scale", &K::eval_scale, 20, 2000, 30, 0.002},
    {"mcts_bound_depth", &K::bound_depth, 0, 2, 0, 0},
    {"mcts_expand_visits", &K::expand_visits, 1, 64, 1, 0.002, true},  // added later: optional
};

}  // namespace

std::vector<Param> MctsKnobs::default_params() { return knob_params<K>(kKnobs); }

MctsKnobs MctsKnobs::from(const ParamSet& params) { return knobs_from<K>(kKnobs, params); }

}  // namespace gamelab::search
