#pragma once
// A deliberately simple Bullets referee written straight from docs/rules/bullets.md and docs/rules/common.md, sharing no code with
// the engine: the board is a vector of strings, every bullet is an entry (row, col, direction) of a
// list and is stepped one by one, exactly as the rule text says.
#include <string>
#include <vector>

namespace reference_bullets {

struct Bullet {
  int row, col;
  char dir;  // '^' 'v' '<' '>'
};

struct Game {
  std::vector<std::string> walls;  // '#' wall, ' ' open
  int red_row = 0, red_col = 0, blue_row = 0, blue_col = 0;
  std::vector<Bullet> bullets;
  long round = 0, limit = 2000;
  bool red_hit = false, blue_hit = false;
};

// Reads the tournament's input (well-formed; no checks) and an optional `limit L` line.
Game from_text(const std::string& text);

// The side's distinct actions (docs/rules/common.md): moves not into a wall, the four shots, 8.
std::vector<int> actions(const Game& game, char side);  // side 'R' or 'B'

// One turn, the rule text's four steps in order.
Game play(const Game& game, int blue_action, int red_action);

bool over(const Game& game);

// "R r,c B r,c round N hit RB bullets: r,c,d ..." with bullets sorted and merged.
std::string canonical(const Game& game);

unsigned long long perft(const Game& game, int depth);

}  // namespace reference_bullets
