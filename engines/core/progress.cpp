#include "core/progress.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string_view>

namespace gamelab {

namespace {

constexpr double kBarRedrawSeconds = 0.1;
constexpr int kBarCells = 20;

// The file descriptor behind one of the standard streams, or -1 (a file or string stream is never a
// terminal).
int stream_fd(const std::ostream& out) {
  if (&out == &std::cerr || &out == &std::clog) return STDERR_FILENO;
  if (&out == &std::cout) return STDOUT_FILENO;
  return -1;
}

bool utf8_locale() {
  for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
    const char* value = std::getenv(name);
    if (!value || !*value) continue;
    const std::string_view v(value);
    return v.find("UTF-8") != std::string_view::npos || v.find("utf8") != std::string_view::npos ||
           v.find("utf-8") != std::string_view::npos || v.find("UTF8") != std::string_view::npos;
  }
  return false;
}

int terminal_width(const std::ostream& out) {
  const int fd = stream_fd(out);
  winsize size{};
  if (fd >= 0 && ::ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  if (const char* columns = std::getenv("COLUMNS")) {
    const int c = std::atoi(columns);
    if (c > 0) return c;
  }
  return 80;
}

// Cuts `text` to `columns` characters as a terminal shows them (UTF-8: one per code point).
std::string cut_to_width(const std::string& text, int columns) {
  int shown = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool continuation = (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80;
    if (!continuation && shown++ == columns) return text.substr(0, i);
  }
  return text;
}

double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

std::string progress_duration(double seconds) {
  if (!(seconds >= 0) || seconds > 1e8) return "?";
  const long s = std::lround(seconds);
  char buffer[32];
  if (s >= 3600) std::snprintf(buffer, sizeof buffer, "%ldh%02ldm", s / 3600, (s / 60) % 60);
  else std::snprintf(buffer, sizeof buffer, "%ldm%02lds", s / 60, s % 60);
  return buffer;
}

std::string progress_rate(double per_second, const std::string& unit) {
  char buffer[64];
  if (per_second >= 1 || per_second <= 0) std::snprintf(buffer, sizeof buffer, "%.1f %s/s", per_second, unit.c_str());
  else if (per_second * 60 >= 1) std::snprintf(buffer, sizeof buffer, "%.1f %s/min", per_second * 60, unit.c_str());
  else std::snprintf(buffer, sizeof buffer, "%.1f %s/h", per_second * 3600, unit.c_str());
  return buffer;
}

ProgressMode resolve_progress_mode(ProgressMode requested, std::ostream& out) {
  if (requested != ProgressMode::Auto) return requested;
  if (const char* forced = std::getenv("GAMELAB_PROGRESS"); forced && *forced) {
    const std::string_view f(forced);
    if (f == "bar") return ProgressMode::Bar;
    if (f == "lines") return ProgressMode::Lines;
    if (f == "off") return ProgressMode::Off;
  }
  const int fd = stream_fd(out);
  return fd >= 0 && ::isatty(fd) ? ProgressMode::Bar : ProgressMode::Lines;
}

Progress::Progress(std::ostream& out, ProgressOptions options)
    : out_(out), options_(std::move(options)), mode_(resolve_progress_mode(options_.mode, out)) {
  if (!options_.clock) options_.clock = steady_seconds;
  if (mode_ == ProgressMode::Bar && options_.width <= 0) options_.width = terminal_width(out);
  start_time_ = now();
  // Plain lines wait a full interval for the first one (a short run stays silent); a bar shows at once.
  if (mode_ == ProgressMode::Lines) last_output_ = start_time_;
  last_done_ = options_.start;
}

Progress::~Progress() {
  if (bar_open_) out_ << '\n' << std::flush;
}

double Progress::now() const { return options_.clock(); }

// "  12.3 games/s  left 4m10s" (or "  in 5m00s" at the end): the rate since the start and the time.
std::string Progress::timing(std::uint64_t done, double elapsed, bool final) const {
  std::string out;
  const double rate = elapsed > 0 && done > options_.start ? (done - options_.start) / elapsed : 0;
  if (rate > 0) out += "  " + progress_rate(rate, options_.unit);
  if (final) {
    out += "  in " + progress_duration(elapsed);
  } else if (options_.total > 0) {
    out += "  left " + (rate > 0 ? progress_duration((static_cast<double>(options_.total) - done) / rate) : "?");
  }
  return out;
}

std::string Progress::plain_line(std::uint64_t done, const std::string& detail, double elapsed, bool final) const {
  std::string line = options_.unit + " " + std::to_string(done);
  if (options_.total > 0) line += "/" + std::to_string(options_.total);
  if (!detail.empty()) line += "  " + detail;
  return line + timing(done, elapsed, final);
}

std::string Progress::bar_line(std::uint64_t done, const std::string& detail, double elapsed, bool final) const {
  std::string line = options_.task.empty() ? "" : options_.task + "  ";
  if (options_.total > 0) {
    const double fraction = std::clamp(static_cast<double>(done) / options_.total, 0.0, 1.0);
    const int full = static_cast<int>(fraction * kBarCells);
    const bool fancy = utf8_locale();
    std::string bar = "[";
    for (int i = 0; i < kBarCells; ++i) bar += i < full ? (fancy ? "\u2588" : "#") : (fancy ? "\u2591" : ".");
    bar += "]";
    char percent[16];
    std::snprintf(percent, sizeof percent, "%3d%%", static_cast<int>(fraction * 100));
    line += bar + " " + percent + "  ";
  }
  line += options_.unit + " " + std::to_string(done);
  if (options_.total > 0) line += "/" + std::to_string(options_.total);
  line += timing(done, elapsed, final);
  if (!detail.empty()) line += "  " + detail;
  return cut_to_width(line, std::max(options_.width - 1, 10));
}

void Progress::draw_bar(const std::string& line) {
  out_ << '\r' << line << "\x1b[K" << std::flush;
  bar_open_ = true;
}

void Progress::update(std::uint64_t done, const std::string& detail) {
  last_done_ = done;
  last_detail_ = detail;
  if (mode_ == ProgressMode::Off) return;
  const double t = now();
  if (mode_ == ProgressMode::Bar) {
    if (t - last_output_ < kBarRedrawSeconds) return;
    last_output_ = t;
    draw_bar(bar_line(done, detail, t - start_time_, false));
    return;
  }
  if (t - last_output_ < options_.line_interval_s) return;
  last_output_ = t;
  out_ << plain_line(done, detail, t - start_time_, false) << std::endl;
}

void Progress::finish(std::uint64_t done, const std::string& detail) {
  last_done_ = done;
  last_detail_ = detail;
  const double elapsed = now() - start_time_;
  if (mode_ == ProgressMode::Bar) {
    draw_bar(bar_line(done, detail, elapsed, true));
    out_ << '\n' << std::flush;
    bar_open_ = false;
  } else if (mode_ == ProgressMode::Lines && options_.final_line) {
    out_ << plain_line(done, detail, elapsed, true) << std::endl;
  }
}

void Progress::note(const std::string& text) {
  if (!bar_open_) {
    out_ << text << std::endl;
    return;
  }
  out_ << "\r\x1b[K" << text << '\n';
  draw_bar(bar_line(last_done_, last_detail_, now() - start_time_, false));
}

}  // namespace gamelab
