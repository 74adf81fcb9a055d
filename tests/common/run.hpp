#pragma once
// Running a command line through the shell from a test, as a user would: its exit code, what it
// printed and how long it took. `run(ARGS)` runs the gamelab binary (GAMELAB_BINARY) with ARGS.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

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

// Starts `gamelab ARGS` (split at blanks, no shell) as a child process, its output discarded, for a
// test that kills it midway; the caller waits for it.
inline pid_t start_gamelab(const std::string& args) {
  std::vector<std::string> words = {GAMELAB_BINARY};
  std::istringstream in(args);
  for (std::string w; in >> w;) words.push_back(w);
  const pid_t child = ::fork();
  if (child == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 1);
    ::dup2(null, 2);
    std::vector<char*> argv;
    for (auto& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  return child;
}

}  // namespace gamelab_test
