#include "eval/match/opening_file.hpp"

#include <nlohmann/json.hpp>
#include <sstream>

#include "core/error.hpp"
#include "core/text_file.hpp"

namespace gamelab::eval {

std::vector<std::pair<std::string, std::string>> read_opening_file(const std::string& path) {
  const std::string text = read_text_file(path);
  std::vector<std::pair<std::string, std::string>> positions;
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && text[first] == '{') {
    try {
      const nlohmann::json data = nlohmann::json::parse(text);
      int k = 0;
      for (const auto& p : data.at("positions")) {
        positions.push_back({p.get<std::string>(), path + ": positions[" + std::to_string(k++) + "]"});
      }
    } catch (const nlohmann::json::exception& e) {
      throw InputError(path + ": not an opening suite (" + e.what() + ")");
    }
    return positions;
  }
  std::istringstream in(text);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    line = line.substr(0, line.find(';'));
    const std::size_t from = line.find_first_not_of(" \t\r");
    if (from == std::string::npos || line[from] == '#') continue;
    const std::size_t to = line.find_last_not_of(" \t\r");
    positions.push_back({line.substr(from, to - from + 1), path + ":" + std::to_string(number)});
  }
  return positions;
}

}  // namespace gamelab::eval
