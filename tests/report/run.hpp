#pragma once
// Helpers of the report tests: running a command, reading a file, the fixtures' folder.
#include <string>

namespace report_test {

inline const std::string kFixtures = std::string(GAMELAB_SOURCE_DIR) + "/tests/report/fixtures/";

struct Run {
  int status = 0;
  std::string output;  // standard output and standard error
};
// Runs `command` through the shell and collects what it prints.
Run run_command(const std::string& command);
// Runs the gamelab binary with `args`.
Run run_gamelab(const std::string& args);

std::string file_text(const std::string& path);
int count_of(const std::string& text, const std::string& what);

}  // namespace report_test
