#pragma once
// Dog-Cat-Mouse-cheeSe text forms, in the tournament's own shapes (docs/rules/dcms.md, docs/rules/common.md):
//  - the board: r strings of c cells of exactly 4 characters, "WWWW" (wall) or four blanks;
//  - the pieces map: {'S': (3, 1), 's': (3, 9), 'M': (4, 2), 'm': None} (Python's repr of the dict the
//    tournament hands to move(); keys S s M m, then C c D d in `full`);
//  - the move string: "<letter> <digit>" pairs separated by single blanks, e.g. "M 4", "D 2 C 6 M 4";
//  - the setup answer: ((cheese_r, cheese_c), (mouse_r, mouse_c)[, (cat...), (dog...)]);
//  - the position file: a line `variant ROWS COLS TURN`, ROWS board lines, then `LETTER ROW COL` per
//    piece on the board (no piece lines: a board for the setup phase).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "dcms/actions.hpp"
#include "dcms/setup.hpp"
#include "dcms/state.hpp"

namespace gamelab::dcms {

// "mouse" / "full"; InputError naming `what` otherwise.
Variant parse_variant(const std::string& text, const std::string& what = "variant");
const char* variant_name(Variant variant);

// ---- the board ----------------------------------------------------------------------------------------

std::vector<std::string> board_rows(const Board& board);
// InputError naming `what`, the row and the cell (and its character columns) for a malformed row, a
// size outside 3..64, or a border square that is not a wall.
Board parse_board_rows(const std::vector<std::string>& rows, const std::string& what = "board");

// ---- move strings -------------------------------------------------------------------------------------

enum class MoveError : std::uint8_t {
  None,
  BadLetter,        // not one of S M C D s m c d
  OtherSidesPiece,  // blue named a lower-case piece or red an upper-case one
  Cheese,           // the cheeSe never moves
  NotInVariant,     // a Cat or Dog in the mouse variant
  CapturedPiece,    // the piece is no longer on the board
  NamedTwice,       // each piece at most once
  BadDigit,         // a direction that is not one digit 1..9, or no digit at all
  BadSpacing,       // anything but single blanks between letter and digit and between pairs
};
const char* to_string(MoveError error);

struct MoveParse {
  Action action;  // the action (merged: a step into a wall is a stay) when ok()
  MoveError error = MoveError::None;
  std::string message;  // names the character and its index, e.g. "'x' at index 0 is not a piece letter ..."
  bool ok() const { return error == MoveError::None; }
};

// Parses `side`'s move string in `state` with full validation. The empty string is legal: no piece is
// named, so every piece stays. An illegal string is reported (never thrown): the referee scores it as
// an illegal move, and that side loses.
MoveParse parse_move(const State& state, int side, std::string_view text);

// The canonical move string of an action: every movable piece of the side on the board, Dog first,
// then Cat, then Mouse, with its canonical digit (5 when it stays), e.g. "D 2 C 5 M 4". The empty
// string when the side has no movable piece left.
std::string move_text(const Action& action, int side);
// Both sides' strings, bracketed so that an empty one shows: "[D 2 C 5 M 4] [m 9]".
std::string joint_move_text(const Action& blue, const Action& red);

// ---- the pieces map ------------------------------------------------------------------------------------

std::string pieces_map_text(const State& state);
// A state in play from the board, the variant, the turns played and a pieces map. Every key of the
// variant must appear once (C c D d may also appear with None in the mouse variant); the position must
// be one a game can reach (see parse_position_text). InputError naming `what` and the index otherwise.
State parse_pieces_map(const Board& board, Variant variant, int turn, std::string_view text,
                       const std::string& what = "pieces");

// ---- the setup answer ----------------------------------------------------------------------------------

std::string placement_text(const Placement& placement);  // "((3, 1), (4, 2))"
// A tuple (or list) of (row, col) pairs; any count and any integers (the rule is checked by
// placement_problem()). InputError naming `what` and the index for text that is not such a tuple.
Placement parse_placement(std::string_view text, const std::string& what = "setup");

// ---- position files ------------------------------------------------------------------------------------

std::string position_text(const State& state);
// Parses a position file's content; errors read "source:line:col: ...". Besides the form it checks
// what every reachable position satisfies: the border is walls; no piece on a wall; no letter twice;
// no Cat or Dog in `mouse`; each cheeSe in its own half (it never moves); no two pieces left on one
// square that the capture rule would have removed; TURN at most the turn limit (60); a file without
// piece lines (setup phase) has TURN 0.
State parse_position_text(const std::string& text, const std::string& source);

// A readable diagram: the header line, then each row as 4-character cells: "####" a wall, " .  " an
// empty square, otherwise the letters standing there (blue's first, by rank).
std::string diagram(const State& state);

}  // namespace gamelab::dcms
