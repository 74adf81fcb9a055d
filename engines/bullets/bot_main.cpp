// bullets_bot: the Bullets tournament program (docs/rules/bullets.md). The tournament starts it afresh every
// turn, gives it the turn's input on standard input and takes one integer 0-8 from standard output
// within 150 ms (one core, the process start included):
//     bullets_bot [--move-ms MS] [--params FILE] < input
// The search gets what is left of the 150 ms after the start and the parse, less a margin
// (engine.hpp: tournament_movetime_ms), or MS milliseconds with --move-ms. It plays the frozen
// configuration compiled in from engines/bullets/release.json (cmake/release_config.cmake), or FILE's
// parameters with --params, with the release's learned evaluation when it has one
// (engines/bullets/release.eval, compiled in); `bullets_bot --print-params` prints the compiled set.
// The search's seed is the position's hash. Bad input (or a game already over): a message on standard
// error, exit code 2, nothing on standard output.
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "bullets/engine.hpp"
#include "bullets/eval.hpp"
#include "bullets/game.hpp"
#include "bullets/notation.hpp"
#include "bullets/release_params.hpp"
#include "bullets/search_actions.hpp"
#include "core/bot_frame.hpp"
#include "core/error.hpp"
#include "search/embedded_eval.hpp"

namespace {

using namespace gamelab;
using namespace gamelab::bullets;

// Taken during static initialisation, before main: the tournament's clock starts at exec.
const auto kStart = std::chrono::steady_clock::now();

constexpr const char* kUsage =
    "usage: bullets_bot [--move-ms MS] [--params FILE] < input\n"
    "       bullets_bot --print-params\n"
    "  input: the tournament's turn input ('n m', n rows of m 4-character cells, the round, R or B),\n"
    "         optionally followed by 'limit L' (the round limit; default 2000)\n"
    "  prints the action, one integer 0-8, within 150 ms of the start\n"
    "  --move-ms MS    search MS milliseconds instead of the tournament's share of 150 ms\n"
    "  --params FILE   play these parameters (JSON or SPSA text) instead of the compiled release\n"
    "  --print-params  print the compiled release's parameter set (JSON) and exit\n";

struct Options {
  std::int64_t move_ms = 0;  // 0: the tournament's share
  std::string params;        // empty: the compiled release
  bool print_params = false;
};

Options parse_options(const std::vector<std::string>& args) {
  Options options;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--print-params") {
      options.print_params = true;
      continue;
    }
    if (arg != "--move-ms" && arg != "--params") {
      throw InputError("unexpected argument '" + arg + "'; the input comes on standard input");
    }
    if (i + 1 == args.size()) throw InputError(arg + " needs a value");
    const std::string& value = args[++i];
    if (arg == "--params") {
      options.params = value;
      continue;
    }
    const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), options.move_ms);
    if (value.empty() || ec != std::errc() || ptr != value.data() + value.size() || options.move_ms < 1 ||
        options.move_ms > 3600000) {
      throw InputError("--move-ms: '" + value + "' is not a number of milliseconds in 1..3600000");
    }
  }
  return options;
}

std::string read_standard_input() {
  std::string text;
  char buffer[1 << 16];
  std::size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, stdin)) > 0) text.append(buffer, n);
  return text;
}

// The input as the bot takes it: parse_position() read leniently (a refused input loses the game), and
// a game that is not over.
Position parse_input(const std::string& text) {
  Position position = parse_position(text, "standard input", Reading::Lenient);
  const Result r = result(position.state);
  if (r.over()) {
    throw InputError(std::string("standard input: the game is already over (") + to_string(r.outcome) + ": " +
                     to_string(r.reason) + " at round " + std::to_string(position.state.round) + " of " +
                     std::to_string(position.state.limit) + "); there is no action to choose");
  }
  return position;
}

// Played only if the search gives no action (it cannot on an ongoing game, but the referee is never
// left without an answer): the first action that does not surely lose.
Action fallback_action(const State& state, Side side) {
  ActionList actions;
  generate_search_actions(state, side, actions);
  return actions.size() ? actions[0] : kNothing;
}

[[noreturn]] void answer(Action action) {
  const std::string line = action_text(action) + "\n";
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fflush(stdout);
  _exit(0);  // at once: freeing the search tree would only spend the referee's time
}

}  // namespace

int main(int argc, char** argv) {
  return bot::run_main("bullets_bot", kUsage, argc, argv, [](const std::vector<std::string>& args, bool& arguments_read) {
    const Options options = parse_options(args);
    arguments_read = true;
    const auto played = bot::params_or_print("bullets_bot", options.print_params, options.params,
                                             [] { return release::frozen_params(default_params()); }, default_params(),
                                             release::embedded_eval());
    if (!played) return 0;
    const ParamSet& params = *played;
    // The release's learned evaluation compiled in, if it has one (engines/bullets/release.eval), read
    // before the input: a bot whose embedded file is not the one release.json records refuses to start
    // (exit code 3), rather than answer with the fallback below.
    const learned::EmbeddedEval eval = release::embedded_eval();
    learned::load_embedded_eval(eval, LearnedEval::expect());
    const Position position = parse_input(read_standard_input());
    const Action fallback = fallback_action(position.state, position.you);
    try {
      Engine engine(params, position.state.hash);
      search::attach_embedded_eval(engine, eval);
      SearchLimits limits;
      const double used_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - kStart).count();
      limits.movetime_ms = options.move_ms > 0 ? options.move_ms : tournament_movetime_ms(used_ms);
      const SearchResult result = engine.search(position.state, position.you, limits);
      answer(result.action ? *result.action : fallback);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "bullets_bot: internal error: %s; playing %d\n", e.what(), static_cast<int>(fallback));
      answer(fallback);
    }
  });
}
