#include "core/group_child.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>

extern char** environ;

namespace gamelab {

std::size_t leading_assignments(const std::vector<std::string>& argv) {
  std::size_t k = 0;
  for (; k < argv.size(); ++k) {
    const std::string& word = argv[k];
    const std::size_t eq = word.find('=');
    if (eq == std::string::npos || eq == 0) break;
    bool name = !std::isdigit(static_cast<unsigned char>(word[0]));
    for (std::size_t i = 0; i < eq && name; ++i) {
      name = std::isalnum(static_cast<unsigned char>(word[i])) || word[i] == '_';
    }
    if (!name) break;
  }
  return k;
}

void ignore_sigpipe() {
  static const bool done = [] {
    ::signal(SIGPIPE, SIG_IGN);
    return true;
  }();
  (void)done;
}

GroupChild& GroupChild::operator=(GroupChild&& other) noexcept {
  if (this != &other) {
    kill();
    pid_ = other.pid_;
    started_ = other.started_;
    reaped_ = other.reaped_;
    killed_ = other.killed_;
    group_killed_ = other.group_killed_;
    status_ = other.status_;
    error_ = std::move(other.error_);
    other.pid_ = -1;
    other.reaped_ = true;
  }
  return *this;
}

bool GroupChild::start(const std::vector<std::string>& argv, int in_fd, int out_fd, int err_fd) {
  // Leading NAME=VALUE words set the program's environment, as a shell's prefix assignments do; the
  // environment is built here, before fork, since the child may only call async-signal-safe functions.
  const std::size_t assigned = leading_assignments(argv);
  if (assigned == argv.size()) {
    error_ = argv.empty() ? "empty command" : "command '" + argv.back() + "' names no program, only variables";
    return false;
  }
  std::vector<std::string> environment;
  for (std::size_t k = 0; k < assigned; ++k) environment.push_back(argv[k]);
  for (char** e = environ; *e; ++e) {
    const std::string entry = *e;
    const std::string name = entry.substr(0, entry.find('='));
    bool replaced = false;
    for (std::size_t k = 0; k < assigned && !replaced; ++k) replaced = argv[k].compare(0, name.size() + 1, name + "=") == 0;
    if (!replaced) environment.push_back(entry);
  }
  std::vector<char*> envp;
  for (auto& e : environment) envp.push_back(e.data());
  envp.push_back(nullptr);
  std::vector<char*> args;
  for (std::size_t k = assigned; k < argv.size(); ++k) args.push_back(const_cast<char*>(argv[k].c_str()));
  args.push_back(nullptr);
  // posix_spawn, not fork: glibc starts the child sharing the parent's memory until the exec (no copy of
  // the page tables of a lab with its engines loaded), which is what a bot started for every move or a
  // referee started for every game pays, and it reports a failed exec as its return value. The child:
  // its own process group, the three descriptors (dup2 clears close-on-exec on the copies), SIGPIPE as
  // by default.
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  ::posix_spawn_file_actions_init(&actions);
  ::posix_spawn_file_actions_adddup2(&actions, in_fd, 0);
  ::posix_spawn_file_actions_adddup2(&actions, out_fd, 1);
  ::posix_spawn_file_actions_adddup2(&actions, err_fd, 2);
  ::posix_spawnattr_init(&attributes);
  ::posix_spawnattr_setpgroup(&attributes, 0);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  ::posix_spawnattr_setsigdefault(&attributes, &defaults);
  ::posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
  pid_t pid = -1;
  const int code = ::posix_spawnp(&pid, args[0], &actions, &attributes, args.data(), envp.data());
  ::posix_spawn_file_actions_destroy(&actions);
  ::posix_spawnattr_destroy(&attributes);
  if (code != 0) {
    error_ = "cannot run '" + argv[assigned] + "': " + std::strerror(code);
    return false;
  }
  ::setpgid(pid, pid);  // also from the parent, so a kill of the group never misses it
  pid_ = pid;
  started_ = true;
  return started_;
}

void GroupChild::reap(bool block) {
  if (pid_ < 0 || reaped_) return;
  while (true) {
    const pid_t w = ::waitpid(pid_, &status_, block ? 0 : WNOHANG);
    if (w == pid_ || (w < 0 && errno != EINTR)) {
      reaped_ = true;
      return;
    }
    if (w == 0) return;
  }
}

bool GroupChild::running() {
  reap(false);
  return pid_ >= 0 && !reaped_;
}

void GroupChild::kill() {
  if (pid_ < 0 || group_killed_) return;
  reap(false);
  // The group too when the leader has exited by itself: a bot's own children must not outlive it.
  ::kill(-pid_, SIGKILL);
  group_killed_ = true;
  if (!reaped_) {
    killed_ = true;
    ::kill(pid_, SIGKILL);  // in case it left its group
    reap(true);
  }
}

std::string GroupChild::status_text() {
  if (!error_.empty()) return error_;
  if (running()) return "running";
  if (killed_) return "killed";
  if (WIFEXITED(status_)) return "exit code " + std::to_string(WEXITSTATUS(status_));
  if (WIFSIGNALED(status_)) return "signal " + std::to_string(WTERMSIG(status_));
  return "ended";
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

}  // namespace gamelab
