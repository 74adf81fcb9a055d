#pragma once
// Helpers of the tuner tests: fresh folders, file contents, running the gamelab binary.
#include <filesystem>
#include <string>

#include "common/run.hpp"

namespace tuner_test {

// A fresh, empty folder named `name` in the test's working folder, which is a temporary folder of the
// test program's own (catch_main.cpp), never the folder it was started from.
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

#ifdef GAMELAB_MPIEXEC
// `gamelab ARGS` under mpirun with `ranks` ranks (0: without mpirun), stopped after 5 minutes. As root
// mpirun needs --allow-run-as-root; --oversubscribe allows more ranks than cores.
inline Run run_ranks(int ranks, const std::string& args) {
  if (ranks == 0) return run_gamelab(args);
  return run_command("timeout 300 " + std::string(GAMELAB_MPIEXEC) + " --allow-run-as-root --oversubscribe -np " +
                     std::to_string(ranks) + " " + GAMELAB_BINARY + " " + args);
}
#endif

}  // namespace tuner_test
