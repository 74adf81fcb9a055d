#pragma once
// The records files that `gamelab match` writes (JSON lines), read back by the tests.
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace gamelab_test {

// Every line of `path` parsed as JSON (none when the file cannot be read).
inline std::vector<nlohmann::json> read_records(const std::string& path) {
  std::vector<nlohmann::json> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) out.push_back(nlohmann::json::parse(line));
  return out;
}

}  // namespace gamelab_test
