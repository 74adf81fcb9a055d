#pragma once
// The Dog-Cat-Mouse-cheeSe release bot: a peer of the lab's line protocol (protocol.hpp, which the
// lab's referee speaks to external bots), mirroring the tournament's setup(color, rows, cols, board)
// and move(color, rows, cols, board, pieces):
//
//   setup COLOR ROWS COLS VARIANT  + ROWS board lines            -> ((r, c), (r, c)[, (r, c), (r, c)])
//   move COLOR ROWS COLS TURN      + ROWS board lines + pieces map -> "D 2 C 6 M 4" (or an empty line)
//   quit                                                          -> exits (code 0); so does the end of input
//
// Each request is checked in full before anything is searched: the header's fields, the board's size
// and characters and its wall border, the pieces map (every key of the variant, no piece on a wall or
// outside the board, no position the capture rule could not have left, a game not already over). A bad
// request is an InputError naming the request, its line and what was expected; the bot prints nothing
// for it. The variant of a move request is read from the pieces map: `full` when it has keys C c D d
// (with squares or None), `mouse` otherwise (the lab's referee sends exactly the variant's keys; the
// tournament's round 1 has S s M m only).
//
// Answers: the engine (engine.hpp) with the given parameters, within time_limit_s per request (see
// bot_movetime_ms; the engine keeps its own 5% margin), or a node budget. Every
// answer is checked with the referee's own parser before it is printed: a placement placement_problem()
// accepts, a move string parse_move() accepts; should the search's answer ever fail (it cannot), the
// fallback is printed instead (every piece on the first legal setup square; the empty move string).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iosfwd>
#include <optional>
#include <string>

#include "core/embedded_eval.hpp"
#include "core/params.hpp"
#include "dcms/state.hpp"

namespace gamelab::dcms {

class Engine;

constexpr double kTournamentTimeLimit = 5;  // seconds per move; a late move is a null move

struct BotOptions {
  double time_limit_s = kTournamentTimeLimit;
  std::optional<std::uint64_t> nodes;  // MCTS iterations (reproducible); still within the time limit
  std::uint64_t seed = 1;               // each request's search seed derives from it and the position
};

// Milliseconds the engine gets when `elapsed_s` of the request's time have gone: 80% of the limit less
// 100 ms and the elapsed time, at least 1 ms (5 s -> 3900 ms, of which the engine searches 3705; 0.5 s
// -> 300 ms). The rest is for a loaded machine (on this 2-core machine under a load of 5-7 the search
// stopped up to 130 ms after its budget: the process waits its turn for the processor), for freeing the
// search tree after the answer is chosen, and for the pipes.
std::int64_t bot_movetime_ms(double time_limit_s, double elapsed_s);

struct BotRequest {
  enum class Kind { Setup, Move, Quit, End };  // End: no more input
  Kind kind = Kind::End;
  int side = 0;
  State state;  // Setup: a setup-phase state; Move: the position in play (not over)
  int number = 0;  // 1-based, for messages
  std::chrono::steady_clock::time_point received;  // when its first line arrived: the clock starts
};

// Reads the request starting on the next line of `in`. `line_number` counts the lines read so far
// (messages name it). InputError for anything that is not a valid request (see above).
BotRequest read_bot_request(std::istream& in, int& line_number, int request_number);

// The seed of a request's search: from options.seed and the position only (same request, same answer).
std::uint64_t bot_request_seed(const BotRequest& request, const BotOptions& options);

// The answer line (without its newline) for a Setup or Move request, searched by `engine` (made with
// bot_request_seed): always a legal placement or move string for request.side.
std::string answer_bot_request(const BotRequest& request, Engine& engine, const BotOptions& options);

// Reads requests from `in` and answers each on `out` (flushed) until quit or the end of input: returns
// 0. InputError for a bad request (nothing is printed for it). Each request gets a fresh engine that
// keeps its search tree until the answer is out: freeing it is not on the clock. `eval`: the release's
// learned evaluation compiled into the bot (release_params.hpp embedded_eval(); empty: the hand-made
// evaluation alone), read before the first request (std::runtime_error if it is not the one
// release.json records) and given to every engine in its recorded mode.
int run_bot(std::istream& in, std::FILE* out, const ParamSet& params, const BotOptions& options,
            const learned::EmbeddedEval& eval = {});

}  // namespace gamelab::dcms
