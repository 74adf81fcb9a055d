#include "core/piped_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

namespace gamelab {

namespace {

constexpr std::size_t kMaxErr = 65536;

double since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

int remaining_ms(std::chrono::steady_clock::time_point start, double limit_s) {
  const double left = limit_s - since(start);
  return left <= 0 ? 0 : static_cast<int>(left * 1000) + 1;
}

}  // namespace

PipedProcess::PipedProcess(const std::vector<std::string>& argv) {
  // A child that exits without reading would kill us with SIGPIPE on the next write: ignore it
  // (the write then fails with EPIPE, which write() reports). Done once, for the whole program.
  static const bool sigpipe_ignored = [] {
    ::signal(SIGPIPE, SIG_IGN);
    return true;
  }();
  (void)sigpipe_ignored;
  if (argv.empty()) {
    error_ = "empty command";
    return;
  }
  int in_pipe[2], out_pipe[2], err_pipe[2], exec_pipe[2];
  if (::pipe2(in_pipe, O_CLOEXEC) || ::pipe2(out_pipe, O_CLOEXEC) || ::pipe2(err_pipe, O_CLOEXEC) ||
      ::pipe2(exec_pipe, O_CLOEXEC)) {
    error_ = std::string("pipe: ") + std::strerror(errno);
    return;
  }
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) {
    error_ = std::string("fork: ") + std::strerror(errno);
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1], exec_pipe[0], exec_pipe[1]}) {
      ::close(fd);
    }
    return;
  }
  if (pid == 0) {
    ::setpgid(0, 0);
    ::dup2(in_pipe[0], 0);  // dup2 clears close-on-exec on the copies
    ::dup2(out_pipe[1], 1);
    ::dup2(err_pipe[1], 2);
    ::signal(SIGPIPE, SIG_DFL);
    ::execvp(args[0], args.data());
    const int code = errno;
    [[maybe_unused]] auto ignored = ::write(exec_pipe[1], &code, sizeof code);
    ::_exit(127);
  }
  ::setpgid(pid, pid);  // also from the parent, so a kill of the group never misses it
  pid_ = pid;
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  ::close(exec_pipe[1]);
  in_fd_ = in_pipe[1];
  out_fd_ = out_pipe[0];
  err_fd_ = err_pipe[0];
  set_nonblocking(in_fd_);
  set_nonblocking(out_fd_);
  set_nonblocking(err_fd_);
  int exec_errno = 0;
  if (::read(exec_pipe[0], &exec_errno, sizeof exec_errno) == sizeof exec_errno) {
    error_ = "cannot run '" + argv[0] + "': " + std::strerror(exec_errno);
    reap(true);
  }
  ::close(exec_pipe[0]);
  started_ = error_.empty();
}

PipedProcess::~PipedProcess() {
  kill();
  close_fd(in_fd_);
  close_fd(out_fd_);
  close_fd(err_fd_);
}

void PipedProcess::reap(bool block) {
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

void PipedProcess::drain_err() {
  if (err_fd_ < 0) return;
  char buffer[4096];
  while (true) {
    const ssize_t r = ::read(err_fd_, buffer, sizeof buffer);
    if (r > 0) {
      if (err_.size() < kMaxErr) err_.append(buffer, std::min<std::size_t>(static_cast<std::size_t>(r), kMaxErr - err_.size()));
      continue;
    }
    if (r == 0 || (errno != EAGAIN && errno != EINTR)) close_fd(err_fd_);
    return;
  }
}

bool PipedProcess::write(const std::string& text, double limit_s) {
  if (!started_ || in_fd_ < 0) return false;
  const auto start = std::chrono::steady_clock::now();
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t w = ::write(in_fd_, text.data() + done, text.size() - done);
    if (w > 0) {
      done += static_cast<std::size_t>(w);
      continue;
    }
    if (w < 0 && errno != EAGAIN && errno != EINTR) return false;  // EPIPE: it closed its input
    const int wait = remaining_ms(start, limit_s);
    if (wait == 0) return false;
    pollfd fds[2] = {{in_fd_, POLLOUT, 0}, {err_fd_, POLLIN, 0}};
    if (::poll(fds, err_fd_ >= 0 ? 2 : 1, wait) < 0 && errno != EINTR) return false;
    if (fds[1].revents) drain_err();
  }
  return true;
}

PipedProcess::Read PipedProcess::read_line(std::string& line, double limit_s, std::size_t max_line) {
  const auto start = std::chrono::steady_clock::now();
  char buffer[65536];
  while (true) {
    const std::size_t nl = pending_.find('\n');
    if (nl != std::string::npos || pending_.size() >= max_line) {
      const std::size_t cut = nl != std::string::npos ? std::min(nl, max_line) : max_line;
      line = pending_.substr(0, cut);
      pending_.erase(0, nl != std::string::npos && nl <= max_line ? nl + 1 : cut);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return Read::Line;
    }
    if (out_fd_ < 0) {
      if (!pending_.empty()) {  // a last line without its '\n'
        line.swap(pending_);
        pending_.clear();
        return Read::Line;
      }
      reap(false);
      return Read::Closed;
    }
    const int wait = remaining_ms(start, limit_s);
    if (wait == 0) return Read::Timeout;
    pollfd fds[2] = {{out_fd_, POLLIN, 0}, {err_fd_, POLLIN, 0}};
    if (::poll(fds, err_fd_ >= 0 ? 2 : 1, wait) < 0 && errno != EINTR) return Read::Closed;
    if (err_fd_ >= 0 && fds[1].revents) drain_err();
    if (!fds[0].revents) continue;
    const ssize_t r = ::read(out_fd_, buffer, sizeof buffer);
    if (r > 0) {
      pending_.append(buffer, static_cast<std::size_t>(r));
    } else if (r == 0 || (errno != EAGAIN && errno != EINTR)) {
      close_fd(out_fd_);
    }
  }
}

void PipedProcess::finish(double grace_s) {
  close_fd(in_fd_);
  const auto start = std::chrono::steady_clock::now();
  while (pid_ >= 0 && !reaped_ && since(start) < grace_s) {
    drain_err();
    reap(false);
    if (!reaped_) ::usleep(2000);
  }
  kill();
}

void PipedProcess::kill() {
  if (pid_ < 0 || group_killed_) return;
  reap(false);
  // The group too when the leader has exited by itself: a bot's own children must not outlive it.
  ::kill(-pid_, SIGKILL);
  group_killed_ = true;
  if (!reaped_) {
    killed_ = true;
    reap(true);
  }
  drain_err();
}

std::string PipedProcess::status_text() {
  if (!error_.empty()) return error_;
  reap(false);
  if (!reaped_) return "running";
  if (killed_) return "killed";
  if (WIFEXITED(status_)) return "exit code " + std::to_string(WEXITSTATUS(status_));
  if (WIFSIGNALED(status_)) return "signal " + std::to_string(WTERMSIG(status_));
  return "ended";
}

}  // namespace gamelab
