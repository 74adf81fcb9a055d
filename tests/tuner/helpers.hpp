#pragma once
// Helpers of the tuner tests: fresh folders, file contents, running the gamelab binary.
#include <filesystem>
#include <string>

#include "common/run.hpp"

namespace tuner_test {

// A fresh, empty folder named `name` under the test's working folder.
inline std::string fresh_dir(const std::string& name) {
  std::filesystem::remove_all(name);
  return name;
}

std::string file_text(const std::string& path);
int count_lines(const std::string& path);

// Runs `gamelab ARGS` (or any command line) and collects stdout and stderr.
using gamelab_test::Run;
using gamelab_test::run_command;
inline Run run_gamelab(const std::string& args) { return gamelab_test::run(args); }

}  // namespace tuner_test
