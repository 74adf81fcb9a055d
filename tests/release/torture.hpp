#pragma once
// The torture-test harness for release bots: every position is handed to a freshly started bot process
// exactly as its tournament would (argv and standard input), with the tournament's time limit (or a
// scaled-down one), and every run is judged: the bot must start, exit by itself with code 0 before the
// limit (it is given `grace_s` more before it is killed, so that a late answer is measured, not cut),
// never crash, and give an answer the game's judge accepts. The figures a report needs are kept: the
// slowest run, the latest first line, and the first problems found.
//
// A game's torture test supplies the cases (positions from seeded random play and from the board
// suites) and a judge; see raichu_bot_test.cpp and bullets_bot_test.cpp.
#include <functional>
#include <string>
#include <vector>

#include "core/process.hpp"

namespace gamelab::testing {

struct TortureCase {
  std::string name;               // names the position in problems
  std::vector<std::string> argv;  // the bot's command line, exactly as the tournament gives it
  std::string input;              // its standard input
};

struct TimedLine {
  std::string text;
  double seconds;  // since the process started
};

// "" when the answer is right, else what is wrong with it.
using TortureJudge = std::function<std::string(const TortureCase&, const ProcessResult&, const std::vector<TimedLine>&)>;

struct TortureStats {
  int runs = 0;
  int failures = 0;
  double max_seconds = 0;     // the slowest run, start to exit
  std::string slowest;        // its case
  double max_first_line = 0;  // the latest first line of output
  std::vector<std::string> problems;  // the first few, "case: problem"
  std::string summary(const std::string& bot) const;
};

TortureStats run_torture(const std::vector<TortureCase>& cases, double limit_s, double grace_s, const TortureJudge& judge);

}  // namespace gamelab::testing
