// dcms_bot: the Dog-Cat-Mouse-cheeSe release bot (docs/rules/dcms.md), speaking the lab's line protocol on
// standard input and output (bot.hpp, protocol.hpp); python/dcms_bot.py drives it for the tournament's
// setup() and move() functions.
//     dcms_bot [--time-limit S] [--nodes N] [--seed K] [--params FILE]
//     dcms_bot --print-params
// One request after the other until `quit` or the end of input, one answer line each, searching 80%
// of S seconds less 100 ms (default S = 5, the tournament's), counted from the request's first line. It
// plays the frozen configuration compiled in from engines/dcms/release.json, or FILE's parameters, with
// the release's learned evaluation when it has one (engines/dcms/release.eval, compiled in). A bad
// request (wrong size, bad characters, an impossible position, a game already over): a message on
// standard error, nothing printed for it, exit code 2; bad arguments: exit code 2 with the usage;
// internal error (an embedded evaluation that is not the release's among them): 3.
#include <charconv>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "core/bot_frame.hpp"
#include "core/error.hpp"
#include "dcms/bot.hpp"
#include "dcms/eval.hpp"
#include "dcms/release_params.hpp"

namespace {

using namespace gamelab;
using namespace gamelab::dcms;

constexpr const char* kUsage =
    "usage: dcms_bot [--time-limit S] [--nodes N] [--seed K] [--params FILE] < requests\n"
    "       dcms_bot --print-params\n"
    "  requests (the lab's line protocol, one answer line each):\n"
    "    setup COLOR ROWS COLS VARIANT, then ROWS board lines      -> ((r, c), (r, c)[, (r, c), (r, c)])\n"
    "    move COLOR ROWS COLS TURN, then ROWS board lines and the pieces map -> e.g. D 2 C 6 M 4\n"
    "    quit\n"
    "  --time-limit S  seconds per request (default 5, the tournament's); the search takes 80% of it less 100 ms\n"
    "  --nodes N       search at most N iterations (reproducible; still within the time limit)\n"
    "  --seed K        seed of the searches (default 1; each request's seed also depends on its position)\n"
    "  --params FILE   play these parameters (JSON or SPSA text) instead of the compiled release\n"
    "  --print-params  print the compiled release's parameter set (JSON) and exit\n";

struct Options {
  BotOptions bot;
  std::string params;
  bool print_params = false;
};

std::uint64_t parse_count(const std::string& flag, const std::string& text) {
  std::uint64_t value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) {
    throw InputError(flag + ": '" + text + "' is not a non-negative integer");
  }
  return value;
}

Options parse_options(const std::vector<std::string>& args) {
  Options options;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (flag == "--print-params") {
      options.print_params = true;
      continue;
    }
    if (flag != "--time-limit" && flag != "--nodes" && flag != "--seed" && flag != "--params") {
      throw InputError("unknown argument '" + flag + "'; the requests come on standard input");
    }
    if (i + 1 == args.size()) throw InputError(flag + " needs a value");
    const std::string& value = args[++i];
    if (flag == "--time-limit") {
      double seconds = -1;
      try {
        std::size_t used = 0;
        seconds = std::stod(value, &used);
        if (used != value.size()) seconds = -1;
      } catch (const std::exception&) {
      }
      if (!(seconds >= 0.01 && seconds <= 3600)) {
        throw InputError("--time-limit: '" + value + "' is not a number of seconds in [0.01, 3600]");
      }
      options.bot.time_limit_s = seconds;
    } else if (flag == "--nodes") {
      options.bot.nodes = parse_count(flag, value);
      if (*options.bot.nodes == 0) throw InputError("--nodes: give at least 1 iteration");
    } else if (flag == "--seed") {
      options.bot.seed = parse_count(flag, value);
    } else {
      options.params = value;
    }
  }
  return options;
}

}  // namespace

int main(int argc, char** argv) {
  return bot::run_main("dcms_bot", kUsage, argc, argv, [](const std::vector<std::string>& args, bool& arguments_read) {
    const Options options = parse_options(args);
    arguments_read = true;
    const auto played = bot::params_or_print("dcms_bot", options.print_params, options.params,
                                             [] { return release::frozen_params(default_params()); }, default_params(),
                                             release::embedded_eval());
    if (!played) return 0;
    const ParamSet& params = *played;
    std::ios::sync_with_stdio(false);
    // The release's learned evaluation compiled in, if it has one (engines/dcms/release.eval).
    return run_bot(std::cin, stdout, params, options.bot, release::embedded_eval());
  });
}
