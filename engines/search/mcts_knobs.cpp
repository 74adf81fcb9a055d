#include "search/mcts_knobs.hpp"

#include "core/knob_table.hpp"

namespace gamelab::search {

namespace {

using M = MctsKnobs;
const KnobRow<M> kMctsKnobs[] = {
    {"mcts_policy", &M::policy, 0, 1, 0, 0},
    {"mcts_exploration", &M::exploration, 10, 500, 15, 0.002},
    {"mcts_rm_gamma", &M::rm_gamma, 0, 500, 15, 0.002},
    {"mcts_final_choice", &M::final_choice, 0, 1, 0, 0},
    {"mcts_rollout_depth", &M::rollout_depth, 0, 20, 1, 0.002},
    {"mcts_eval_scale", &M::eval_scale, 20, 2000, 30, 0.002},
    {"mcts_bound_depth", &M::bound_depth, 0, 2, 0, 0},
    {"mcts_expand_visits", &M::expand_visits, 1, 64, 1, 0.002, true},  // added later: optional
};

}  // namespace

std::vector<Param> MctsKnobs::default_params() { return knob_params<M>(kMctsKnobs); }

MctsKnobs MctsKnobs::from(const ParamSet& params) { return knobs_from<M>(kMctsKnobs, params); }

}  // namespace gamelab::search
