#pragma once
// Bullets (docs/rules/bullets.md): actions, one turn, the end of the game.
#include <cstdint>

#include "bullets/state.hpp"
#include "core/enum_names.hpp"
#include "core/move_list.hpp"

namespace gamelab::bullets {

// The handout's numbering: 0 up, 1 down, 2 left, 3 right, 4-7 shoot up/down/left/right, 8 nothing.
using Action = std::uint8_t;
constexpr Action kNothing = 8;
constexpr int kActionCount = 9;
inline bool is_move(Action a) { return a < 4; }
inline bool is_shot(Action a) { return a >= 4 && a < 8; }
inline Dir direction_of(Action a) { return static_cast<Dir>(a & 3); }

// At most the nine actions.
using ActionList = gamelab::MoveList<Action, kActionCount>;

// One side's distinct actions (docs/rules/common.md), in increasing number: the moves whose square is not a wall
// (a move into a wall is the same action as 8, "nothing", and is left out), the four shots (each its own
// action, even one into an adjacent wall), and 8. Between 5 and 9 actions.
void generate_actions(const State& state, Side side, ActionList& actions);

// The successor after Blue plays `blue` and Red plays `red` at the same time (copy-make, hash kept),
// exactly in the order of docs/rules/bullets.md §3:
//  1. moves (a move into a wall is undone); a shot puts a bullet on the shooter's square;
//  2. if both players now share a square, both go back (players that swap squares pass each other);
//  3. every bullet steps, or turns round in place before a wall (the round advances: slots are fixed);
//  4. a player sharing its square with a bullet is hit.
// Any action 0-8 is accepted (a move into a wall is "nothing"); the state must not be over.
State play(const State& state, Action blue, Action red);

enum class Outcome : std::uint8_t { Ongoing, BlueWins, RedWins, Draw };
enum class EndReason : std::uint8_t { None, Hit, BothHit, RoundLimit };

using Result = GameResult<Outcome, EndReason>;

// Hits first: one player hit loses, both hit draw (also on the last round); otherwise a draw once
// round == limit.
Result result(const State& state);
inline bool ends_before_moves(const State& state) { return state.over(); }

const char* to_string(Outcome outcome);
const char* to_string(EndReason reason);

}  // namespace gamelab::bullets
