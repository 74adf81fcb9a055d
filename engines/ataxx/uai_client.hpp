#pragma once
// The lab's side of UAI (docs/rules/ataxx.md §8): any Ataxx UAI engine driven as one persistent process,
// as the field's referee cuteataxx drives it: `uai`..`uaiok`, the options, `isready`..`readyok`,
// `uainewgame` for each game, then for each move `position fen START moves M...`, `isready` and a `go`.
// Every fault comes back as the Termination the lab records, with the engine's words for it:
//   Crash    it could not start, or it exited (or closed its output) before answering;
//   Stalled  no `uaiok` or `readyok` within the handshake limit (or no bestmove within the search
//            limit of a `go depth`/`go nodes`, where no clock runs out);
//   Timeout  no bestmove before its clock or movetime, plus the tolerance, ran out: the time loss;
//   Illegal  a bestmove that names no move, or no legal move (read leniently: read_uai_move).
// A fault kills the process (a late answer must never be read as the next one); the next new_game()
// starts it afresh.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ataxx/movegen.hpp"
#include "ataxx/state.hpp"
#include "core/limits.hpp"
#include "core/piped_process.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::ataxx {

// A game's two clocks, kept by the lab, by colour: x's is UAI's btime/binc (libataxx's Black), o's
// wtime/winc. play() takes the wall time from writing `go` to reading `bestmove` off the mover's
// clock, then adds its increment.
struct UaiClock {
  std::array<std::int64_t, 2> time_ms{};
  std::array<std::int64_t, 2> inc_ms{};
  static UaiClock of(std::int64_t time_ms, std::int64_t inc_ms) { return {{time_ms, time_ms}, {inc_ms, inc_ms}}; }
};

struct UaiClientLimits {
  double handshake_s = 5;  // each of uai..uaiok and isready..readyok
  double search_s = 60;    // a go without a clock or movetime (depth, nodes)
  // How late past its clock or movetime a bestmove still counts, for the pipes and the scheduling of
  // two processes on a loaded machine (cuteataxx's timeout_buffer is 25 ms for movetime, 0 for a clock).
  std::int64_t tolerance_ms = 25;
};

struct UaiReply {
  Termination termination = Termination::Normal;
  std::optional<Move> move;  // Normal after play(): the engine's move, legal
  std::string detail;        // a fault in words, with the engine's line or status
  double seconds = 0;        // play(): from writing go to reading bestmove
  // The last `info` line's depth, score (cp, or mate in moves) and nodes.
  int depth = 0;
  int score_cp = 0;
  int mate = 0;
  std::uint64_t nodes = 0;
  bool ok() const { return termination == Termination::Normal; }
};

class UaiClient {
 public:
  // `command`: the engine's command line (core/process.hpp split_command; InputError if empty or
  // unbalanced); `options`: setoption name/value pairs, sent after each handshake.
  UaiClient(const std::string& command, std::vector<std::pair<std::string, std::string>> options = {},
            UaiClientLimits limits = {});
  ~UaiClient();
  UaiClient(const UaiClient&) = delete;
  UaiClient& operator=(const UaiClient&) = delete;

  // Starts the engine when it is not running (at first, after a fault), then `uainewgame`, `isready`.
  UaiReply new_game();
  // Other values for the options (a tuner's next point): sent to the running engine at once when they
  // name the same options, applied from the next game; other names restart it at the next new_game().
  void set_options(std::vector<std::pair<std::string, std::string>> options);
  const std::string& command() const { return command_; }
  // The engine's move after `moves` from `start` (the lab's own record: legal), on `clock` (updated)
  // or under `limits` (movetime, depth, nodes).
  UaiReply play(const State& start, const std::vector<Move>& moves, UaiClock& clock);
  UaiReply play(const State& start, const std::vector<Move>& moves, const SearchLimits& limits);
  // `quit`, a grace period, then the process group is killed.
  void finish();
  const std::string& engine_name() const { return name_; }  // its `id name`, once started

 private:
  UaiReply start();
  UaiReply await(const std::string& expected, const std::string& after);
  UaiReply go(const State& start, const std::vector<Move>& moves, const std::string& go_line, double limit_s,
              Termination late);
  UaiReply fault(UaiReply reply, Termination termination, const std::string& detail);  // kills the process
  bool send(const std::string& line);

  std::string command_;
  std::vector<std::string> argv_;
  std::vector<std::pair<std::string, std::string>> options_;
  UaiClientLimits limits_;
  std::unique_ptr<PipedProcess> process_;
  std::string name_;
};

// A UAI engine kept running from game to game, as the field's match runners keep one process per
// engine: each thread of the match runner keeps its idle engines, and borrow_uai_engine() hands out one
// started with the same command (its options set anew) or a new client; the handle gives it back when
// the game is over. Two seats of one engine borrow two processes. A thread keeps at most kIdleUaiEngines
// idle; more are quit.
constexpr std::size_t kIdleUaiEngines = 4;
struct UaiReturn {
  void operator()(UaiClient* client) const;
};
using UaiHandle = std::unique_ptr<UaiClient, UaiReturn>;
UaiHandle borrow_uai_engine(const std::string& command, std::vector<std::pair<std::string, std::string>> options);

}  // namespace gamelab::ataxx
