// raichu: the Raichu release bot (docs/rules/raichu.md), called by the tournament as
//     raichu N PLAYER BOARD TIMELIMIT
// It prints a legal successor board at once (before any search, so that the referee always has a
// move), then the best successor after every completed iteration of the alpha-beta search, each line
// flushed, and exits by itself before TIMELIMIT. The frozen configuration (engines/raichu/release.json)
// is compiled in, with the release's learned evaluation when it has one (engines/raichu/release.eval).
// Bad input: a message on standard error and exit code 2; no move is printed.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "core/bot_frame.hpp"
#include "core/error.hpp"
#include "raichu/bot.hpp"
#include "raichu/eval.hpp"
#include "raichu/game.hpp"
#include "raichu/learned_eval.hpp"
#include "raichu/notation.hpp"
#include "raichu/release_params.hpp"
#include "raichu/tablebase.hpp"
#include "search/alphabeta.hpp"
#include "search/embedded_eval.hpp"

namespace gamelab::raichu {
std::string embedded_tables();  // embedded_tables.cpp.in
}

namespace {

using namespace gamelab;
using namespace gamelab::raichu;

class BoardPrinter {
 public:
  explicit BoardPrinter(const State& root) : root_(root) {}
  // One board line for the successor after `move`, flushed at once: the referee takes the last
  // complete line when it stops the bot.
  void print(const Move& move) {
    last_ = board_string(play(root_, move));
    last_ += '\n';
    std::fwrite(last_.data(), 1, last_.size(), stdout);
    std::fflush(stdout);
  }
  bool printed(const Move& move) const { return last_ == board_string(play(root_, move)) + '\n'; }

 private:
  const State& root_;
  std::string last_;
};

// The compiled release; should it no longer fit the engine (a stale build), the defaults, with a
// warning: the tournament still gets moves. `raichu --print-params` fails loudly instead.
ParamSet playing_params() {
  try {
    return release::frozen_params(default_params());
  } catch (const InputError& e) {
    std::fprintf(stderr, "raichu: warning: the compiled release does not fit the engine (%s); playing the defaults\n",
                 e.what());
    return default_params();
  }
}

[[noreturn]] void play_move(const BotRequest& request, std::chrono::steady_clock::time_point start) {
  // The release's learned evaluation, if it has one, read before any answer: a bot whose embedded file
  // is not the one release.json records refuses to start (an internal error, exit code 3).
  const learned::EmbeddedEval eval = release::embedded_eval();
  learned::load_embedded_eval(eval, LearnedEval::expect());
  const State& root = request.state;
  BoardPrinter printer(root);
  raichu::MoveList moves;
  generate_moves(root, moves);  // not empty: parse_bot_args refuses a game that is over
  printer.print(moves[0]);
  if (moves.size() == 1) _exit(0);

  const ParamSet params = playing_params();
  search::SearchOptions options;
  options.tt_megabytes = bot_table_megabytes(request.time_limit_s);
  search::AlphaBeta<Game> engine(params.values(), search::AlphaBetaKnobs::from(params), options);
  search::attach_embedded_eval(engine, eval);  // as eval=FILE,evalmode=MODE on the lab's engine
  // The embedded endgame tables (n = 8, up to 3 pieces): exact values inside the search, and a root
  // they know answered from them. Unreadable tables are a warning, never a lost move.
  std::optional<tb::Tablebase> tables;
  if (root.n == 8) {
    try {
      tables.emplace(tb::Tablebase::from_bundle(embedded_tables(), "the embedded endgame tables"));
      engine.set_oracle([&tables](const State& s, int ply) { return tb::search_score(*tables, s, ply); });
    } catch (const std::exception& e) {
      std::fprintf(stderr, "raichu: warning: %s; playing without endgame tables\n", e.what());
    }
  }
  SearchLimits limits;
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  limits.movetime_ms = bot_movetime_ms(request.time_limit_s, elapsed);
  const auto result = engine.search(root, limits, [&](const search::IterationInfo<Move>& info) {
    if (!info.pv.empty()) printer.print(info.pv[0]);
  });
  if (result.best && !printer.printed(*result.best)) printer.print(*result.best);
  _exit(0);  // at once: unmapping the table would only spend the referee's time
}

}  // namespace

int main(int argc, char** argv) {
  const auto start = std::chrono::steady_clock::now();
  return bot::run_main("raichu", bot_usage(), argc, argv, [&](const std::vector<std::string>& args, bool& arguments_read) {
    if (args.size() == 1 && args[0] == "--print-params") {
      std::fputs(bot::printed_params(release::frozen_params(default_params()), release::embedded_eval()).c_str(), stdout);
      return 0;
    }
    arguments_read = args.size() == 4;  // the usage follows an error only when the arguments were off
    play_move(parse_bot_args(args), start);
    return 0;
  });
}
