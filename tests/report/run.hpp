#pragma once
// Helpers of the report tests: running a command, reading a file, the fixtures' folder.
#include <string>

#include "common/run.hpp"

namespace report_test {

inline const std::string kFixtures = std::string(GAMELAB_SOURCE_DIR) + "/tests/report/fixtures/";

// Runs `command` through the shell, or the gamelab binary with `args`, and collects what it prints
// (standard output and standard error).
using gamelab_test::Run;
using gamelab_test::run_command;
inline Run run_gamelab(const std::string& args) { return gamelab_test::run(args); }

std::string file_text(const std::string& path);
int count_of(const std::string& text, const std::string& what);

}  // namespace report_test
