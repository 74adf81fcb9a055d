#include "search/mcts_knobs.hpp"

namespace gamelab::search {

std::vector<Param> MctsKnobs::default_params() {
  const MctsKnobs d;
  return {
      {"mcts_policy", d.policy, 0, 1, 0, 0},
      {"mcts_exploration", d.exploration, 10, 500, 15, 0.002},
      {"mcts_rm_gamma", d.rm_gamma, 0, 500, 15, 0.002},
      {"mcts_final_choice", d.final_choice, 0, 1, 0, 0},
      {"mcts_rollout_depth", d.rollout_depth, 0, 20, 1, 0.002},
      {"mcts_eval_scale", d.eval_scale, 20, 2000, 30, 0.002},
      {"mcts_bound_depth", d.bound_depth, 0, 2, 0, 0},
      {"mcts_expand_visits", d.expand_visits, 1, 64, 1, 0.002},
  };
}

MctsKnobs MctsKnobs::from(const ParamSet& params) {
  MctsKnobs k;
  k.policy = params.value("mcts_policy");
  k.exploration = params.value("mcts_exploration");
  k.rm_gamma = params.value("mcts_rm_gamma");
  k.final_choice = params.value("mcts_final_choice");
  k.rollout_depth = params.value("mcts_rollout_depth");
  k.eval_scale = params.value("mcts_eval_scale");
  k.bound_depth = params.value("mcts_bound_depth");
  // Optional, so that parameter sets written before this knob existed still load.
  k.expand_visits = params.contains("mcts_expand_visits") ? params.value("mcts_expand_visits") : 1;
  return k;
}

}  // namespace gamelab::search
