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

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

int remaining_ms(std::chrono::steady_clock::time_point start, double limit_s) {
  const double left = limit_s - seconds_since(start);
  return left <= 0 ? 0 : static_cast<int>(left * 1000) + 1;
}

}  // namespace

PipedProcess::PipedProcess(const std::vector<std::string>& argv) {
  ignore_sigpipe();  // a child that exits without reading: our next write fails with EPIPE
  if (argv.empty()) {
    child_.set_error("empty command");
    return;
  }
  int in_pipe[2], out_pipe[2], err_pipe[2];
  if (::pipe2(in_pipe, O_CLOEXEC) || ::pipe2(out_pipe, O_CLOEXEC) || ::pipe2(err_pipe, O_CLOEXEC)) {
    child_.set_error(std::string("pipe: ") + std::strerror(errno));
    return;
  }
  child_.start(argv, in_pipe[0], out_pipe[1], err_pipe[1]);
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  in_fd_ = in_pipe[1];
  out_fd_ = out_pipe[0];
  err_fd_ = err_pipe[0];
  set_nonblocking(in_fd_);
  set_nonblocking(out_fd_);
  set_nonblocking(err_fd_);
}

PipedProcess::~PipedProcess() {
  kill();
  close_fd(in_fd_);
  close_fd(out_fd_);
  close_fd(err_fd_);
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
  if (!started() || in_fd_ < 0) return false;
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
      child_.reap(false);
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
  while (child_.running() && seconds_since(start) < grace_s) {
    drain_err();
    ::usleep(2000);
  }
  kill();
}

void PipedProcess::kill() {
  child_.kill();
  drain_err();
}

}  // namespace gamelab
