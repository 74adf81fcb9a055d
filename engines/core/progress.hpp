#pragma once
// The progress of a long command (a match, a tuning campaign, datagen, openings, a perft suite), one
// component for all of them.
//
// Where it goes decides how it looks:
// - a terminal (isatty on the stream's file descriptor; only std::cerr, std::clog and std::cout can be
//   one): one line redrawn in place with '\r' at most 10 times a second, cut to the terminal's width:
//     match raichu  [########............]  42%  games 84/200  3.1 games/s  left 0m37s  A W-D-L ...
//   finish() draws it a last time and ends the line, so the final state stays on the screen;
// - anything else (a log file, a pipe, a test's string stream): quiet. A plain line
//     games 84/200  A W-D-L ...  3.1 games/s  left 0m37s
//   at most every `line_interval_s` seconds (30 by default: the log of an overnight campaign gets a line
//   every half minute, a short run none), and finish() prints the final line when `final_line` is set
//   (the commands whose last progress line is their record of how the run went);
// - GAMELAB_PROGRESS=bar|lines|off overrides the choice: bar even into a pipe, plain lines even on a
//   terminal, or nothing at all.
// The rate counts only the work done since the object was made (a resumed run starts at `start`).
// Calls must not overlap: callers that update from several threads hold their own lock.
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>

namespace gamelab {

enum class ProgressMode { Auto, Bar, Lines, Off };

struct ProgressOptions {
  std::string task;             // shown before the bar, e.g. "match raichu"
  std::string unit = "games";   // what is counted, e.g. "games", "iter", "epochs"
  std::uint64_t total = 0;      // 0: unknown (no bar, no time left)
  std::uint64_t start = 0;      // already done when the command began
  double line_interval_s = 30;  // plain lines: at most one per this many seconds (0: every update)
  bool final_line = true;       // plain lines: finish() prints the last state
  ProgressMode mode = ProgressMode::Auto;
  std::function<double()> clock;  // seconds; default: a steady clock (tests pass their own)
  int width = 0;                  // bar: the terminal's columns; 0: ask the terminal (then COLUMNS, then 80)
};

// The mode Auto resolves to for `out`: GAMELAB_PROGRESS if set, else Bar on a terminal and Lines
// otherwise. An explicit mode is returned unchanged.
ProgressMode resolve_progress_mode(ProgressMode requested, std::ostream& out);

class Progress {
 public:
  Progress(std::ostream& out, ProgressOptions options);
  ~Progress();  // ends a bar line left open (an exception unwound past finish)
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // `done` units of `total` finished; `detail` is the command's own figures (W-D-L, errors, ...).
  void update(std::uint64_t done, const std::string& detail = "");
  // The last state, always shown (a bar) or printed when final_line is set (plain lines).
  void finish(std::uint64_t done, const std::string& detail = "");
  // The total, when it is known only once the work has begun.
  void set_total(std::uint64_t total) { options_.total = total; }
  // A line of text that must not break the bar (a warning): printed above it.
  void note(const std::string& text);

  ProgressMode mode() const { return mode_; }

  // The two renderings, public for tests. `elapsed` is seconds since the start.
  std::string plain_line(std::uint64_t done, const std::string& detail, double elapsed, bool final) const;
  std::string bar_line(std::uint64_t done, const std::string& detail, double elapsed, bool final) const;

 private:
  double now() const;
  std::string timing(std::uint64_t done, double elapsed, bool final) const;  // the rate and the time left or taken
  void draw_bar(const std::string& line);

  std::ostream& out_;
  ProgressOptions options_;
  ProgressMode mode_;
  double start_time_ = 0;
  double last_output_ = -1e300;
  bool bar_open_ = false;  // a bar line is on the screen without its newline
  std::uint64_t last_done_ = 0;
  std::string last_detail_;
};

// "0m37s", "2h05m"; "?" for a negative or absurd time.
std::string progress_duration(double seconds);
// "3.1 games/s", "42.0 iter/min", "5.0 iter/h": the unit of time that gives a readable number.
std::string progress_rate(double per_second, const std::string& unit);

}  // namespace gamelab
