#include "core/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"

namespace gamelab {

std::vector<std::string> split_command(const std::string& command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char ch = command[i];
    if (quote) {
      if (ch == quote) {
        quote = 0;
      } else if (ch == '\\' && quote == '"' && i + 1 < command.size()) {
        word += command[++i];
      } else {
        word += ch;
      }
    } else if (ch == '\'' || ch == '"') {
      quote = ch;
      in_word = true;
    } else if (ch == '\\' && i + 1 < command.size()) {
      word += command[++i];
      in_word = true;
    } else if (ch == ' ' || ch == '\t') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += ch;
      in_word = true;
    }
  }
  if (quote) throw InputError("command '" + command + "': unterminated quote");
  if (in_word) words.push_back(word);
  if (words.empty()) throw InputError("empty command");
  return words;
}

ProcessResult run_process(const std::vector<std::string>& argv, const std::string& input, double limit_s,
                          const std::function<void(const std::string&, double)>& on_line,
                          std::size_t max_output) {
  ignore_sigpipe();  // a bot that exits without reading its input: our writes fail with EPIPE
  ProcessResult result;
  int in_pipe[2], out_pipe[2], err_pipe[2];
  // Close-on-exec: a bot started at the same time by another thread must not inherit our pipes (it
  // would hold our output open after ours exits).
  if (::pipe2(in_pipe, O_CLOEXEC) || ::pipe2(out_pipe, O_CLOEXEC) || ::pipe2(err_pipe, O_CLOEXEC)) {
    result.error = std::string("pipe: ") + std::strerror(errno);
    return result;
  }
  const auto start = std::chrono::steady_clock::now();
  GroupChild child;
  child.start(argv, in_pipe[0], out_pipe[1], err_pipe[1]);
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  result.error = child.error();
  result.started = child.started();
  if (!result.started) {  // nothing runs: nothing to wait for (a command of variables only waited out its limit)
    for (int fd : {in_pipe[1], out_pipe[0], err_pipe[0]}) ::close(fd);
    result.seconds = seconds_since(start);
    result.exit_code = 127;
    return result;
  }

  // Feed standard input without ever blocking; a bot that does not read it must not hang us.
  std::size_t fed = 0;
  set_nonblocking(in_pipe[1]);
  int in_fd = in_pipe[1];
  if (input.empty()) {
    ::close(in_fd);
    in_fd = -1;
  }
  set_nonblocking(out_pipe[0]);
  set_nonblocking(err_pipe[0]);
  int out_fd = out_pipe[0], err_fd = err_pipe[0];
  std::string partial;
  char buffer[65536];
  while (true) {
    const double elapsed = seconds_since(start);
    if (elapsed >= limit_s) {
      result.timed_out = true;
      break;
    }
    if (out_fd < 0 && err_fd < 0) {
      // Output closed: wait for the exit, still within the limit.
      child.reap(false);
      if (child.reaped()) break;
      ::usleep(100);  // a program that closed its output exits at once: its end is not kept waiting
      continue;
    }
    pollfd fds[3];
    int n = 0;
    if (out_fd >= 0) fds[n++] = {out_fd, POLLIN, 0};
    if (err_fd >= 0) fds[n++] = {err_fd, POLLIN, 0};
    if (in_fd >= 0) fds[n++] = {in_fd, POLLOUT, 0};
    const int wait_ms = static_cast<int>((limit_s - elapsed) * 1000) + 1;
    if (::poll(fds, n, wait_ms) < 0 && errno != EINTR) break;
    for (int k = 0; k < n; ++k) {
      if (!fds[k].revents) continue;
      const int fd = fds[k].fd;
      if (fd == in_fd) {
        const ssize_t w = ::write(in_fd, input.data() + fed, input.size() - fed);
        if (w > 0) fed += static_cast<std::size_t>(w);
        if (w < 0 && errno != EAGAIN) fed = input.size();
        if (fed >= input.size()) {
          ::close(in_fd);
          in_fd = -1;
        }
        continue;
      }
      const ssize_t r = ::read(fd, buffer, sizeof buffer);
      if (r > 0) {
        if (fd == out_fd) {
          if (result.out.size() < max_output) result.out.append(buffer, static_cast<std::size_t>(r));
          partial.append(buffer, static_cast<std::size_t>(r));
          std::size_t nl;
          while ((nl = partial.find('\n')) != std::string::npos) {
            std::string line = partial.substr(0, nl);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            partial.erase(0, nl + 1);
            if (on_line) on_line(line, seconds_since(start));
          }
          if (partial.size() > max_output) partial.clear();
        } else if (result.err.size() < 65536) {
          result.err.append(buffer, static_cast<std::size_t>(r));
        }
      } else if (r == 0 || (errno != EAGAIN && errno != EINTR)) {
        ::close(fd);
        if (fd == out_fd) out_fd = -1;
        if (fd == err_fd) err_fd = -1;
      }
    }
  }
  child.kill();  // at the limit, or its group after it exited (a bot's children never outlive it)
  const int status = child.wait_status();
  for (int fd : {in_fd, out_fd, err_fd}) {
    if (fd >= 0) ::close(fd);
  }
  result.seconds = seconds_since(start);
  if (!result.timed_out) {
    if (WIFEXITED(status)) {
      result.exit_code = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
      result.signaled = true;
    }
  }
  if (!result.started) result.exit_code = 127;
  return result;
}

ChildProcess::ChildProcess(const std::vector<std::string>& argv) {
  if (argv.empty()) {
    child_.set_error("empty command");
    return;
  }
  std::string name = (std::filesystem::temp_directory_path() / "gamelab-child-XXXXXX").string();
  output_fd_ = ::mkostemp(name.data(), O_CLOEXEC);
  if (output_fd_ < 0) {
    child_.set_error("cannot create a temporary file for the output of '" + argv[0] + "': " + std::strerror(errno));
    return;
  }
  ::unlink(name.c_str());  // unnamed: gone with the last descriptor
  const int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  child_.start(argv, null_fd, output_fd_, output_fd_);
  if (null_fd >= 0) ::close(null_fd);
}

ChildProcess::~ChildProcess() {
  child_.kill();
  if (output_fd_ >= 0) ::close(output_fd_);
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept { *this = std::move(other); }

ChildProcess& ChildProcess::operator=(ChildProcess&& other) noexcept {
  if (this != &other) {
    child_ = std::move(other.child_);  // kills ours first
    if (output_fd_ >= 0) ::close(output_fd_);
    output_fd_ = other.output_fd_;
    other.output_fd_ = -1;
  }
  return *this;
}

bool ChildProcess::wait_exit(double limit_s) {
  const auto start = std::chrono::steady_clock::now();
  while (running()) {
    if (seconds_since(start) >= limit_s) return false;
    ::usleep(2000);
  }
  return true;
}

std::string ChildProcess::output_tail(std::size_t max_bytes) const {
  struct stat info {};
  if (output_fd_ < 0 || ::fstat(output_fd_, &info) != 0) return "";
  const auto size = static_cast<std::size_t>(info.st_size);
  const std::size_t from = size > max_bytes ? size - max_bytes : 0;
  std::string out(size - from, '\0');
  const ssize_t n = ::pread(output_fd_, out.data(), out.size(), static_cast<off_t>(from));
  out.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
  return out;
}

}  // namespace gamelab
