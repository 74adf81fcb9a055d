#pragma once
// Playing moves and deciding the end of a jump chess game (docs/rules/jumpchess.md).
#include <cstdint>

#include "jumpchess/movegen.hpp"
#include "jumpchess/state.hpp"

namespace gamelab::jumpchess {

// The successor of `state` after the legal move `move` (copy-make, hash updated incrementally). The
// mover's move count goes up by one, for a pass too.
State play(const State& state, const Move& move);

// Score = the number of a side's pieces in its own target region.
int score(const State& state, Color c);

// Whether `c` has pieces and every one of them stands in its target region.
bool all_in_target(const State& state, Color c);

// The end rules, looked at in every position (whoever moved last, and a position read from a file too):
//  - a side that still has pieces has every one of them in its target region, or
//  - each side has made kMoveLimit moves.
// A side without pieces does not end the game (it passes; the other side plays on).
bool ends_before_moves(const State& state);

enum class Outcome : std::uint8_t { Ongoing, BlackWins, WhiteWins, Draw };
enum class EndReason : std::uint8_t { None, BlackInTarget, WhiteInTarget, BothInTarget, MoveLimit };

struct Result {
  Outcome outcome = Outcome::Ongoing;
  EndReason reason = EndReason::None;
  int black_score = 0;  // the scores of the position (also while the game goes on)
  int white_score = 0;
  bool over() const { return outcome != Outcome::Ongoing; }
};

// When the game is over: the higher score wins, equal scores draw.
Result result(const State& state);

const char* to_string(Outcome outcome);
const char* to_string(EndReason reason);

}  // namespace gamelab::jumpchess
