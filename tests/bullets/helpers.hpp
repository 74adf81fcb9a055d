#pragma once
// Small helpers for Bullets tests: positions from one-character-per-square drawings, actions by name.
#include <array>
#include <string>
#include <vector>

#include "bullets/notation.hpp"
#include "bullets/rules.hpp"
#include "bullets/state.hpp"

namespace bullets_test {

using namespace gamelab::bullets;

// A 5 x 5 room, red in its top-left corner and blue in its bottom-right one.
inline const std::vector<std::string> kRoom = {"#######", "#R....#", "#.....#", "#.....#", "#.....#", "#....B#", "#######"};
// Red in a dead end, one bullet flying in (Red can wait and pass it head-on); Blue's shot to the left
// adds a second bullet right behind it, and then every way out is covered: Red is hit within two
// rounds whatever it does (its own shot to the right comes too late to take Blue with it).
inline const std::vector<std::string> kTrap = {"#########", "#R.<B...#", "####....#", "####....#", "#########"};

// One character per square: '#' wall, '.' empty, 'R' 'B' players, '^' 'v' '<' '>' one bullet.
// Returns the tournament's input text (4 characters per square) for it.
inline std::string tournament_text(const std::vector<std::string>& rows, std::uint32_t round = 0, char you = 'R') {
  std::string out = std::to_string(rows.size()) + " " + std::to_string(rows[0].size()) + "\n";
  for (const auto& row : rows) {
    for (char ch : row) {
      switch (ch) {
        case '#': out += "#   "; break;
        case '.': out += "    "; break;
        case 'R': out += "R   "; break;
        case 'B': out += "B   "; break;
        case '^': out += "^   "; break;
        case 'v': out += " v  "; break;
        case '<': out += "  < "; break;
        case '>': out += "   >"; break;
        default: throw std::runtime_error(std::string("bad drawing character ") + ch);
      }
    }
    out += "\n";
  }
  return out + std::to_string(round) + "\n" + you + "\n";
}

inline State drawn(const std::vector<std::string>& rows, std::uint32_t round = 0,
                   std::uint32_t limit = kDefaultRoundLimit) {
  State s = parse_position(tournament_text(rows, round) + "limit " + std::to_string(limit) + "\n", "test board").state;
  return s;
}

inline int sq(const State& s, int row, int col) { return s.board->cell(row, col); }

// The action numbers, by name, as the handout lists them.
constexpr Action kUp = 0, kDown = 1, kLeft = 2, kRight = 3, kShootUp = 4, kShootDown = 5, kShootLeft = 6,
                 kShootRight = 7, kStay = 8;
constexpr std::array<Action, 9> kEveryAction{kUp, kDown, kLeft, kRight, kShootUp, kShootDown, kShootLeft, kShootRight, kStay};

}  // namespace bullets_test
