#pragma once
// Running an external program (another team's bot) safely: no shell, its own process group, a wall
// clock limit after which the whole group is killed, output captured line by line. A misbehaving bot
// (sleeping forever, printing garbage, crashing) can never hang the caller.
#include <functional>
#include <string>
#include <vector>

namespace gamelab {

struct ProcessResult {
  bool started = false;    // false: the program could not be executed (error says why)
  bool timed_out = false;  // killed at the time limit
  bool signaled = false;   // ended by a signal (other than our kill at the time limit)
  int exit_code = -1;      // when it exited by itself
  std::string out;         // standard output
  std::string err;         // standard error (at most the first 64 KiB)
  std::string error;       // why it could not start
  double seconds = 0;
};

// Runs argv[0] with arguments argv[1..], feeding `input` on standard input, for at most `limit_s`
// seconds. `on_line` (optional) sees each complete line of standard output as it arrives, with the
// time since the start. Output beyond `max_output` bytes is discarded (the process keeps running).
ProcessResult run_process(const std::vector<std::string>& argv, const std::string& input, double limit_s,
                          const std::function<void(const std::string& line, double seconds)>& on_line = {},
                          std::size_t max_output = 1 << 20);

// Splits a command line into words: blanks separate, single or double quotes group, backslash escapes.
// InputError for an unterminated quote or an empty command.
std::vector<std::string> split_command(const std::string& command);

}  // namespace gamelab
