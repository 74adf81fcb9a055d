#pragma once
// The jump chess release client (docs/rules/jumpchess.md): a TCP client of the tournament's judge, speaking its
// protocol through protocol.hpp (the same framing the lab's judge uses):
//   connect, send the team id; then for each request (code != 0) search the board with the frozen
//   configuration and answer with a path that replays; code 0: exit.
// bot_main.cpp is its command line (`jumpchess_bot --host H --port P --team T`).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/embedded_eval.hpp"
#include "core/params.hpp"
#include "jumpchess/game.hpp"
#include "jumpchess/path.hpp"
#include "search/alphabeta.hpp"

namespace gamelab::jumpchess {

constexpr double kTournamentTimeLimit = 5;  // seconds per move; a program that exceeds it passes

// Milliseconds of search for a judge that allows `time_limit_s` per move: 60% of it less 50 ms (at
// least 1 ms). The search stops at this hard limit (checked every 256 nodes) and starts no iteration
// after half of it, so for the tournament's 5 s it answers after 1.5-3 s: a wide margin for a loaded
// or slower machine, the network, and the judge's own clock.
std::int64_t client_movetime_ms(double time_limit_s);

// The path to send for `state`: the search's choice if its path replays (it always should), else the
// first legal move whose path replays, else the empty path (a pass). Never a path that does not replay.
Path safe_path(const State& state, const std::optional<Move>& best);

// Plays the client's moves for one connection: the engine keeps its tables from move to move, and the
// positions it has seen (its requests and its own moves' results) count as repetitions. `eval`: the
// release's learned evaluation compiled into the bot (release_params.hpp embedded_eval(); empty: the
// hand-made evaluation alone), read here: std::runtime_error if it is not the one release.json records.
class ClientPlayer {
 public:
  explicit ClientPlayer(const ParamSet& params, const learned::EmbeddedEval& eval = {});

  struct Choice {
    Path path;
    int depth = 0;
    int score = 0;
    std::uint64_t nodes = 0;
  };
  // The move for `state` (not over; the side to move is ours), searched until `movetime_ms` after
  // `start` (or to `depth` first, if given).
  Choice choose(const State& state, std::chrono::steady_clock::time_point start, std::int64_t movetime_ms,
                std::optional<int> depth = std::nullopt);

 private:
  std::unique_ptr<search::AlphaBeta<Game>> engine_;
  std::vector<std::uint64_t> history_;
};

struct ClientOptions {
  std::string host = "127.0.0.1";
  int port = 8888;
  int team = -1;
  double time_limit_s = kTournamentTimeLimit;  // the judge's per-move limit
  std::optional<int> depth;                    // a fixed depth (still within the time limit)
  double connect_timeout_s = 10;               // keeps trying to connect this long (the judge may start late)
  bool verbose = false;                        // one line per move on standard error
};

// Connects and plays until the judge says exit (code 0): returns 0. A judge that closes the connection
// first: a message on `log`, returns 1. InputError for what the judge sends that cannot be a request
// (a board value outside 0..2, more than 9 pieces a side, a game already over, is_black not 0 or 1)
// and for a connection that cannot be made. `eval`: the release's learned evaluation (ClientPlayer).
int run_client(const ClientOptions& options, const ParamSet& params, std::FILE* log,
               const learned::EmbeddedEval& eval = {});

}  // namespace gamelab::jumpchess
