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

namespace {

double since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

}  // namespace

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
  // A bot that exits without reading its input would kill us with SIGPIPE on the next write: ignore
  // the signal (writes then fail with EPIPE, which is handled). Done once, for the whole program.
  static const bool sigpipe_ignored = [] {
    ::signal(SIGPIPE, SIG_IGN);
    return true;
  }();
  (void)sigpipe_ignored;
  ProcessResult result;
  int in_pipe[2], out_pipe[2], err_pipe[2], exec_pipe[2];
  if (::pipe(in_pipe) || ::pipe(out_pipe) || ::pipe(err_pipe) || ::pipe2(exec_pipe, O_CLOEXEC)) {
    result.error = std::string("pipe: ") + std::strerror(errno);
    return result;
  }
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid < 0) {
    result.error = std::string("fork: ") + std::strerror(errno);
    return result;
  }
  if (pid == 0) {
    ::setpgid(0, 0);
    ::dup2(in_pipe[0], 0);
    ::dup2(out_pipe[1], 1);
    ::dup2(err_pipe[1], 2);
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}) ::close(fd);
    ::signal(SIGPIPE, SIG_DFL);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    const int code = errno;
    [[maybe_unused]] auto ignored = ::write(exec_pipe[1], &code, sizeof code);
    ::_exit(127);
  }
  ::setpgid(pid, pid);  // also from the parent, so the kill below never misses the group
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  ::close(exec_pipe[1]);
  int exec_errno = 0;
  if (::read(exec_pipe[0], &exec_errno, sizeof exec_errno) == sizeof exec_errno) {
    result.error = "cannot run '" + argv[0] + "': " + std::strerror(exec_errno);
  }
  ::close(exec_pipe[0]);
  result.started = result.error.empty();

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
  bool exited = false;
  int status = 0;
  while (true) {
    const double elapsed = since(start);
    if (elapsed >= limit_s) {
      result.timed_out = true;
      break;
    }
    if (out_fd < 0 && err_fd < 0) {
      // Output closed: wait for the exit, still within the limit.
      const pid_t w = ::waitpid(pid, &status, WNOHANG);
      if (w == pid) {
        exited = true;
        break;
      }
      ::usleep(1000);
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
            if (on_line) on_line(line, since(start));
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
  if (!exited) {
    ::kill(-pid, SIGKILL);
    ::waitpid(pid, &status, 0);
  }
  for (int fd : {in_fd, out_fd, err_fd}) {
    if (fd >= 0) ::close(fd);
  }
  result.seconds = since(start);
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
    error_ = "empty command";
    return;
  }
  std::string name = (std::filesystem::temp_directory_path() / "gamelab-child-XXXXXX").string();
  output_fd_ = ::mkostemp(name.data(), O_CLOEXEC);
  if (output_fd_ < 0) {
    error_ = "cannot create a temporary file for the output of '" + argv[0] + "': " + std::strerror(errno);
    return;
  }
  ::unlink(name.c_str());  // unnamed: gone with the last descriptor
  int exec_pipe[2];
  if (::pipe2(exec_pipe, O_CLOEXEC)) {
    error_ = std::string("pipe: ") + std::strerror(errno);
    return;
  }
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) {
    error_ = std::string("fork: ") + std::strerror(errno);
    ::close(exec_pipe[0]);
    ::close(exec_pipe[1]);
    return;
  }
  if (pid == 0) {
    ::setpgid(0, 0);
    const int null_fd = ::open("/dev/null", O_RDONLY);
    if (null_fd >= 0) ::dup2(null_fd, 0);
    ::dup2(output_fd_, 1);
    ::dup2(output_fd_, 2);
    ::signal(SIGPIPE, SIG_DFL);
    ::execvp(args[0], args.data());
    const int code = errno;
    [[maybe_unused]] auto ignored = ::write(exec_pipe[1], &code, sizeof code);
    ::_exit(127);
  }
  ::setpgid(pid, pid);  // also from the parent, so a kill of the group never misses it
  pid_ = pid;
  ::close(exec_pipe[1]);
  int exec_errno = 0;
  if (::read(exec_pipe[0], &exec_errno, sizeof exec_errno) == sizeof exec_errno) {
    error_ = "cannot run '" + argv[0] + "': " + std::strerror(exec_errno);
    reap(true);
  }
  ::close(exec_pipe[0]);
  started_ = error_.empty();
}

ChildProcess::~ChildProcess() {
  kill();
  if (output_fd_ >= 0) ::close(output_fd_);
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept { *this = std::move(other); }

ChildProcess& ChildProcess::operator=(ChildProcess&& other) noexcept {
  if (this != &other) {
    kill();
    if (output_fd_ >= 0) ::close(output_fd_);
    pid_ = other.pid_;
    output_fd_ = other.output_fd_;
    started_ = other.started_;
    reaped_ = other.reaped_;
    killed_ = other.killed_;
    group_killed_ = other.group_killed_;
    status_ = other.status_;
    error_ = std::move(other.error_);
    other.pid_ = -1;
    other.output_fd_ = -1;
    other.reaped_ = true;
  }
  return *this;
}

void ChildProcess::reap(bool block) {
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

bool ChildProcess::running() {
  reap(false);
  return pid_ >= 0 && !reaped_;
}

bool ChildProcess::wait_exit(double limit_s) {
  const auto start = std::chrono::steady_clock::now();
  while (running()) {
    if (since(start) >= limit_s) return false;
    ::usleep(2000);
  }
  return true;
}

void ChildProcess::kill() {
  if (pid_ < 0 || group_killed_) return;
  reap(false);
  // The group too when the leader has exited by itself: a bot's own children must not outlive it.
  ::kill(-pid_, SIGKILL);
  group_killed_ = true;
  if (!reaped_) {
    killed_ = true;
    ::kill(pid_, SIGKILL);
    reap(true);
  }
}

std::string ChildProcess::status_text() {
  if (!error_.empty()) return error_;
  if (running()) return "running";
  if (killed_) return "killed";
  if (WIFEXITED(status_)) return "exit code " + std::to_string(WEXITSTATUS(status_));
  if (WIFSIGNALED(status_)) return "signal " + std::to_string(WTERMSIG(status_));
  return "ended";
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
