#pragma once
// The committed board suites (datasets/boards/GAME/*.txt) that the games' tests play on.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace gamelab_test {

// The folder of `game`'s suite.
inline std::string suite_dir(const std::string& game) { return std::string(GAMELAB_DATA_DIR) + "/boards/" + game; }

// The paths of `game`'s suite files, sorted.
inline std::vector<std::string> suite_files(const std::string& game) {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(suite_dir(game))) {
    if (entry.path().extension() == ".txt") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace gamelab_test
