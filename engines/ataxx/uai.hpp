#pragma once
// The Ataxx release bot's side of UAI (docs/rules/ataxx.md §8), the field's Ataxx form of chess's UCI,
// over any pair of streams so that the tests drive it in-process. Commands are read on the caller's
// thread and a `go` searches on a worker thread, so that `stop`, `isready` and `quit` are answered
// while it runs. Bad input of any kind is answered with an `info string` naming it and otherwise
// ignored: a bot that dies or hangs on a referee's mistake loses the game, one that says so does not.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "ataxx/game.hpp"
#include "core/embedded_eval.hpp"
#include "core/limits.hpp"
#include "core/params.hpp"
#include "search/alphabeta.hpp"

namespace gamelab::ataxx {

// The time manager (a clock folded into a movetime) is the lab's: clock_movetime_ms in core/limits.hpp.

// A `go` line read: the search's limits (a clock folded into movetime), and whether it searches until
// `stop` (`go infinite`, or a `go` with no limit at all, as in UCI). Depth and node limits alone search
// from a cleared table (the same answer every time); timed searches keep it from move to move.
struct GoRequest {
  SearchLimits limits;
  bool infinite = false;
};
// Reads `go`'s tokens (tokens[0] == "go") for the side to move: x is libataxx's Black and reads
// btime/binc, o reads wtime/winc (cuteataxx). An unreadable token is named in `problem`, and skipped.
GoRequest read_go(const std::vector<std::string>& tokens, Color side, std::string& problem);

class UaiEngine {
 public:
  static constexpr int kDefaultHashMb = 16, kMaxHashMb = 1024;

  // Plays `params` (the release's frozen set, else the defaults) with `eval`, the release's learned
  // evaluation when it has one (empty: the hand-made evaluation alone; its views, the bot's compiled-in
  // bytes, outlive the engine); writes every line to `out`, flushed.
  UaiEngine(ParamSet params, std::ostream& out, learned::EmbeddedEval eval = {});
  ~UaiEngine();  // stops a running search and waits for it
  UaiEngine(const UaiEngine&) = delete;
  UaiEngine& operator=(const UaiEngine&) = delete;

  // Reads commands until `quit` or the end of `in`; 0, the exit code.
  int run(std::istream& in);
  // One command line; false after `quit`.
  bool command(const std::string& line);
  // Waits up to limit_s for a running search's `bestmove`; true when none runs any more (a test may
  // then read `out`).
  bool wait_search(double limit_s);
  const ParamSet& params() const { return params_; }

 private:
  void say(const std::string& line);  // one line, under out_mutex_, flushed
  void list_options();
  void set_option(const std::vector<std::string>& tokens);
  void set_position(const std::vector<std::string>& tokens);
  void go(const std::vector<std::string>& tokens);
  void search(State root, GoRequest request, std::chrono::steady_clock::time_point received);
  void stop_search();                 // sets the flag, waits for the worker (its bestmove is out)
  search::AlphaBeta<Game>& engine();  // built anew after setoption, else kept (its table too)

  ParamSet params_;
  learned::EmbeddedEval eval_;  // put on every engine built (search/embedded_eval.hpp)
  int hash_mb_ = kDefaultHashMb;
  std::ostream& out_;
  std::mutex out_mutex_;
  // The position alone, no game history: `position fen F` and moves that reach F are searched alike
  // (cuteataxx sends FENs only, and Ataxx has no repetition rule).
  State position_ = start_position();
  std::unique_ptr<search::AlphaBeta<Game>> engine_;
  bool engine_stale_ = true;
  std::atomic<bool> stop_{false};
  std::thread worker_;
  bool searching_ = false;  // under out_mutex_: a bestmove is still to come
  std::condition_variable searched_;
};

}  // namespace gamelab::ataxx
