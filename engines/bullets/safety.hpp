#pragma once
// Safe actions: the actions of a side that no reply of the other side, a shot included, leaves hit or
// doomed after the joint move (doomed: hit by the bullets already flying whatever it does, nobody
// shooting again; eval.hpp's reach()). At most 9 x 9 joint moves and a short space-time search each.
//
// The engine (engine.hpp) keeps its tree's choice to them when there are any: a loss to a careful player
// (tests/bullets/engine_test.cpp, pair 22 of the gate's records) chose a step that one shot of the
// opponent dooms while five safe actions were left. The post-mortem of a lost game (post_mortem.hpp)
// walks back to the last round that had one.
#include <vector>

#include "bullets/rules.hpp"
#include "bullets/state.hpp"

namespace gamelab::bullets {

bool hit_or_doomed(const State& state, Side side);
// True if no reply of the other side leaves `side` hit or doomed after it plays `action`.
bool is_safe(const State& state, Side side, Action action);
std::vector<Action> safe_actions(const State& state, Side side);

}  // namespace gamelab::bullets
