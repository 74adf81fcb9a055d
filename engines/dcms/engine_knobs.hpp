#pragma once
// The Dog-Cat-Mouse-cheeSe engine's own knobs ("dcms_*" parameters), beside the evaluation weights
// and the generic MCTS knobs: how far the search narrows each side's actions, and how wide the
// placement search is.
#include <vector>

#include "core/params.hpp"

namespace gamelab::dcms {

struct EngineKnobs {
  // Moves kept for a piece that can take part in no capture this turn (a "quiet" piece), the best by
  // the evaluation; 0 keeps all. A piece that can meet a prey, a predator or its like keeps all.
  int quiet_moves = 3;
  // The final choice from the root's mixed strategy (mcts_final_choice 0: sampled) leaves out the
  // actions played less than this percentage of the most played one: regret matching's average
  // keeps some weight on every action it explored, which is noise, not mixing. 0: the template's choice.
  int purify = 50;
  // Placement search (setup_search.hpp): cheeSe squares kept, placements per side in the matrix
  // game, and regret-matching rounds to solve it.
  int setup_cheese = 6;
  int setup_candidates = 24;
  int setup_rounds = 4000;
  // The placement answers an opponent model rather than playing the equilibrium: this percentage of
  // the model is the opponent's best-on-average candidate (what a heuristic bot picks), the rest its
  // equilibrium strategy; our best candidate against the mixture is placed. 0: sample our equilibrium.
  int setup_model = 50;

  static EngineKnobs from(const ParamSet& params);
  static std::vector<Param> default_params();
};

}  // namespace gamelab::dcms
