#pragma once
// One child process started without a shell in its own process group: what every way of running a
// bot shares (process.hpp's run_process and ChildProcess, piped_process.hpp's PipedProcess). Killing
// it kills the whole group, so a bot's own children never outlive it; destroying the object kills it.
#include <chrono>
#include <string>
#include <vector>

namespace gamelab {

class GroupChild {
 public:
  GroupChild() = default;
  ~GroupChild() { kill(); }
  GroupChild(GroupChild&& other) noexcept { *this = std::move(other); }
  GroupChild& operator=(GroupChild&& other) noexcept;
  GroupChild(const GroupChild&) = delete;
  GroupChild& operator=(const GroupChild&) = delete;

  // Starts argv[0] (searched in PATH) with argv[1..], the descriptors as its standard input, output
  // and error. Leading words NAME=VALUE are environment assignments, as in a shell's
  // `NAME=VALUE program args`: the program is the first word after them, and it runs with this
  // process's environment plus (or overriding) those variables. So `GAMELAB_NODES=3000 python3 bot.py`
  // works without a shell (and `env NAME=VALUE ...` too).
  // The caller's own descriptors should be close-on-exec so that no other child inherits
  // them. False if it could not be executed: error() says why (execvp's error, reported through a
  // close-on-exec pipe, so a missing program is told apart from a program exiting with 127).
  bool start(const std::vector<std::string>& argv, int in_fd, int out_fd, int err_fd);

  bool started() const { return started_; }
  const std::string& error() const { return error_; }
  void set_error(std::string error) { error_ = std::move(error); }

  void reap(bool block);  // collects its exit status once it has exited (block: waits for it)
  bool running();         // started, not exited yet (reaps it when it has)
  bool reaped() const { return reaped_; }
  int wait_status() const { return status_; }  // waitpid's status, once reaped
  void kill();            // SIGKILL to the whole group (once), then reaps the child
  bool killed() const { return killed_; }  // by kill(), before it exited by itself
  // How it ended: "running", "exit code N", "signal N", "killed", or why it could not start.
  std::string status_text();

 private:
  int pid_ = -1;
  bool started_ = false, reaped_ = false, killed_ = false;
  bool group_killed_ = false;  // the group has had its SIGKILL (sent once: a reaped group's id may be reused)
  int status_ = 0;
  std::string error_;
};

// Makes a write to a pipe whose reader has gone fail with EPIPE instead of killing this program with
// SIGPIPE. Idempotent; called by everything that feeds a child's standard input.
void ignore_sigpipe();

// How many words at the start of `argv` are environment assignments NAME=VALUE (NAME a letter or '_'
// followed by letters, digits and '_').
std::size_t leading_assignments(const std::vector<std::string>& argv);

// Seconds from `start` to now (steady clock): the time a child has had.
double seconds_since(std::chrono::steady_clock::time_point start);

// Puts a pipe's end in non-blocking mode (the readers poll every pipe of a child).
void set_nonblocking(int fd);

}  // namespace gamelab
