#pragma once
// Knobs of the simultaneous-move MCTS, kept as "mcts_*" parameters beside a game's evaluation weights.
#include <vector>

#include "core/params.hpp"

namespace gamelab::search {

struct MctsKnobs {
  int policy = 1;             // selection at each node, per side: 0 decoupled UCT, 1 regret matching
  int exploration = 140;      // UCT exploration constant x 100
  int rm_gamma = 100;         // regret matching's uniform exploration x 1000
  int final_choice = 0;       // 0: sample the root's mixed strategy; 1: its most likely action
  int rollout_depth = 0;      // random joint moves played from a new leaf before evaluating it
  int eval_scale = 300;       // leaf value = 1 / (1 + exp(-eval / scale)), in evaluation units
  int bound_depth = 1;        // serialized alpha-beta bounds at the root: joint plies (0: off)
  int expand_visits = 1;      // a new node gets its action statistics on this visit (1: at once)

  static MctsKnobs from(const ParamSet& params);
  static std::vector<Param> default_params();
};

}  // namespace gamelab::search
