#include "eval/report/watch.hpp"

#include <signal.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <ctime>
#include <filesystem>
#include <thread>

#include "core/error.hpp"

namespace gamelab::eval::report {

namespace {

namespace fs = std::filesystem;

volatile std::sig_atomic_t stop_signal = 0;

extern "C" void on_stop_signal(int signal) { stop_signal = signal; }

// SIGINT and SIGTERM set stop_signal while the watch runs; the handlers before it come back after.
class StopSignals {
 public:
  StopSignals() {
    stop_signal = 0;
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGINT, &action, &old_int_);
    ::sigaction(SIGTERM, &action, &old_term_);
  }
  ~StopSignals() {
    ::sigaction(SIGINT, &old_int_, nullptr);
    ::sigaction(SIGTERM, &old_term_, nullptr);
  }
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
};

// "2026-11-28 07:16:45 UTC": the local time, as the person watching reads a clock.
std::string clock_text() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  ::localtime_r(&now, &local);
  char text[64];
  return std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S %Z", &local) ? text : "?";
}

std::string signal_name(int signal) { return signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "a signal"; }

// Sleeps `seconds`, or less when a stop signal comes.
void sleep_unless_stopped(int seconds) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (stop_signal == 0 && std::chrono::steady_clock::now() < end) std::this_thread::sleep_for(std::chrono::milliseconds(100));
}

void file_line(const fs::path& path, std::string& out) {
  std::error_code error;
  const auto size = fs::file_size(path, error);
  if (error) return;  // gone since it was listed (a temporary file renamed): its new name is listed too
  const auto time = fs::last_write_time(path, error);
  if (error) return;
  out += path.string() + '\t' + std::to_string(size) + '\t' + std::to_string(time.time_since_epoch().count()) + '\n';
}

}  // namespace

std::string files_state(const std::vector<std::string>& inputs, const std::string& skip) {
  std::error_code error;
  const fs::path skipped = skip.empty() ? fs::path() : fs::weakly_canonical(skip, error);
  std::string out;
  for (const auto& input : inputs) {
    const fs::path root = fs::weakly_canonical(input, error);
    if (error || !fs::is_directory(root, error)) {
      file_line(error ? fs::path(input) : root, out);
      continue;
    }
    std::vector<fs::path> files;
    fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, error), end;
    for (; !error && it != end; it.increment(error)) {
      if (!skipped.empty() && it->path() == skipped) {
        it.disable_recursion_pending();
        continue;
      }
      std::error_code kind;
      if (it->is_regular_file(kind)) files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    out += "input " + input + '\n';
    for (const auto& f : files) file_line(f, out);
  }
  return out;
}

WatchEnd watch_report(const std::vector<std::string>& inputs, const ReportOptions& options, const std::string& dir,
                      const WatchOptions& watch) {
  const auto log = [&](const std::string& line) {
    if (watch.log) watch.log(line);
  };
  const int every = std::max(1, watch.every_seconds);
  std::error_code error;
  fs::create_directories(dir, error);
  if (error) throw InputError(dir + ": cannot create the report folder (" + error.message() + ")");
  const StopSignals signals;

  // The state is taken before each build: a change during a build is seen at the next look.
  std::string state = files_state(inputs, dir);
  Document last = build_report(inputs, options);  // a bad input fails here, as without --watch
  std::string updated = clock_text();
  const auto write = [&](Document page, bool final_write, const std::string& why_ended) {
    const bool live = running(page) && !final_write;
    page.refresh_seconds = live ? every : 0;
    if (final_write) {
      page.status = "Updated at " + updated + ". The watch ended (" + why_ended + "): the page no longer reloads.";
    } else if (live) {
      page.status = "Updated at " + updated + ", watching: the page is rewritten when the campaign's files change (looked at every " +
                    std::to_string(every) + " s) and reloads itself.";
    } else {
      page.status = "Updated at " + updated + ", watching: the campaign is finished, so the page no longer reloads (it is "
                    "rewritten if its files change).";
    }
    const auto files = write_report(page, dir);
    log("updated " + files.html + " at " + updated + (live ? "" : final_write ? " (the last write)" : " (finished)"));
  };
  write(last, false, "");
  while (stop_signal == 0 && !(watch.until_done && !running(last))) {
    sleep_unless_stopped(every);
    if (stop_signal != 0) break;
    std::string now = files_state(inputs, dir);
    if (now == state) continue;
    state = std::move(now);
    try {
      last = build_report(inputs, options);
      updated = clock_text();
      write(last, false, "");
    } catch (const std::exception& e) {
      log(std::string("gamelab report: ") + e.what() + "; the page keeps its last state (read again when the files change)");
    }
  }
  const bool stopped = stop_signal != 0;
  // The last write: the files as they are now (the last good page when they cannot be read), no refresh.
  if (files_state(inputs, dir) != state) {
    try {
      last = build_report(inputs, options);
      updated = clock_text();
    } catch (const std::exception& e) {
      log(std::string("gamelab report: ") + e.what() + "; the last page is the last good one");
    }
  }
  write(last, true, stopped ? "stopped by " + signal_name(stop_signal) : "the campaign is finished");
  return stopped ? WatchEnd::Signal : WatchEnd::Finished;
}

}  // namespace gamelab::eval::report
