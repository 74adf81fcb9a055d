#pragma once
// The actions the search considers: a side's distinct actions (rules.hpp) without those that lose
// whatever the other side does. Such an action is weakly dominated by any action that does not always
// lose, so no equilibrium needs it, and leaving it out keeps the MCTS from spending most of its
// iterations on suicides in fresh nodes (a player in a corner has two shots into an adjacent wall).
//
// An action surely loses when the square it leaves the player on holds a bullet next round — a bullet
// already flying, or the player's own shot into an adjacent wall, which turns round in place onto the
// shooter — and the other player cannot get in the way: two players meeting on one square both go back,
// so a move onto a square the other player is on or next to is never counted as sure death.
// If every action surely loses, all of them are kept (the other side may be hit too: a draw).
#include "bullets/rules.hpp"

namespace gamelab::bullets {

// True if `action` of `side` loses whatever the other side does (see above).
bool surely_loses(const State& state, Side side, Action action);

// generate_actions() without the actions that surely lose (all of them if every one does).
void generate_search_actions(const State& state, Side side, ActionList& actions);

}  // namespace gamelab::bullets
