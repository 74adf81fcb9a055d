#pragma once
// Ataxx's hand-made evaluation: linear in named weights over integer features (the same counts the
// Texel tuner fits, core/linear_eval.hpp). Every feature is counted for the side to move minus the
// opponent, so eval = sum of weight x feature is the side to move's score.
#include <array>
#include <vector>

#include "ataxx/state.hpp"
#include "core/linear_eval.hpp"
#include "core/params.hpp"

namespace gamelab::ataxx {

using gamelab::FeatureValue;

enum Feature : int {
  Material,  // stones
  Edge,      // stones on the board's edge, corners left out: fewer neighbours to be flipped from
  Corner,    // stones in a corner: three neighbours only
  Frontier,  // stones next to an empty square: a move there may flip them
  Exposed,   // empty squares next to own stones that the opponent can reach (single or jump)
  Reach,     // empty squares next to own stones: the single moves, the cheap part of mobility
  Tempo,     // 1: the side to move (it moves next, and a move gains stones)
  kFeatureCount
};

// Every feature's count (side to move's view) into a fixed array: no allocation.
void feature_counts(const State& state, std::array<int, kFeatureCount>& counts);
// The non-zero features (side to move's view), the sparse form the Texel tuner reads.
std::vector<FeatureValue> features(const State& state);
// sum(weights[f] * count[f]): what the search calls.
int evaluate(const State& state, const int* weights);

// Ataxx's parameter set: the evaluation weights (indices = Feature) then the alpha-beta knobs.
ParamSet default_params();

}  // namespace gamelab::ataxx
