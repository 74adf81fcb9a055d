#pragma once
// Jump chess text forms (docs/rules/jumpchess.md and docs/rules/common.md):
//  - the tournament's board: 8 rows of 8 values 0 (empty), 1 (black), 2 (white), separated by blanks;
//  - position files: those 8 rows, a line `black` or `white` (side to move), optionally `moves B W`;
//  - a one-line board of 64 digits, row-major (rows may be separated by '/'), for the command line;
//  - paths `[(r0,c0), (r1,c1), ...]` (the tournament's move form; `[]` is a pass);
//  - a readable diagram.
#include <string>

#include "jumpchess/path.hpp"
#include "jumpchess/rules.hpp"
#include "jumpchess/state.hpp"

namespace gamelab::jumpchess {

// "black"/"white" (also "b"/"w"); InputError naming `what` otherwise.
Color parse_side(const std::string& text, const std::string& what = "side");
const char* side_name(Color c);  // "black" or "white"

// A position from its parts, with the checks every input gets: at most 9 pieces a side, move counts at
// most 200 and in step (the side to move has made as many moves as the other side or one fewer, since
// moves alternate). InputError "<what>: ..." otherwise.
State make_position(Bitboard black, Bitboard white, Color side, int black_moves, int white_moves,
                    const std::string& what);

// The 8 board rows, each "v v v v v v v v\n".
std::string board_rows(const State& state);
// The board as 64 digits, row-major (the order the tournament sends it in).
std::string board_digits(const State& state);
// Parses 64 digits 0/1/2, optionally with '/' between rows; no moves made yet.
State parse_board_digits(const std::string& text, Color side, const std::string& what = "board");
bool looks_like_board_digits(const std::string& text);

// A position file: board rows, side line, moves line.
std::string position_text(const State& state);
// Parses a position file's content; errors read "source:line:col: ...".
State parse_position_text(const std::string& text, const std::string& source);

// The readable diagram: coordinates, b/w pieces, the side to move, move counts and scores.
std::string diagram(const State& state);

// "[(1,0), (1,2), (3,2)]"; the empty path (a pass) is "[]".
std::string path_text(const Path& path);
// A move as its path, or "pass".
std::string move_text(const Move& move);
// Parses "[(r,c), (r,c), ...]" (blanks anywhere; pairs may also be written [r,c]); only the syntax is
// checked here, legality by replay_path(). InputError "<what>: ... at column K" otherwise.
Path parse_path(const std::string& text, const std::string& what = "path");

}  // namespace gamelab::jumpchess
