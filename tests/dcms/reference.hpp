#pragma once
// An independent Dog-Cat-Mouse-cheeSe referee written from the rule text of docs/rules/dcms.md and docs/rules/common.md, sharing
// no code with engines/dcms: it reads the position file itself, tries all 9^k direction choices of a
// side and merges them by the resulting squares, and applies the capture rule literally (rank by rank,
// each rank's removals decided together). Slow and simple on purpose; tests compare the engine with it.
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace reference_dcms {

using Placement = std::map<char, std::pair<int, int>>;  // letter -> (row, col), pieces on the board only

struct Position {
  int rows = 0, cols = 0, turn = 0;
  bool full = false;
  std::vector<std::vector<bool>> wall;
  Placement pieces;
};

Position parse(const std::string& position_file_text);

// The distinct placements of `side`'s (0 blue, 1 red) pieces after one move (all its pieces, the
// cheeSe included, other side's pieces left out).
std::vector<Placement> side_moves(const Position& p, int side);

// Both sides' pieces moved to `blue` and `red` (results of side_moves), captures, one more turn.
Position joint(const Position& p, const Placement& blue, const Placement& red);

// "" while the game goes on, else "blue", "red" or "draw".
std::string outcome(const Position& p);

std::uint64_t perft(const Position& p, int depth);

// "S 1 1, s 1 6, M 2 2, ..." in the order S s M m C c D d.
std::string pieces_text(const Position& p);

}  // namespace reference_dcms
