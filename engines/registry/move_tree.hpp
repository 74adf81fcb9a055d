#pragma once
// What `gamelab perft <game> --against CMD` (docs/tools/perft.md) needs of a game beyond its perft
// (GameEntry::tree_moves, GameEntry::canonical_move): a position's legal moves written as one token
// each (the lab's notation with its blanks taken out), the position each one leads to, and a token
// written by another program read back as the lab's token of the same move.
#include <string>
#include <vector>

namespace gamelab {

struct TreeMove {
  std::string token;  // the lab's notation without blanks, e.g. "(1,0)-(3,0)", "[(2,2),(2,4)]", "B3R8"
  std::string child;  // the position after it, in the game's position-file form (docs/rules/common.md §3)
  bool child_over = false;  // the game is over there: no moves, perft 0 at any depth >= 1
};

// `text` without its blanks (the one-token form of a move the lab prints with blanks).
inline std::string without_blanks(const std::string& text) {
  std::string out;
  for (char ch : text) {
    if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r') out += ch;
  }
  return out;
}

}  // namespace gamelab
