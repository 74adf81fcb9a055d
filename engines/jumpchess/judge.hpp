#pragma once
// The lab as the tournament's judge server (docs/rules/jumpchess.md) for one external bot in one game.
//
// The judge listens on 127.0.0.1 on a port the system picks, starts the bot (no shell, its own process
// group), and waits for it to connect and send its team id. The port reaches the bot through its
// command: the words {host}, {port} and {team} in it are replaced; a command without {port} gets
// `--host 127.0.0.1 --port PORT --team TEAM` appended (the flags of the lab's release client).
// On each of the bot's turns the judge sends the request and reads the answer, every byte, within the
// bot's time limit (PlayerSpec::time_limit_s), counted from the request.
//
// Faults, each of which the referee turns into a pass for the bot, as the tournament does:
//  - Timeout: no complete answer within the limit (or no connection within the limit after start).
//    A late answer is recognised by its id_package on a later turn and thrown away. After
//    kHungAfterTimeouts timeouts in a row the bot is taken for hung and killed: it passes for the rest
//    of the game without being asked (the tournament would wait the full limit each turn; the moves
//    come out the same, the run does not crawl).
//  - Illegal: a path that does not replay (docs/rules/jumpchess.md: an invalid move), or garbage (bytes that cannot
//    be an answer, e.g. cntStep outside 0..100 or an id_package never sent). After garbage the byte
//    stream cannot be trusted to be in step again, so the bot is disconnected and passes from then on.
//  - Crash: the bot could not start, exited, or closed the connection; it passes from then on.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/process.hpp"
#include "jumpchess/movegen.hpp"
#include "jumpchess/socket.hpp"
#include "jumpchess/state.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::jumpchess {

constexpr int kHungAfterTimeouts = 3;

struct BotAnswer {
  Termination fault = Termination::Normal;  // Normal: `move` is the bot's legal move
  Move move = Move::pass();
  std::string detail;  // the fault, in words (empty when Normal)
  bool asked = true;   // false: the bot was disconnected earlier and not asked again (it passes)
};

// The command line a bot is started with (the placeholders replaced, or the flags appended).
std::vector<std::string> bot_command(const std::string& command, int port, int team);

class ExternalBot {
 public:
  // Starts the bot and waits (up to its time limit) for its connection and team id; a failure is
  // kept and reported by the first ask().
  ExternalBot(const PlayerSpec& spec, int team);
  // A client that connected by itself (`gamelab judge`, judge_server.hpp): there is no process to start
  // or kill. Waits up to spec.time_limit_s for its team id; a failure is reported by the first ask().
  ExternalBot(const PlayerSpec& spec, Socket connected);
  ~ExternalBot();
  ExternalBot(const ExternalBot&) = delete;
  ExternalBot& operator=(const ExternalBot&) = delete;

  // Whether the bot is still asked for moves (false once it crashed, sent garbage or hung).
  bool connected() const { return socket_.is_open(); }
  // The bot's move for `state`, where it is the side to move.
  BotAnswer ask(const State& state);
  // The end of the game: "exit now" (code 0), a moment to leave by itself, then its group is killed.
  void finish();
  // The team id the bot sent (-1 until it has sent one).
  int team() const { return team_; }

 private:
  void read_team(Deadline deadline);
  BotAnswer fault(Termination kind, const std::string& detail, bool disconnect);
  std::string crash_detail(const std::string& what);

  PlayerSpec spec_;
  std::optional<Listener> listener_;
  std::unique_ptr<ChildProcess> child_;
  Socket socket_;
  std::optional<BotAnswer> start_fault_;  // why it is not connected, reported once by ask()
  int next_id_ = 1;
  int team_ = -1;
  int timeouts_in_a_row_ = 0;
};

}  // namespace gamelab::jumpchess
