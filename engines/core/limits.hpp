#pragma once
// Search limits: depth, nodes, wall time, or a game clock. Any combination may be set; a search stops at
// the first one reached. Tuning and matches use depth or nodes (reproducible); release bots and matches
// at the tournament's clock use time.
#include <cstdint>
#include <optional>
#include <string>

namespace gamelab {

// A game clock as the field's match runners give it (`tc=10+0.1`: 10 s for the game, 0.1 s added after
// each move). In a match the play loop keeps each seat's time left; a search is handed the time left
// and the increment, and the time manager below makes a move's time of them.
struct GameClock {
  std::int64_t time_ms = 0;
  std::int64_t inc_ms = 0;
  bool operator==(const GameClock&) const = default;
};

struct SearchLimits {
  std::optional<int> depth;
  std::optional<std::uint64_t> nodes;
  std::optional<std::int64_t> movetime_ms;
  std::optional<GameClock> clock;

  bool any() const { return depth || nodes || movetime_ms || clock; }
  bool reproducible() const { return !movetime_ms.has_value() && !clock.has_value() && (depth || nodes); }
};

// The time manager, one for every engine of the lab and its bots: a move's hard time limit from the
// time left on its clock, the increment added after the move, and the moves to the next time control.
//   soft = (time - overhead) / moves + 0.8 inc      (moves: movestogo, at most kPlannedMoves)
//   hard = min(2 soft, (time - overhead) / 2), at least 1 ms
// The overhead is the time between the referee's clock and the search's (the pipes both ways, waking
// the process, starting the worker: the field's referees charge the wall time from writing `go` to
// reading `bestmove`). A clock without movestogo (sudden death) is spent as if kPlannedMoves were left
// (an Ataxx game lasts some 30 to 50 moves a side). The alpha-beta search starts no iteration past half
// its movetime and stops at the movetime, so hard = 2 soft makes the soft budget the point where it
// stops deepening. Half of what is left caps a move, so that a low clock settles where the increment
// pays for the moves: at 1+0.01 some 40 ms stay in reserve.
constexpr std::int64_t kMoveOverhead_ms = 20;
constexpr int kPlannedMoves = 30;
std::int64_t clock_movetime_ms(std::int64_t time_ms, std::int64_t inc_ms, int movestogo = 0);
// `limits` for one move: a clock becomes its movetime (the smaller of the two when both are given).
SearchLimits move_limits(const SearchLimits& limits);

// Parses "depth=6", "nodes=200000", "movetime=100", "tc=10+0.1" (seconds, as the field writes it) or a
// comma-separated mix ("depth=8,movetime=50"). `what` names the input in error messages (e.g. "--limit").
SearchLimits parse_limits(const std::string& text, const std::string& what);
std::string to_string(const SearchLimits& limits);
// A per-move time as the limit grammar writes it ("movetime=1500") in seconds: the time a tournament
// protocol gives a program for each move (external bots, the judge's client, the referee's players).
double movetime_seconds(const std::string& text, const std::string& what);
// The same for a movetime already read (at most an hour).
double movetime_seconds(std::int64_t movetime_ms, const std::string& what);

}  // namespace gamelab
