#pragma once
// Errors caused by what a user handed in (a board, a file, a flag). The message names the input and
// what was expected; the command line prints it and exits non-zero.
#include <stdexcept>
#include <string>

namespace gamelab {

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace gamelab
