#include "helpers.hpp"

#include <fstream>
#include <sstream>

namespace tuner_test {

std::string file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

int count_lines(const std::string& path) {
  int n = 0;
  for (char c : file_text(path)) n += c == '\n';
  return n;
}

}  // namespace tuner_test
