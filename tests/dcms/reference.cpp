#include "reference.hpp"

#include <set>
#include <sstream>

namespace reference_dcms {

namespace {

int side_of(char letter) { return (letter >= 'A' && letter <= 'Z') ? 0 : 1; }
int rank_of(char letter) {
  switch (letter) {
    case 'S': case 's': return 0;
    case 'M': case 'm': return 1;
    case 'C': case 'c': return 2;
    default: return 3;  // D d
  }
}

// Numpad: 7 8 9 / 4 5 6 / 1 2 3, up = row - 1.
std::pair<int, int> step(int digit) {
  const int dr = digit >= 7 ? -1 : (digit <= 3 ? 1 : 0);
  const int dc = (digit % 3 == 1) ? -1 : (digit % 3 == 0 ? 1 : 0);
  return {dr, dc};
}

}  // namespace

Position parse(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (lines.empty() && !line.empty() && line[0] == '#') continue;
    lines.push_back(line);
  }
  Position p;
  std::istringstream header(lines.at(0));
  std::string variant;
  header >> variant >> p.rows >> p.cols >> p.turn;
  p.full = variant == "full";
  for (int r = 0; r < p.rows; ++r) {
    std::vector<bool> row;
    for (int c = 0; c < p.cols; ++c) row.push_back(lines.at(1 + r).substr(4 * c, 4) == "WWWW");
    p.wall.push_back(row);
  }
  for (std::size_t k = 1 + p.rows; k < lines.size(); ++k) {
    std::istringstream piece(lines[k]);
    char letter;
    int r, c;
    if (piece >> letter >> r >> c) p.pieces[letter] = {r, c};
  }
  return p;
}

std::vector<Placement> side_moves(const Position& p, int side) {
  std::vector<char> movers;
  Placement fixed;
  for (const auto& [letter, where] : p.pieces) {
    if (side_of(letter) != side) continue;
    if (rank_of(letter) == 0) {
      fixed[letter] = where;  // the cheeSe never moves
    } else {
      movers.push_back(letter);
    }
  }
  std::set<Placement> distinct;
  int combos = 1;
  for (std::size_t i = 0; i < movers.size(); ++i) combos *= 9;
  for (int code = 0; code < combos; ++code) {
    Placement result = fixed;
    int rest = code;
    for (char letter : movers) {
      const int digit = 1 + rest % 9;
      rest /= 9;
      auto [r, c] = p.pieces.at(letter);
      const auto [dr, dc] = step(digit);
      if (!p.wall[r + dr][c + dc]) {  // into a wall: the piece stays
        r += dr;
        c += dc;
      }
      result[letter] = {r, c};
    }
    distinct.insert(result);
  }
  return {distinct.begin(), distinct.end()};
}

Position joint(const Position& p, const Placement& blue, const Placement& red) {
  Position next = p;
  next.pieces.clear();
  for (const auto& item : blue) next.pieces.insert(item);
  for (const auto& item : red) next.pieces.insert(item);
  // Captures: rank by rank from 0 up; a rank-x piece with an opponent's rank-x or rank-(x+1) piece on
  // its square is removed; a rank's removals are decided together, then applied.
  for (int x = 0; x <= 3; ++x) {
    std::vector<char> removed;
    for (const auto& [letter, where] : next.pieces) {
      if (rank_of(letter) != x) continue;
      for (const auto& [other, there] : next.pieces) {
        if (side_of(other) != side_of(letter) && there == where && (rank_of(other) == x || rank_of(other) == x + 1)) {
          removed.push_back(letter);
          break;
        }
      }
    }
    for (char letter : removed) next.pieces.erase(letter);
  }
  next.turn = p.turn + 1;
  return next;
}

std::string outcome(const Position& p) {
  const bool blue_cheese = p.pieces.count('S') > 0, red_cheese = p.pieces.count('s') > 0;
  if (!blue_cheese && !red_cheese) return "draw";
  if (!blue_cheese) return "red";
  if (!red_cheese) return "blue";
  if (p.turn >= 60) {
    int count[2] = {0, 0};
    for (const auto& item : p.pieces) ++count[side_of(item.first)];
    if (count[0] == count[1]) return "draw";
    return count[0] > count[1] ? "blue" : "red";
  }
  return "";
}

std::uint64_t perft(const Position& p, int depth) {
  if (depth == 0) return 1;
  if (!outcome(p).empty()) return 0;
  const auto blue = side_moves(p, 0);
  const auto red = side_moves(p, 1);
  std::uint64_t total = 0;
  for (const auto& b : blue) {
    for (const auto& r : red) total += perft(joint(p, b, r), depth - 1);
  }
  return total;
}

std::string pieces_text(const Position& p) {
  std::string out;
  for (const char letter : std::string("SsMmCcDd")) {
    const auto it = p.pieces.find(letter);
    if (it == p.pieces.end()) continue;
    if (!out.empty()) out += ", ";
    out += std::string(1, letter) + " " + std::to_string(it->second.first) + " " + std::to_string(it->second.second);
  }
  return out;
}

}  // namespace reference_dcms
