#pragma once
// The lab's side of `gamelab perft <game> --against CMD` (docs/tools/perft.md), beyond the registry's
// perft: for each game, a position's legal moves written as one token each (the lab's notation with its
// blanks taken out), the position each one leads to, and a token written by another program read back
// as the lab's token of the same move. Like the registry, this is the one place above the game folders
// that includes them; apps/ reaches it by game name.
#include <functional>
#include <string>
#include <vector>

namespace gamelab::perft_against {

struct TreeMove {
  std::string token;  // the lab's notation without blanks, e.g. "(1,0)-(3,0)", "[(2,2),(2,4)]", "B3R8"
  std::string child;  // the position after it, in the game's position-file form (docs/rules/common.md §3)
  bool child_over = false;  // the game is over there: no moves, perft 0 at any depth >= 1
};

struct MoveTree {
  std::string game;
  // Every legal move (joint move) of a position-file text; empty when the game is over there. The
  // order is the generator's, the same as the registry's perft divide.
  std::function<std::vector<TreeMove>(const std::string& position_text)> moves;
  // The lab's token for the move another program wrote as `token` in that position, or "" when it is
  // no legal move there. A move has one token, but some games admit several spellings of it: any path
  // of a jump chess move (moves leading to the same board are one move), a Dog-Cat-Mouse-cheeSe or
  // Bullets step into a wall (the same action as standing still), pieces left out of a Dog-Cat-Mouse-
  // cheeSe move string (they stay).
  std::function<std::string(const std::string& position_text, const std::string& token)> canonical;
};

// The tree of the game called `name`; InputError for a game it does not know.
const MoveTree& move_tree(const std::string& name);

// `text` without its blanks (the one-token form of a move the lab prints with blanks).
std::string without_blanks(const std::string& text);

}  // namespace gamelab::perft_against
