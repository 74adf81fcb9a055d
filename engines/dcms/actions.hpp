#pragma once
// Per-side actions and joint play (docs/rules/dcms.md §4 Moves and §5 Captures).
//
// An action is one side's joint choice for all its movable pieces (Mouse, Cat, Dog on the board): each
// gets one of the 9 numpad directions. Two choices that leave the side's pieces on the same squares
// are the same action (docs/rules/common.md): a step into a wall is the same as staying. Pieces of one side
// never block each other (they may share a square), so each piece's destinations are independent and
// the merged actions are exactly the product of each piece's distinct destinations: at most
// 9 x 9 x 9 = 729. Each action keeps one canonical digit per piece (5 for staying, also for a step
// into a wall), from which its canonical move string is written (notation.hpp).
#include <array>
#include <cstdint>

#include "core/move_list.hpp"
#include "dcms/state.hpp"

namespace gamelab::dcms {

struct Action {
  // Destination of the side's Mouse, Cat, Dog (index rank - 1); kNoSquare for a piece not on the board.
  std::array<Square, 3> to{kNoSquare, kNoSquare, kNoSquare};
  // The canonical numpad digit per piece (1..9, 5 = stays); 0 for a piece not on the board.
  std::array<std::uint8_t, 3> digit{0, 0, 0};
  friend bool operator==(const Action&, const Action&) = default;
};

constexpr std::size_t kMaxActions = 9 * 9 * 9;
using ActionList = gamelab::MoveList<Action, kMaxActions>;

// The distinct destinations of one piece, each with its canonical digit, in digit order (a step into a
// wall is the stay, digit 5). A piece not on the board (or not in the variant) has one option,
// kNoSquare with digit 0.
struct PieceOptions {
  std::array<Square, 9> to;
  std::array<std::uint8_t, 9> digit;
  int count = 0;
};
PieceOptions piece_options(const State& state, int side, int rank);

// The side's actions as the product of its Mouse's, Cat's and Dog's options (Dog outermost), into
// `actions` (cleared first).
void product_actions(const PieceOptions& mouse, const PieceOptions& cat, const PieceOptions& dog, ActionList& actions);

// Every distinct action of `side` in a live state (never empty: staying still is an action; a side
// with only its cheeSe left has exactly one, the empty action). Order: Dog's digit outermost, then
// Cat's, then Mouse's, each ascending 1..9 with the digits that hit a wall left out.
void generate_actions(const State& state, int side, ActionList& actions);

// The number of distinct actions of `side` (the product above) without listing them.
std::size_t action_count(const State& state, int side);

// The action in which every piece of `side` stays (the null move of a timeout).
Action stay_action(const State& state, int side);

// The action of `side` when its pieces take the numpad digits given per rank (index rank - 1; 0 or 5
// means stay). A digit into a wall stays. Used by the move-string parser.
Action action_from_digits(const State& state, int side, const std::array<std::uint8_t, 3>& digits);

// Both actions executed together, then the captures resolved, then the turn counted (copy-make; the
// hash is updated incrementally). The end rules are read from the result with result() (rules.hpp).
State play(const State& state, const Action& blue, const Action& red);

// The capture rule on the pieces as they stand: square by square, rank by rank from 0 up; at rank x
// every rank-x piece whose opponent has a rank-x or rank-(x+1) piece on its square is removed, all
// removals of one rank decided together and then applied. A side's own pieces never interact.
void resolve_captures(State& state);

}  // namespace gamelab::dcms
