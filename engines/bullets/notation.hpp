#pragma once
// Bullets' text forms (docs/rules/bullets.md, docs/rules/common.md).
//
// The tournament's input, exactly:
//     n m
//     n lines of m cells, each exactly 4 characters:
//        [0] ' ' | '#' wall | 'R' | 'B' | '^' bullet flying up      [1] 'v' or ' '
//        [2] '<' or ' '                                               [3] '>' or ' '
//     the round number (from 0)
//     R or B (the side the input is given to)
// A position file is the same, optionally followed by a line `limit L` (the round limit; default 2000),
// with '#' comment lines allowed before the first line.
//
// What the cell form can and cannot show (the referee's decisions, docs/rules/bullets.md §7):
//  - several bullets with the same square and direction show once; the state merges them too (no loss);
//  - a square may hold bullets in several directions ("^v<>" is one square with four bullets);
//  - a player may share its square with 'v', '<' or '>' bullets ("Rv  "): that player has been hit, so
//    such a board is a finished game, accepted as one;
//  - a player on an up-flying bullet cannot be shown (character 0 holds either): it only happens in a
//    finished game; the printer writes the player and drops the '^' (representable() says so);
//  - a wall never holds a bullet or a player, the border is all walls, there is exactly one R and one B:
//    anything else is rejected.
#include <string>

#include "bullets/rules.hpp"
#include "bullets/state.hpp"

namespace gamelab::bullets {

struct Position {
  State state;
  Side you = Red;  // the side letter of the input: who the input was given to
};

// How much of the input's form is checked. Strict (the lab's files, --board): every character; a
// missing final newline and '\r' line ends are fine. Lenient (the release bot, which loses its game by
// refusing an input): also what has one clear meaning — a board row whose trailing blanks were stripped
// (padded back with blanks: an empty cell is blanks) or that has blanks after its last cell, blanks
// around the numbers and the side letter, several blanks between n and m, the side letter in lower case.
enum class Reading { Strict, Lenient };

// Parses the tournament's input or a position file. InputError "source:line:col: ..." where it does not
// read as the rules' input (docs/rules/bullets.md §5).
Position parse_position(const std::string& text, const std::string& source, Reading reading = Reading::Strict);

// The tournament's input for `you`, byte for byte (no limit line).
std::string tournament_input(const State& state, Side you);
// The position file: the tournament's input followed by `limit L`.
std::string position_text(const State& state, Side you);

// False only if a player stands on an up-flying bullet, which the cell form cannot show (a finished
// game). Every state of an ongoing game is representable.
bool representable(const State& state);

// One character per square: '#' wall, '.' empty, 'R'/'B' players (lower case when hit), '^' 'v' '<' '>'
// one bullet, '2'..'4' that many bullets (different directions); then a line with round, limit,
// bullets and the result.
std::string diagram(const State& state);

// "R (1,1) B (13,18), round 0/2000, 0 bullets" and the result when the game is over.
std::string summary(const State& state);

// The tournament's output: the action as one integer ("0".."8").
std::string action_text(Action action);
// Parses a bot's output: one integer 0-8, blanks and line ends around it allowed. InputError otherwise.
Action parse_action(const std::string& text, const std::string& what = "action");
// A joint move as "B3 R8" (Blue's action, then Red's).
std::string joint_text(Action blue, Action red);
// A joint move as match records write it ("B3 R8", optionally followed by marks such as
// " [blue: timeout]"); `silent[side]` tells which sides the marks name. InputError naming `what`.
void parse_joint(const std::string& text, Action& blue, Action& red, bool silent[2], const std::string& what = "joint move");

// "R" / "B"; InputError otherwise.
Side parse_side(const std::string& text, const std::string& what = "side");

}  // namespace gamelab::bullets
