#pragma once
// Jump chess evaluation: linear in named weights over sparse integer features (the same features the
// Texel tuner fits). Features are counted from the side to move's point of view, so
// eval(s) = sum of weight * feature is the score for the side to move. Each feature is either "ours
// minus theirs" or, where the side to move makes the difference (it moves first), one side's count.
#include <array>
#include <vector>

#include "core/linear_eval.hpp"
#include "core/params.hpp"
#include "jumpchess/movegen.hpp"
#include "jumpchess/state.hpp"

namespace gamelab::jumpchess {

using gamelab::FeatureValue;  // core/linear_eval.hpp

enum Feature : int {
  InTarget,     // pieces in the own target region (ours - theirs): the game's score
  Distance,     // columns still to go to the own target, summed over pieces (ours - theirs)
  Material,     // pieces on the board (ours - theirs)
  Threats,      // enemy pieces the side to move can capture with one move now
  Attacked,     // own pieces the opponent could capture with one move if it were to move
  Cohesion,     // pieces with an own piece orthogonally next to them, a ladder to hop on (ours - theirs)
  Straggler,    // the columns the rearmost piece still has to go (ours - theirs)
  Blocked,      // pieces outside the target with neither a step nor a hop toward it (ours - theirs)
  BestGain,     // the most columns one move of the side to move gains toward its target
  BestGainThem, // the same for the opponent, were it to move
  Tempo,        // 1: the side to move
  kFeatureCount
};

// The number of columns a piece of `c` on `sq` still has to go to reach c's target region.
int columns_to_target(Color c, int sq);

// Every feature's count (side to move's view), into a fixed array: no allocation.
void feature_counts(const State& state, std::array<int, kFeatureCount>& counts);
// The same, given the side to move's legal moves (the search has them already).
void feature_counts(const State& state, const MoveList& moves, std::array<int, kFeatureCount>& counts);
// The non-zero features of `state` (side to move's view), the sparse form the Texel tuner uses.
std::vector<FeatureValue> features(const State& state);
// sum(weights[f] * counts[f]): what the search calls.
int evaluate(const State& state, const int* weights);
int evaluate(const State& state, const int* weights, const MoveList& moves);

// Jump chess's parameter set: the evaluation weights (indices = Feature) then the search knobs.
ParamSet default_params();

}  // namespace gamelab::jumpchess
