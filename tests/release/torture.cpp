#include "torture.hpp"

#include <cstdio>

namespace gamelab::testing {

namespace {

constexpr std::size_t kProblemsKept = 10;

std::string how_it_ended(const ProcessResult& run) {
  if (!run.started) return "could not start: " + run.error;
  if (run.timed_out) return "still running at the limit and the grace: killed";
  if (run.signaled) return "crashed (killed by a signal); stderr: " + run.err;
  if (run.exit_code != 0) return "exit code " + std::to_string(run.exit_code) + "; stderr: " + run.err;
  return "";
}

}  // namespace

TortureStats run_torture(const std::vector<TortureCase>& cases, double limit_s, double grace_s, const TortureJudge& judge) {
  TortureStats stats;
  for (const TortureCase& c : cases) {
    std::vector<TimedLine> lines;
    const ProcessResult run = run_process(c.argv, c.input, limit_s + grace_s, [&](const std::string& line, double seconds) {
      lines.push_back({line, seconds});
    });
    ++stats.runs;
    if (run.seconds > stats.max_seconds) {
      stats.max_seconds = run.seconds;
      stats.slowest = c.name;
    }
    if (!lines.empty() && lines.front().seconds > stats.max_first_line) stats.max_first_line = lines.front().seconds;
    std::string problem = how_it_ended(run);
    if (problem.empty() && run.seconds > limit_s) {
      char text[96];
      std::snprintf(text, sizeof text, "late: exited after %.3f s, the limit is %.3f s", run.seconds, limit_s);
      problem = text;
    }
    if (problem.empty()) problem = judge(c, run, lines);
    if (problem.empty()) continue;
    ++stats.failures;
    if (stats.problems.size() < kProblemsKept) stats.problems.push_back(c.name + ": " + problem);
  }
  return stats;
}

std::string TortureStats::summary(const std::string& bot) const {
  char text[256];
  std::snprintf(text, sizeof text, "%s torture: %d runs, %d failures, slowest %.3f s (%s), latest first line %.3f s", bot.c_str(),
                runs, failures, max_seconds, slowest.c_str(), max_first_line);
  std::string out = text;
  for (const auto& p : problems) out += "\n  " + p;
  return out;
}

}  // namespace gamelab::testing
