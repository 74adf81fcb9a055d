#pragma once
// The openings a match plays from, read from a file in either of two forms:
// - an opening suite as `gamelab openings` writes it: JSON, {"positions": ["<position text>", ...], ...};
// - a file of positions one to a line, as the field's match runners read them (cutechess's and
//   cuteataxx's EPD/FEN books: `x5o/7/7/7/7/7/o5x x 0 1`); blank lines and lines starting with '#' are
//   skipped, and a line may end in a ';' comment (EPD's operations), which is cut off.
// A file whose first non-blank character is '{' is a suite; any other a file of lines. Each position is
// named `FILE: positions[K]` (a suite) or `FILE:LINE` (a file of lines) in messages.
#include <string>
#include <utility>
#include <vector>

namespace gamelab::eval {

// The positions and their names; InputError naming the file for an unreadable or malformed suite.
std::vector<std::pair<std::string, std::string>> read_opening_file(const std::string& path);

}  // namespace gamelab::eval
