#pragma once
// The exact hunt: the earliest round at which a player (the shooter) can hit an opponent that never
// moves and never shoots, with the plan that does it, from any position — the bullets already flying
// included, and the shooter's own shot too, so that the plan never walks into a bullet, its own or not.
//
// Why it is exact. The opponent stands on its square T for ever, so every bullet of the position moves
// on a known cycle (board.hpp) and the only bullet still to come is the shooter's. A hit on T needs a
// bullet on T; the bullets already flying reach it at known rounds, and a new one must be shot along
// T's row run or column run (a bullet never leaves its run). One shot is enough: a second shot can only
// hit later or be in the way. So the plans are: walk (or wait) through space-time (square, round) on
// squares no bullet is on, never onto T (the collision sends the walker back: the same as waiting);
// shoot once in one of four directions; survive, walking or waiting, among the bullets and the new one,
// until a bullet is on T; not be hit at that round (both hit is a draw). The search runs over
// (square, round) breadth-first, round by round, and tries every shot of every square it reaches in the
// order of the round it would hit; the first shot whose shooter can survive until its hit is the
// earliest hit (a shot fired at round t hits at round t + 1 at the earliest, so once the best candidate
// hits no later than t + 1 no shot still to be tried can beat it).
//
// A player that never moves is what the plan is exact for; the engine plays it whenever the opponent
// stands on its start square (engine.hpp), which is where such a player stands.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bullets/rules.hpp"
#include "bullets/state.hpp"

namespace gamelab::bullets {

struct HitPlan {
  std::uint32_t hit_round = 0;   // the round after which the target stands on a bullet
  std::vector<Action> actions;   // the shooter's action each turn from the state's round to hit_round
  std::optional<std::uint32_t> shot_round;  // the round at which the shot is played (none: a bullet
                                            // already flying hits, the plan only survives until then)
  int shot_square = -1;          // where the shooter stands when it shoots
};

// The earliest hit of `shooter` on the other player, if that player never moves or shoots, at a round
// no later than the state's round limit; nothing if there is none by then (the game is a draw against
// such a player). The state must not be over.
std::optional<HitPlan> plan_hit(const State& state, Side shooter);

// Why no shot can ever reach a player standing on `target` from where `shooter` stands: the squares
// whose shot could reach it (its row and column runs) and the shooter's reachable area, when the two do
// not meet; nothing when they do (then a hit is possible, given enough rounds).
std::optional<std::string> unreachable_proof(const State& state, Side shooter);

// The plan's actions as digits ("33318..."), the way the tournament numbers them.
std::string plan_text(const HitPlan& plan);

}  // namespace gamelab::bullets
