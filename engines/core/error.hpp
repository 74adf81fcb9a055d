#pragma once
// Errors caused by what a user handed in (a board, a file, a flag). The message names the input and
// what was expected; the command line prints it and exits non-zero.
#include <cstdio>
#include <stdexcept>
#include <string>

namespace gamelab {

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

// A character as an error message names it: 'x' when printable, else "byte 0x1b".
inline std::string printable(char ch) {
  if (ch >= 32 && ch < 127) return std::string("'") + ch + "'";
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "byte 0x%02x", static_cast<unsigned char>(ch));
  return buffer;
}

}  // namespace gamelab
