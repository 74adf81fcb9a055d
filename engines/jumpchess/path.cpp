#include "jumpchess/path.hpp"

#include <array>
#include <cstdlib>

#include "core/error.hpp"
#include "jumpchess/rules.hpp"

namespace gamelab::jumpchess {

namespace {

std::string text(const Coord& c) { return "(" + std::to_string(c.row) + "," + std::to_string(c.col) + ")"; }
const char* color_name(Color c) { return c == Black ? "Black" : "White"; }
const char* piece_name(Color c) { return c == Black ? "a black piece" : "a white piece"; }

Replay failure(int bad_square, std::string reason) {
  Replay r;
  r.bad_square = bad_square;
  r.reason = std::move(reason);
  return r;
}

}  // namespace

Path path_of(const Move& move) {
  Path path;
  if (move.is_pass()) return path;
  path.push_back({row_of(move.from), col_of(move.from)});
  if (move.kind == Move::Step) {
    path.push_back({row_of(move.to), col_of(move.to)});
    return path;
  }
  Coord at = path.back();
  for (int k = 0; k < move.hops; ++k) {
    const Direction d = move.direction(k);
    at = {at.row + 2 * kRowStep[d], at.col + 2 * kColStep[d]};
    path.push_back(at);
  }
  return path;
}

Replay replay_path(const State& state, const Path& path) {
  const Color us = state.side, them = opponent(us);
  if (ends_before_moves(state)) {
    return failure(-1, std::string("the game is over (") + to_string(result(state).reason) + "); no move is legal");
  }
  if (path.empty()) {
    MoveList moves;
    generate_moves(state, moves);
    if (!moves[0].is_pass()) {
      return failure(-1, std::string("an empty path is a pass, legal only for a side with no piece or no legal "
                                     "move; ") + color_name(us) + " has " + std::to_string(moves.size()) +
                             " legal moves");
    }
    Replay r;
    r.ok = true;
    r.move = Move::pass();
    r.state = play(state, r.move);
    return r;
  }
  for (std::size_t k = 0; k < path.size(); ++k) {
    if (!on_board(path[k].row, path[k].col)) {
      return failure(static_cast<int>(k), "square " + std::to_string(k) + " " + text(path[k]) +
                                              " is off the 8 x 8 board");
    }
  }
  const int from = square(path[0].row, path[0].col);
  if (!(state.pieces[us] & bit(from))) {
    return failure(0, "origin " + text(path[0]) + (state.pieces[them] & bit(from) ? " holds " + std::string(piece_name(them))
                                                                             : std::string(" is empty")) +
                          "; " + color_name(us) + " is to move");
  }
  if (path.size() == 1) return failure(-1, "a path of one square moves nothing; a move needs two squares or more");

  const Bitboard occupied = state.occupied();
  const int dr0 = path[1].row - path[0].row, dc0 = path[1].col - path[0].col;
  if ((dr0 == 0 || dc0 == 0) && std::abs(dr0 + dc0) == 1) {
    const int to = square(path[1].row, path[1].col);
    const std::string what = "step from " + text(path[0]) + " to " + text(path[1]);
    if (occupied & bit(to)) {
      return failure(1, what + ": " + text(path[1]) + " holds " +
                            piece_name(state.pieces[Black] & bit(to) ? Black : White));
    }
    if (path.size() > 2) {
      return failure(2, what + " is a step, and a step and hops are never combined: the path must end at " +
                            text(path[1]));
    }
    Replay r;
    r.ok = true;
    r.move = Move::step(from, to);
    r.state = play(state, r.move);
    return r;
  }

  Move move{0, 0, static_cast<std::uint8_t>(from), 0, 0, Move::Hops};
  Bitboard visited = bit(from);
  std::array<int, kSquares> captured_by{};  // square -> the hop that captured its piece (0: none)
  for (std::size_t k = 1; k < path.size(); ++k) {
    const int hop = static_cast<int>(k);
    const Coord a = path[k - 1], b = path[k];
    const auto what = [&] { return "hop " + std::to_string(hop) + " from " + text(a) + " to " + text(b); };
    if (hop > kMaxHops) {
      return failure(hop, what() + ": a move has at most " + std::to_string(kMaxHops) + " hops");
    }
    const int dr = b.row - a.row, dc = b.col - a.col;
    int d = -1;
    for (int candidate = 0; candidate < 4; ++candidate) {
      if (dr == 2 * kRowStep[candidate] && dc == 2 * kColStep[candidate]) d = candidate;
    }
    if (d < 0) {
      const bool adjacent = (dr == 0 || dc == 0) && std::abs(dr + dc) == 1;
      return failure(hop, what() + (adjacent ? " is a step, and a step and hops are never combined"
                                           : ": a hop goes exactly two squares up, down, left or right"));
    }
    const Coord over{a.row + kRowStep[d], a.col + kColStep[d]};
    const int over_sq = square(over.row, over.col), land = square(b.row, b.col);
    if (!(occupied & ~move.captured & bit(over_sq))) {
      std::string reason = what() + ": no piece on " + text(over) + " to hop over";
      if (captured_by[over_sq]) {
        reason += std::string(" (the ") + (them == Black ? "black" : "white") + " piece there was captured by hop " +
                  std::to_string(captured_by[over_sq]) + " of this chain)";
      }
      return failure(hop, reason);
    }
    if (visited & bit(land)) {
      int when = 0;
      for (std::size_t j = 1; j < k; ++j) {
        if (path[j] == b) when = static_cast<int>(j);
      }
      return failure(hop, what() + ": " + text(b) + " was already visited by this chain (" +
                              (when == 0 ? std::string("it is the start square") : "after hop " + std::to_string(when)) +
                              "); no square is visited twice");
    }
    if (occupied & bit(land)) {
      return failure(hop, what() + ": " + text(b) + " holds " +
                              piece_name(state.pieces[Black] & bit(land) ? Black : White));
    }
    if (state.pieces[them] & bit(over_sq)) {
      move.captured |= bit(over_sq);
      captured_by[over_sq] = hop;
    }
    // A chain that got this far has visited `hop` + 1 distinct squares of one parity class (at most 16),
    // so hop <= kMaxChainHops and the shift stays inside the 32 bits.
    move.dirs |= static_cast<std::uint32_t>(d) << (2 * (hop - 1));
    visited |= bit(land);
  }
  move.to = static_cast<std::uint8_t>(square(path.back().row, path.back().col));
  move.hops = static_cast<std::uint8_t>(path.size() - 1);
  Replay r;
  r.ok = true;
  r.move = move;
  r.state = play(state, move);
  return r;
}

State play_path(const State& state, const Path& path, const std::string& what) {
  Replay r = replay_path(state, path);
  if (!r.ok) throw InputError(what + ": " + r.reason);
  return r.state;
}

Move find_move(const State& state, const Path& path, const std::string& what) {
  const Replay r = replay_path(state, path);
  if (!r.ok) throw InputError(what + ": " + r.reason);
  MoveList moves;
  generate_moves(state, moves);
  for (const Move& move : moves) {
    if (same_result(move, r.move)) return move;
  }
  // Unreachable while generator and replayer agree; the tests check that they do.
  throw InputError(what + ": the path replays but the generator has no move to the same board");
}

}  // namespace gamelab::jumpchess
