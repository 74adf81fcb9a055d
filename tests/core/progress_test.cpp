// The progress component: plain lines when not on a terminal (rate-limited), a bar redrawn in place,
// nothing when asked, and the figures (rate, time left) it shows.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <sstream>

#include "core/progress.hpp"

using namespace gamelab;

namespace {

// A clock the test moves by hand.
struct FakeClock {
  double t = 1000;
  std::function<double()> fn() {
    return [this] { return t; };
  }
};

ProgressOptions options(FakeClock& clock, ProgressMode mode) {
  ProgressOptions o;
  o.task = "match raichu";
  o.unit = "games";
  o.total = 100;
  o.mode = mode;
  o.clock = clock.fn();
  o.width = 200;
  return o;
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

}  // namespace

TEST_CASE("plain lines come at most once per interval, and the final line always", "[progress]") {
  FakeClock clock;
  std::ostringstream out;
  Progress progress(out, options(clock, ProgressMode::Lines));
  CHECK(progress.mode() == ProgressMode::Lines);
  clock.t += 10;
  progress.update(10, "A W-D-L 5-3-2");
  CHECK(out.str().empty());  // the first line waits a whole interval: a short run stays silent
  clock.t += 20;
  progress.update(30, "A W-D-L 15-10-5");
  CHECK(out.str() == "games 30/100  A W-D-L 15-10-5  1.0 games/s  left 1m10s\n");
  clock.t += 29;
  progress.update(40, "x");
  CHECK(count(out.str(), "\n") == 1);
  clock.t += 1;
  progress.update(60, "y");
  CHECK(count(out.str(), "\n") == 2);
  clock.t += 40;
  progress.finish(100, "done");
  CHECK_THAT(out.str(), Catch::EndsWith("games 100/100  done  1.0 games/s  in 1m40s\n"));
  CHECK(out.str().find('\r') == std::string::npos);
}

TEST_CASE("an interval of 0 prints every update — final_line false keeps finish silent", "[progress]") {
  FakeClock clock;
  std::ostringstream out;
  auto o = options(clock, ProgressMode::Lines);
  o.line_interval_s = 0;
  o.final_line = false;
  o.unit = "counts";
  o.total = 0;  // unknown total: no time left
  Progress progress(out, o);
  clock.t += 2;
  progress.update(1);
  progress.update(2);
  progress.finish(3);
  CHECK(out.str() == "counts 1  30.0 counts/min\ncounts 2  1.0 counts/s\n");
}

TEST_CASE("the rate counts only what this run did (a resumed run)", "[progress]") {
  FakeClock clock;
  std::ostringstream out;
  auto o = options(clock, ProgressMode::Lines);
  o.start = 60;
  o.line_interval_s = 0;
  Progress progress(out, o);
  clock.t += 10;
  progress.update(70);
  CHECK(out.str() == "games 70/100  1.0 games/s  left 0m30s\n");
}

TEST_CASE("a bar is redrawn in place, cut to the width, and its line ended at the finish", "[progress]") {
  setenv("LC_ALL", "C", 1);
  FakeClock clock;
  std::ostringstream out;
  auto o = options(clock, ProgressMode::Bar);
  o.width = 60;
  {
    Progress progress(out, o);
    clock.t += 10;
    progress.update(40, "strong W-D-L 20-10-10  Elo +87.5 +- 60.2  LLR 1.23");
    const std::string first = out.str();
    CHECK(first.rfind('\r', 0) == 0);
    CHECK_THAT(first, Catch::Contains("match raichu  [########............]  40%  games 40/100"));
    CHECK(first.find('\n') == std::string::npos);
    const std::string shown = first.substr(1, first.find("\x1b[K") - 1);
    CHECK(shown.size() == 59);  // one column short of the width, so the terminal never wraps
    progress.update(41, "too soon");  // within 0.1 s: not redrawn
    CHECK(out.str() == first);
    clock.t += 0.2;
    progress.note("warning: something");
    CHECK_THAT(out.str(), Catch::Contains("\r\x1b[Kwarning: something\n\r"));
    progress.finish(100, "final");
    CHECK_THAT(out.str(), Catch::Contains("[####################] 100%  games 100/100"));
    CHECK_THAT(out.str(), Catch::EndsWith("\n"));
  }
  std::ostringstream unfinished;
  {
    Progress progress(unfinished, o);
    clock.t += 1;
    progress.update(5);
  }  // an exception would unwind like this: the open bar line is ended
  CHECK_THAT(unfinished.str(), Catch::EndsWith("\n"));
  unsetenv("LC_ALL");
}

TEST_CASE("GAMELAB_PROGRESS chooses the mode — a string stream is never a terminal", "[progress]") {
  std::ostringstream out;
  unsetenv("GAMELAB_PROGRESS");
  CHECK(resolve_progress_mode(ProgressMode::Auto, out) == ProgressMode::Lines);
  CHECK(resolve_progress_mode(ProgressMode::Off, out) == ProgressMode::Off);
  setenv("GAMELAB_PROGRESS", "bar", 1);
  CHECK(resolve_progress_mode(ProgressMode::Auto, out) == ProgressMode::Bar);
  setenv("GAMELAB_PROGRESS", "off", 1);
  CHECK(resolve_progress_mode(ProgressMode::Auto, out) == ProgressMode::Off);
  FakeClock clock;
  {
    Progress progress(out, options(clock, ProgressMode::Auto));
    clock.t += 100;
    progress.update(50);
    progress.finish(100);
  }
  CHECK(out.str().empty());
  unsetenv("GAMELAB_PROGRESS");
}

TEST_CASE("rates and durations are shown in readable units", "[progress]") {
  CHECK(progress_rate(3.14, "games") == "3.1 games/s");
  CHECK(progress_rate(0.5, "iter") == "30.0 iter/min");
  CHECK(progress_rate(1.0 / 600, "iter") == "6.0 iter/h");
  CHECK(progress_duration(37) == "0m37s");
  CHECK(progress_duration(3600 * 2 + 5 * 60 + 10) == "2h05m");
  CHECK(progress_duration(-1) == "?");
}
