#pragma once
// Firing lanes: how soon a shot of one player can reach a square, planned beyond the search's horizon.
//
// A bullet never leaves the row or column run it is shot into (board.hpp), so the shots that can ever
// reach a square q are exactly the shots fired from the other squares of q's row run and column run,
// along the run: q's *firing squares*. Shot from firing square f towards q, the bullet is on q
// |f - q| rounds later; shot away from q it first flies to the wall, turns round and passes back over
// f (and the shooter), so it is always later. A shooter standing on square x is therefore
//     firing_time(x) = min over firing squares f of (steps from x to f) + |f - q|
// rounds away from a bullet on q, if q's player stands still: a breadth-first search from every firing
// square at once (each starting at its own flight time), through open squares, never through q itself
// (the player standing there sends a walker back). Where no firing square can be reached, no shot can
// ever hit a player that stays on q: a draw by the round limit, whatever the shooter does.
//
// The engine (engine.hpp) hunts with it: at the root it maps the firing time towards the opponent's
// square, and its search values, for its own side only, being close in firing time to that square and
// having a bullet on its way to it (time_to_bullet). A player that stands still or wanders is then
// hunted down; a careful one just steps out of the lane, which the zero-sum evaluation already knows.
#include <cstdint>
#include <optional>
#include <vector>

#include "bullets/board.hpp"
#include "bullets/state.hpp"

namespace gamelab::bullets {

// Firing times are capped here (unreachable squares, walls and the target itself hold it).
constexpr int kNoFiringTime = 0xFFFF;

struct FiringMap {
  int target = -1;
  std::vector<std::uint16_t> time;  // per cell: firing_time above, kNoFiringTime where none
  int at(int cell) const { return time[static_cast<std::size_t>(cell)]; }
};

// Steps from `from` to every square through open squares, never through `blocked` (-1: none); -1 where
// it cannot walk.
std::vector<int> walk_steps(const Board& board, int from, int blocked);

// The firing times towards `target` (an open square) from every square of `board`.
FiringMap firing_map(const Board& board, int target);

// Rounds until a bullet already in `state` (any side's) is on `cell` (0: one is there now), if it comes
// within `max_rounds`; every bullet that will ever pass over `cell` flies in its row or column cycle.
std::optional<int> time_to_bullet(const State& state, int cell, int max_rounds);

// The first round at which the player `shooter` can have a bullet on the square of the other player
// if that player never moves and nothing else is in the way (the position's bullets ignored): the
// state's round plus the firing time of the shooter's square; nothing if no shot can ever reach it.
std::optional<std::uint32_t> earliest_hit_round(const State& state, Side shooter);

// The same, proved the long way for tests and reports: every square the shooter can reach (breadth-first,
// never through the target), every shot from it that does not turn round onto the shooter, the whole
// cycle of that shot's slot followed round by round until it passes over the target.
std::optional<std::uint32_t> earliest_hit_round_exhaustive(const State& state, Side shooter);

}  // namespace gamelab::bullets
