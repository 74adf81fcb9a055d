#pragma once
// Dog-Cat-Mouse-cheeSe's evaluation: linear in named weights over sparse integer features (the same
// features the Texel tuner fits), for both variants. Every feature is counted from blue's (side 0's)
// point of view, blue's count minus red's, which is the convention of the simultaneous-move search:
// eval(s) = sum of weight * feature is blue's advantage, and mirroring the board left-right while
// swapping the colours negates every feature.
//
// Distances are shortest paths in king steps with walls respected (distances.hpp). A "closeness" is
// max(0, kReach - distance), so a far or missing piece counts 0 and each step nearer counts 1.
#include <array>
#include <vector>

#include "core/linear_eval.hpp"
#include "core/params.hpp"
#include "dcms/state.hpp"

namespace gamelab::dcms {

using gamelab::FeatureValue;  // core/linear_eval.hpp

constexpr int kReach = 24;           // closeness cap in steps
constexpr int kGuardClamp = 6;       // CheeseGuard's margin is clamped to [-6, 6]
constexpr int kLateTurns = 10;       // LateMaterial counts in the last 10 turns

enum Feature : int {
  MaterialMouse,  // pieces on the board, per rank (the cheeSe is always there while the game goes on)
  MaterialCat,
  MaterialDog,
  MouseRace,      // closeness of the Mouse to the enemy cheeSe, paths over the enemy Cat's square barred;
                  // 0 if it cannot get there before the turn limit (tempo)
  MouseStrike,    // the Mouse is one step from the enemy cheeSe: it eats it next turn, whatever happens
  MouseThreat,    // the Mouse is two steps from the enemy cheeSe
  RaceLead,       // 1 for the side whose Mouse reaches the enemy cheeSe first (Cat-barred, before the
                  // turn limit; a Mouse that cannot, or is gone, never arrives), 0 when they tie
  MouseTrade,     // the Mice can meet this turn (both die), counted for the side behind in the race
  CheeseGuard,    // the Cat's lead on the enemy Mouse to the own cheeSe: d(mouse, cheeSe) - d(cat, cheeSe)
  CatBlocks,      // the Cat stands on every path of the enemy Mouse to the own cheeSe
  CatChase,       // closeness of the Cat to the enemy Mouse (its prey; the same term, seen from the
                  // other side, is the Mouse's distance to its predator)
  CatReach,       // the Cat can land on the enemy Mouse's square this turn (two steps or fewer)
  DogChase,       // closeness of the Dog to the enemy Cat
  DogReach,       // the Dog can land on the enemy Cat's square this turn
  LateMaterial,   // pieces on the board x turns inside the last kLateTurns (the count decides at the end)
  kFeatureCount
};

const char* feature_name(int feature);

// Every feature's count (blue minus red) into a fixed array: no allocation. A state that is over or
// in the setup phase has only its material (the search scores finished games by their result).
void feature_counts(const State& state, std::array<int, kFeatureCount>& counts);
// The non-zero features, the sparse form the Texel tuner uses.
std::vector<FeatureValue> features(const State& state);
// sum(weights[f] * count[f]) without allocating: what the search calls. Blue's advantage.
int evaluate(const State& state, const int* weights);

// Dog-Cat-Mouse-cheeSe's parameter set: the evaluation weights (indices = Feature), the engine's own
// knobs (dcms_*: action pruning and the placement search, engine.hpp), then the MCTS knobs.
ParamSet default_params();

}  // namespace gamelab::dcms
