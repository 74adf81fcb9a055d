#pragma once
// Raichu's evaluation: linear in named weights over sparse integer features (the same features the
// Texel tuner fits). Features are counted from the side to move's point of view (ours minus theirs),
// so eval(s) = sum of weight * feature is the score for the side to move.
#include <array>
#include <cstdint>
#include <vector>

#include "core/linear_eval.hpp"
#include "core/params.hpp"
#include "raichu/state.hpp"

namespace gamelab::raichu {

using gamelab::FeatureValue;  // core/linear_eval.hpp

enum Feature : int {
  MaterialPichu,      // pieces of each kind
  MaterialPikachu,
  MaterialRaichu,
  AdvancePichu,       // rows advanced from the own back row, summed per kind
  AdvancePikachu,
  PromotionThreats,   // pieces with a promoting move available
  ThreatenedPichu,    // enemy pieces the side to move can capture now, per kind
  ThreatenedPikachu,
  ThreatenedRaichu,
  AttackedPichu,      // own pieces the opponent could capture if it were to move, per kind
  AttackedPikachu,
  AttackedRaichu,
  Defended,           // attacked pieces whose every capture can be answered by a recapture
  Mobility,           // legal moves
  Tempo,              // 1: the side to move
  // Conversion terms, counted for a side that is pressing: more pieces than the opponent, who has at
  // most kPressingMaxDefenders left (endings beyond the tables must still make progress).
  ConvertApproach,    // per own Raichu: n - 1 - its king distance to the nearest enemy piece
  ConvertCohesion,    // per own piece: -(king distance to the nearest own piece - 1)
  ConvertDefenderEdge,  // enemy pieces on an edge of the board
  kFeatureCount
};

// A side presses when it has more pieces than the opponent and the opponent at most this many.
constexpr int kPressingMaxDefenders = 3;

// Every feature's count (side to move's view), into a fixed array: no allocation.
void feature_counts(const State& state, std::array<int, kFeatureCount>& counts);
// The same, given the side to move's legal moves (the search has them already).
void feature_counts(const State& state, const MoveList& moves, std::array<int, kFeatureCount>& counts);
// The non-zero features of `state` (side to move's view), the sparse form the Texel tuner uses.
std::vector<FeatureValue> features(const State& state);
// The same as sum(weights[f.index] * f.value), without allocating: what the search calls.
int evaluate(const State& state, const int* weights);
int evaluate(const State& state, const int* weights, const MoveList& moves);

// Raichu's parameter set: the evaluation weights (indices = Feature) then the search knobs.
ParamSet default_params();

}  // namespace gamelab::raichu
