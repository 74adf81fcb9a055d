#include "reference_rules.hpp"

#include <algorithm>
#include <set>
#include <sstream>
#include <tuple>

namespace reference_bullets {

namespace {

void delta(char dir, int& dr, int& dc) {
  dr = dir == '^' ? -1 : dir == 'v' ? 1 : 0;
  dc = dir == '<' ? -1 : dir == '>' ? 1 : 0;
}

char reversed(char dir) {
  switch (dir) {
    case '^': return 'v';
    case 'v': return '^';
    case '<': return '>';
    default: return '<';
  }
}

const char kDirs[4] = {'^', 'v', '<', '>'};  // action 0-3 and 4-7 in this order

bool is_wall(const Game& g, int r, int c) { return g.walls[r][c] == '#'; }

bool bullet_at(const Game& g, int r, int c) {
  for (const auto& b : g.bullets) {
    if (b.row == r && b.col == c) return true;
  }
  return false;
}

}  // namespace

Game from_text(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);
  while (!line.empty() && line[0] == '#') std::getline(in, line);  // comments before the first line
  int n = 0, m = 0;
  std::istringstream(line) >> n >> m;
  Game g;
  for (int r = 0; r < n; ++r) {
    std::getline(in, line);
    std::string walls(m, ' ');
    for (int c = 0; c < m; ++c) {
      const char* cell = line.c_str() + 4 * c;
      if (cell[0] == '#') walls[c] = '#';
      if (cell[0] == 'R') g.red_row = r, g.red_col = c;
      if (cell[0] == 'B') g.blue_row = r, g.blue_col = c;
      if (cell[0] == '^') g.bullets.push_back({r, c, '^'});
      if (cell[1] == 'v') g.bullets.push_back({r, c, 'v'});
      if (cell[2] == '<') g.bullets.push_back({r, c, '<'});
      if (cell[3] == '>') g.bullets.push_back({r, c, '>'});
    }
    g.walls.push_back(walls);
  }
  std::getline(in, line);
  g.round = std::stol(line);
  std::getline(in, line);  // side letter
  if (std::getline(in, line) && line.rfind("limit ", 0) == 0) g.limit = std::stol(line.substr(6));
  g.red_hit = bullet_at(g, g.red_row, g.red_col);
  g.blue_hit = bullet_at(g, g.blue_row, g.blue_col);
  return g;
}

std::vector<int> actions(const Game& g, char side) {
  const int r = side == 'R' ? g.red_row : g.blue_row;
  const int c = side == 'R' ? g.red_col : g.blue_col;
  std::vector<int> out;
  for (int a = 0; a < 4; ++a) {
    int dr, dc;
    delta(kDirs[a], dr, dc);
    if (!is_wall(g, r + dr, c + dc)) out.push_back(a);  // a move into a wall is the same as 8
  }
  for (int a = 4; a <= 8; ++a) out.push_back(a);
  return out;
}

Game play(const Game& game, int blue_action, int red_action) {
  Game g = game;
  // 1. Actions: a move changes the square (undone at a wall); a shot puts a bullet on the shooter's square.
  auto act = [&](int action, int& r, int& c) {
    if (action < 4) {
      int dr, dc;
      delta(kDirs[action], dr, dc);
      if (!is_wall(g, r + dr, c + dc)) r += dr, c += dc;
    } else if (action < 8) {
      g.bullets.push_back({r, c, kDirs[action - 4]});
    }
  };
  act(blue_action, g.blue_row, g.blue_col);
  act(red_action, g.red_row, g.red_col);
  // 2. Both on one square: both go back.
  if (g.blue_row == g.red_row && g.blue_col == g.red_col) {
    g.blue_row = game.blue_row, g.blue_col = game.blue_col;
    g.red_row = game.red_row, g.red_col = game.red_col;
  }
  // 3. Every bullet steps, or turns round in place when the square ahead is a wall.
  for (auto& b : g.bullets) {
    int dr, dc;
    delta(b.dir, dr, dc);
    if (is_wall(g, b.row + dr, b.col + dc)) {
      b.dir = reversed(b.dir);
    } else {
      b.row += dr, b.col += dc;
    }
  }
  // 4. Hits.
  g.red_hit = bullet_at(g, g.red_row, g.red_col);
  g.blue_hit = bullet_at(g, g.blue_row, g.blue_col);
  ++g.round;
  return g;
}

bool over(const Game& g) { return g.red_hit || g.blue_hit || g.round >= g.limit; }

std::string canonical(const Game& g) {
  std::set<std::tuple<int, int, char>> merged;
  for (const auto& b : g.bullets) merged.insert({b.row, b.col, b.dir});
  std::ostringstream out;
  out << "R " << g.red_row << "," << g.red_col << " B " << g.blue_row << "," << g.blue_col << " round " << g.round
      << " hit " << (g.red_hit ? "R" : "") << (g.blue_hit ? "B" : "") << " bullets:";
  for (const auto& [r, c, d] : merged) out << " " << r << "," << c << "," << d;
  return out.str();
}

unsigned long long perft(const Game& g, int depth) {
  if (depth == 0) return 1;
  if (over(g)) return 0;
  unsigned long long total = 0;
  for (int b : actions(g, 'B')) {
    for (int r : actions(g, 'R')) total += perft(play(g, b, r), depth - 1);
  }
  return total;
}

}  // namespace reference_bullets
