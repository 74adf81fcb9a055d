#pragma once
// A long-running child spoken to line by line: requests written to its standard input, answers read
// from its standard output one line at a time, each read with a wall-clock limit (a bot that keeps its
// state for a whole game, e.g. the Dog-Cat-Mouse-cheeSe line protocol). Started without a shell in its
// own process group; its standard error is drained while we wait (so it can never block on a full
// pipe) and its first 64 KiB kept. Destroying the object kills the whole group: no child outlives its
// owner. Not copyable. (process.hpp has the one-shot run_process and ChildProcess, whose output goes
// to a file.)
#include <string>
#include <vector>

#include "core/group_child.hpp"

namespace gamelab {

class PipedProcess {
 public:
  enum class Read { Line, Timeout, Closed };

  explicit PipedProcess(const std::vector<std::string>& argv);
  ~PipedProcess();
  PipedProcess(const PipedProcess&) = delete;
  PipedProcess& operator=(const PipedProcess&) = delete;

  bool started() const { return child_.started(); }  // false: it could not be executed (error() says why)
  const std::string& error() const { return child_.error(); }

  // Writes `text` to its standard input within limit_s; false if it no longer reads it (exited or
  // closed it) or the pipe stayed full until the limit.
  bool write(const std::string& text, double limit_s);
  // The next complete line of its standard output (without the '\n' and a '\r' before it), waiting
  // at most limit_s. Closed: its standard output ended (it exited or closed it) before a full line;
  // a last line without '\n' is still returned first. A line longer than max_line bytes is cut there.
  Read read_line(std::string& line, double limit_s, std::size_t max_line = 1 << 16);

  // Closes its standard input (a polite end), waits up to grace_s for it to exit, then kills the group.
  void finish(double grace_s);
  void kill();  // SIGKILL to the whole group, then reaps it
  // How it ended: "running", "exit code N", "signal N", "killed", or why it could not start.
  std::string status_text() { return child_.status_text(); }
  const std::string& err() const { return err_; }  // standard error so far (the first 64 KiB)

 private:
  void drain_err();
  GroupChild child_;
  int in_fd_ = -1, out_fd_ = -1, err_fd_ = -1;
  std::string pending_;  // stdout read but not yet returned as lines
  std::string err_;
};

}  // namespace gamelab
