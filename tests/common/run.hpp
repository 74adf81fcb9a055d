#pragma once
// Running a command line through the shell from a test, as a user would: its exit code, what it
// printed and how long it took. `run(ARGS)` runs the gamelab binary (GAMELAB_BINARY) with ARGS.
#include <sys/wait.h>

#include <array>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <string>

namespace gamelab_test {

struct Run {
  int status = 0;      // the exit code; -1 when the command did not exit by itself
  std::string output;  // standard output, and standard error too unless it was discarded
  double seconds = 0;  // wall time, start to exit
};

// What becomes of the command's standard error.
enum class Stderr { Merge, Discard };

// Runs `command` through the shell and collects what it prints (REQUIREs that it started).
inline Run run_command(const std::string& command, Stderr err = Stderr::Merge) {
  const auto start = std::chrono::steady_clock::now();
  const std::string line = command + (err == Stderr::Merge ? " 2>&1" : " 2>/dev/null");
  FILE* pipe = ::popen(line.c_str(), "r");
  REQUIRE(pipe != nullptr);
  Run run;
  std::array<char, 4096> buffer;
  std::size_t n;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) run.output.append(buffer.data(), n);
  const int status = ::pclose(pipe);
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return run;
}

// Runs `gamelab ARGS`.
inline Run run(const std::string& args, Stderr err = Stderr::Merge) {
  return run_command(std::string(GAMELAB_BINARY) + " " + args, err);
}

}  // namespace gamelab_test
