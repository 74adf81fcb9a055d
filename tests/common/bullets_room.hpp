#pragma once
// A board folder of one small Bullets room (7 x 7, walls round the edge, red and blue in opposite
// corners, no inner walls) whose games end after `rounds` rounds: short games of a real board, for the
// tests that drive Bullets' bots through the lab (your own bot's parameters, the referee contract).
#include <filesystem>
#include <string>

#include "common/temp_folder.hpp"
#include "core/text_file.hpp"

namespace gamelab_test {

inline std::string bullets_room(const TempFolder& dir, int rounds) {
  std::string text = "7 7\n";
  for (int r = 0; r < 7; ++r) {
    for (int c = 0; c < 7; ++c) {
      const bool wall = r == 0 || r == 6 || c == 0 || c == 6;
      text += wall ? "#   " : r == 1 && c == 1 ? "R   " : r == 5 && c == 5 ? "B   " : "    ";
    }
    text += "\n";
  }
  text += "0\nR\nlimit " + std::to_string(rounds) + "\n";
  const auto folder = dir / "boards";
  std::filesystem::create_directories(folder);
  gamelab::write_file_atomic(folder / "room.txt", text);
  return folder.string();
}

}  // namespace gamelab_test
