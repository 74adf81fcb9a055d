#pragma once
// Move paths: the list of squares a piece visits, origin first, as the tournament sends moves
// (docs/rules/jumpchess.md: `[(r0,c0), (r1,c1), ...]`; a step has two squares; the empty path is a pass).
//
// The replayer checks any path against a position, square by square, and either returns the move and
// the resulting position or names the first square that makes the path illegal and why. It shares no
// search with the generator: it follows the one chain it is given.
#include <string>
#include <vector>

#include "jumpchess/movegen.hpp"
#include "jumpchess/state.hpp"

namespace gamelab::jumpchess {

struct Coord {
  int row = 0;
  int col = 0;
  friend bool operator==(const Coord&, const Coord&) = default;
};
using Path = std::vector<Coord>;

// The path a generated (or replayed) move keeps; empty for a pass.
Path path_of(const Move& move);

struct Replay {
  bool ok = false;
  Move move{};       // when ok: the move, with this path's chain
  State state;       // when ok: the position after the move
  int bad_square = -1;  // when not ok: index in the path of the square at fault (-1: the path as a whole)
  std::string reason;   // when not ok: e.g. "hop 2 from (2,2) to (2,4): no piece on (2,3) to hop over"
};

// Replays `path` for the side to move of `state`. Legal paths: a step (two adjacent squares, the second
// empty); a chain of 1..99 hops, each two squares in a line over a piece still on the board onto an
// empty square the chain has not visited (start included), captured enemies removed at once; the empty
// path (a pass) only when the side has no piece or no legal move. Nothing is legal once the game is over.
Replay replay_path(const State& state, const Path& path);

// replay_path() for input from users: the resulting position, or InputError "<what>: <reason>".
State play_path(const State& state, const Path& path, const std::string& what);

// The move of `state` that the generator lists for the board `path` leads to (the generator's own
// chain, which may differ from `path`); InputError "<what>: <reason>" if the path does not replay.
Move find_move(const State& state, const Path& path, const std::string& what);

}  // namespace gamelab::jumpchess
