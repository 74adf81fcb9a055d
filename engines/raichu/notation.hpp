#pragma once
// Raichu's text forms: the tournament's board string (row-major, n*n characters of . w b W B @ $),
// the position line `N SIDE BOARD` of position files (docs/rules/common.md §3), an n-line diagram and readable moves.
#include <string>

#include "raichu/state.hpp"

namespace gamelab::raichu {

// Parses a board string for an n x n board with `side` to move. InputError naming the offending
// character and its index, row and column; a wrong length; an unsupported n; more than n pieces of a
// colour (a legal game never has more). `what` names the input in messages.
State parse_board(int n, Color side, const std::string& board, const std::string& what = "board");

// "w"/"b" (also "white"/"black"); InputError otherwise.
Color parse_side(const std::string& text, const std::string& what = "side");
// The board size from text; InputError for a non-number or an unsupported n.
int parse_board_size(const std::string& text, const std::string& what = "n");

std::string board_string(const State& state);
char side_char(Color side);

// "N SIDE BOARD", the one line of a Raichu position file.
std::string position_line(const State& state);
// Parses the content of a position file (comment lines starting with '#' first are allowed).
// Errors read "source:line:col: ...".
State parse_position_text(const std::string& text, const std::string& source);

// n lines of n characters (the board string cut into rows), each ending in '\n'.
std::string diagram(const State& state);

// "(1,0)-(3,0)", a jump "(2,1)x(3,2)-(4,3)" (the captured square after x), promotion suffix "=@"/"=$".
std::string move_text(const Move& move, const State& before);

}  // namespace gamelab::raichu
