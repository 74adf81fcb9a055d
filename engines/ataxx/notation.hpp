#pragma once
// Ataxx's text forms (docs/rules/ataxx.md §6): the field's FEN, which is also the position file's
// one line (docs/rules/common.md §3), the UAI move text, and a diagram.
#include <optional>
#include <string>

#include "ataxx/movegen.hpp"
#include "ataxx/state.hpp"

namespace gamelab::ataxx {

// Parses `BOARD SIDE [HALFMOVE [FULLMOVE]]` strictly (§6.1); the clock defaults to 0, the fullmove
// number to 1. InputError "source:line:col: ..." with the column of the offending character.
State parse_fen(const std::string& fen, const std::string& source = "fen", int line = 1);
// All four fields, the board in its shortest form (runs of empty squares as one digit).
std::string fen_string(const State& state);

char side_char(Color side);
std::string square_text(int sq);  // "a1" .. "g7"

// "b2" (single), "a1c3" (double), "0000" (pass).
std::string move_text(const Move& move);
// The strict form of move_text, for the lab's own files: exactly what move_text writes, and a legal
// move of `state`; InputError naming `what` and the text otherwise.
Move parse_move(const std::string& text, const State& state, const std::string& what = "move");
// An external program's move, read as leniently as its meaning allows (§6.2): blanks around it,
// upper case, a single move written from-to ("a1a2"), the pass as "0000", "pass", "null" or a square
// written twice ("a1a1"). Nothing when the text is no move, or no legal move of `state`.
std::optional<Move> read_uai_move(const std::string& text, const State& state);

// The FEN line: the one line of an Ataxx position file.
std::string position_text(const State& state);
// Parses a position file's content ('#' comment lines first are allowed): one FEN line.
State parse_position_text(const std::string& text, const std::string& source);

// Seven lines, rank 7 first, each "7 x . . - . . o", then the file letters.
std::string diagram(const State& state);

}  // namespace gamelab::ataxx
