#pragma once
// Bullets' evaluation: linear in named weights over sparse integer features (the features the Texel
// tuner fits), always from side 0's (Blue's) point of view, as the simultaneous-move search wants:
// every feature is "Blue's count minus Red's", so eval = sum of weight * feature is Blue's advantage,
// and the 180-degree rotation of a position that swaps the players negates every feature.
//
// What the features know. Existing bullets move independently of the players (board.hpp: their
// squares at any future round are a few bit tests away), so a side's safety over the next rounds is
// exact as long as nobody shoots again: a breadth-first search in space-time (square, round) over the
// next kHorizon rounds gives the squares a side can stand on alive at each round. That search ignores
// the other player's body (it can block a step) and any new shot, which can only make things worse for
// the side it looks at. A shot of ours is judged by running the opponent's search again with that one
// more bullet in flight.
#include <array>
#include <cstdint>
#include <vector>

#include "core/linear_eval.hpp"
#include "bullets/state.hpp"
#include "core/params.hpp"

namespace gamelab::bullets {

using gamelab::FeatureValue;  // core/linear_eval.hpp

// Rounds looked ahead by the space-time search (a bullet crosses 6 squares in that time).
constexpr int kHorizon = 6;
// Safe area counts at most this many squares: beyond it, more room changes nothing that matters.
constexpr int kAreaCap = 30;
// Pursuit counts closeness as max(0, kPursuitRange - distance).
constexpr int kPursuitRange = 16;
// The engine's aggression (engine.hpp) counts closeness as kAggressionReach - distance.
constexpr int kAggressionReach = 64;

enum Feature : int {
  SafeMoves,    // the side's moves (staying included; a move into a wall is staying) onto a square free
                // of bullets next round, 0-5
  SafeArea,     // squares the side can stand on alive at the horizon, at most kAreaCap
  Squeezed,     // rounds within the horizon at which the side has at most 2 live squares
  Doomed,       // 1: whatever it does, the bullets already flying hit the side within the horizon
  TrapShots,    // the side's shots (of the four) after which the opponent is doomed
  ShotSqueeze,  // the most one of the side's shots cuts the opponent's safe area
  Liberties,    // open squares next to the side, 0-4
  LaneBullets,  // bullets flying in the row and column runs through the side's square: each will pass
                // over it again and again (bullets never leave their run), so a run full of bullets is a
                // bad place to stay, and a shot along one's own run costs unless the opponent shares it
  Pursuit,      // Blue: sign(SafeArea_B - SafeArea_R) * max(0, kPursuitRange - distance); the side with
                // more room gains by closing in (shots arrive sooner, the other has less time to dodge)
  kFeatureCount
};

// One feature's name and default weight, in eval units (the search maps eval e to the value
// 1 / (1 + exp(-e / mcts_eval_scale))).
struct FeatureInfo {
  const char* name;
  int weight, min, max;
};
const std::array<FeatureInfo, kFeatureCount>& feature_info();

// What the space-time search says about one side (existing bullets, plus an optional extra one).
struct Reach {
  std::array<int, kHorizon + 1> live{};  // squares the side can stand on alive at round + k (k = 0 is its square)
  int horizon = 0;                       // rounds looked at: min(kHorizon, limit - round)
  bool doomed() const { return live[horizon] == 0; }
  int area() const { return live[horizon] < kAreaCap ? live[horizon] : kAreaCap; }
};
// `shot_slot` >= 0 adds the bullet of that slot (a shot made this round).
Reach reach(const State& state, int side, int shot_slot = -1);

// Manhattan distance between the players.
int player_distance(const State& state);

// Positions where the static evaluation is unreliable (datagen's skip_tactical): a bullet arrives next
// to a player next round (one of its moves is unsafe), a player is doomed, or a shot would doom a player.
bool tactical(const State& state);

// Bullets flying in the row run (axis 0) or the column run (axis 1) through `cell` (open): each passes
// over it again and again. LaneBullets counts both runs of a side's square.
int run_bullets(const State& state, int cell, int axis);

// Every feature (Blue minus Red), into a fixed array: no allocation.
void feature_counts(const State& state, std::array<int, kFeatureCount>& counts);
// The non-zero features, the sparse form the Texel tuner uses.
std::vector<FeatureValue> features(const State& state);
// sum(weights[f] * count[f]): Blue's advantage, what the search calls.
int evaluate(const State& state, const int* weights);

// Bullets' parameter set: the evaluation weights (indices = Feature), then engine_aggression (index
// kFeatureCount), engine_hunt and engine_hunt_shot (engine.hpp, hunt.hpp), engine_plan (analysis.hpp), then the mcts_* search knobs.
ParamSet default_params();

}  // namespace gamelab::bullets
