#pragma once
// Bullets positions for the learned evaluations' tests (bullets_inputs_test.cpp,
// bullets_learned_test.cpp): seeded random play on generated boards of many sizes.
#include <cstdint>
#include <vector>

#include "bullets/generator.hpp"
#include "bullets/rules.hpp"
#include "core/rng.hpp"

namespace bullets_train_test {

namespace bl = gamelab::bullets;

// Positions in play from seeded random play on generated boards, most of the tournament's sizes
// (15-50 x 20-50), some smaller, where the window reaches past the board; a few walls added out of
// symmetry, so that the turn of a position is another board.
inline std::vector<bl::State> random_play_positions(int count, std::uint64_t seed) {
  gamelab::Rng rng(seed);
  std::vector<bl::State> out;
  while (static_cast<int>(out.size()) < count) {
    const bool small = rng.below(4) == 0;
    const int rows = small ? 5 + static_cast<int>(rng.below(10)) : 15 + static_cast<int>(rng.below(36));
    const int cols = small ? 5 + static_cast<int>(rng.below(15)) : 20 + static_cast<int>(rng.below(31));
    const int count_walls = static_cast<int>(rng.below(static_cast<std::uint64_t>(rows * cols / 4)));
    std::vector<bool> walls = bl::generate_walls(rows, cols, count_walls, rng);
    for (int extra = static_cast<int>(rng.below(6)); extra > 0; --extra) {  // the generator's are symmetric; these not
      const int r = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(rows - 2)));
      const int c = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(cols - 2)));
      if (!(r == 1 && c == 1) && !(r == rows - 2 && c == cols - 2)) walls[static_cast<std::size_t>(r * cols + c)] = true;
    }
    bl::State s = bl::start_state(bl::intern_board(rows, cols, walls), 100 + static_cast<std::uint32_t>(rng.below(1900)));
    for (int turn = 0; turn < 200 && static_cast<int>(out.size()) < count; ++turn) {
      bl::ActionList blue, red;
      bl::generate_actions(s, bl::Blue, blue);
      bl::generate_actions(s, bl::Red, red);
      const bl::State next = bl::play(s, blue[rng.below(blue.size())], red[rng.below(red.size())]);
      if (next.over()) break;
      s = next;
      if (turn % 5 == 0) out.push_back(s);
    }
  }
  return out;
}

}  // namespace bullets_train_test
