#pragma once
// Helpers of the tuner tests: fresh folders, file contents, running the gamelab binary.
#include <filesystem>
#include <string>

namespace tuner_test {

// A fresh, empty folder named `name` under the test's working folder.
inline std::string fresh_dir(const std::string& name) {
  std::filesystem::remove_all(name);
  return name;
}

std::string file_text(const std::string& path);
int count_lines(const std::string& path);

struct Run {
  int status;
  std::string output;
};
// Runs `gamelab ARGS` (or any command line when `raw`) and collects stdout and stderr.
Run run_gamelab(const std::string& args);
Run run_command(const std::string& command);

}  // namespace tuner_test
