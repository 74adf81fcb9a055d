#pragma once
// An external Dog-Cat-Mouse-cheeSe bot speaking the lab's line protocol (protocol.hpp): one process
// per game, started at the first request; each request gets the bot's next line within the time
// limit. A bot that misses the limit is killed and started afresh for the next request (its late
// answer must never be read as the answer to another request).
#include <memory>
#include <string>
#include <vector>

#include "core/piped_process.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::dcms {

struct BotAnswer {
  Termination termination = Termination::Normal;  // Normal: `line` is the answer; Timeout or Crash otherwise
  std::string line;
  std::string detail;  // what went wrong, for the record
  double seconds = 0;
};

class ExternalBot {
 public:
  static constexpr double kQuitGrace_s = 1.0;

  ExternalBot(const std::string& command, double time_limit_s);  // InputError for an empty or unbalanced command
  ~ExternalBot();
  ExternalBot(const ExternalBot&) = delete;
  ExternalBot& operator=(const ExternalBot&) = delete;

  BotAnswer ask(const std::string& request);
  void finish();  // "quit", a grace period, then the process group is killed

 private:
  std::vector<std::string> argv_;
  double limit_s_;
  std::unique_ptr<PipedProcess> process_;
};

}  // namespace gamelab::dcms
