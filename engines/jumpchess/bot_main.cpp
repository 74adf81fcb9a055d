// jumpchess_bot: the jump chess release client (docs/rules/jumpchess.md), a TCP client of the tournament's judge:
//     jumpchess_bot --host H --port P --team T [--time-limit S] [--depth D] [--params FILE]
//                   [--connect-timeout S] [--verbose]
//     jumpchess_bot --print-params
// It connects to H:P (default 127.0.0.1:8888; it keeps trying for 10 s, or S), sends team id T, and answers
// every request with the path of the move its search chooses, checked by the path replayer before it
// is sent (client.hpp). It searches 60% of the judge's per-move limit S less 50 ms (default S = 5, the
// tournament's), to depth D at most if given. It plays the frozen configuration compiled in from
// engines/jumpchess/release.json, or FILE's parameters, with the release's learned evaluation when it
// has one (engines/jumpchess/release.eval, compiled in). Exit codes: 0 after the judge's exit code,
// 1 if the judge closes the connection first, 2 for bad arguments or a request that cannot be a
// position (bad board values, more than 9 pieces a side, a game already over), with the reason on
// standard error; 3 for an internal error (an embedded evaluation that is not the release's among them).
#include <charconv>
#include <cstdio>
#include <string>
#include <vector>

#include "core/bot_frame.hpp"
#include "core/error.hpp"
#include "jumpchess/client.hpp"
#include "jumpchess/eval.hpp"
#include "jumpchess/release.hpp"
#include "jumpchess/release_params.hpp"

namespace {

using namespace gamelab;
using namespace gamelab::jumpchess;

constexpr const char* kUsage =
    "usage: jumpchess_bot --host H --port P --team T [--time-limit S] [--depth D] [--params FILE] [--verbose]\n"
    "       jumpchess_bot --print-params\n"
    "  --host H        the judge's address (default 127.0.0.1)\n"
    "  --port P        the judge's port (default 8888)\n"
    "  --team T        the team id sent after connecting (required)\n"
    "  --time-limit S  the judge's per-move limit in seconds (default 5); the search uses 60% of it less 50 ms\n"
    "  --depth D       search at most D plies (still within the time limit)\n"
    "  --params FILE   play these parameters (JSON or SPSA text) instead of the compiled release\n"
    "  --connect-timeout S  keep trying to connect this long (default 10 s)\n"
    "  --verbose       one line per move on standard error\n"
    "  --print-params  print the compiled release's parameter set (JSON) and exit\n";

struct Options {
  ClientOptions client;
  std::string params;
  bool team_given = false;
  bool print_params = false;
};

template <class T>
T parse_number(const std::string& flag, const std::string& text, T low, T high, const char* expected) {
  T value{};
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || value < low || value > high) {
    throw InputError(flag + ": '" + text + "' is not " + expected);
  }
  return value;
}

double parse_seconds(const std::string& flag, const std::string& text) {
  double value = 0;
  try {
    std::size_t used = 0;
    value = std::stod(text, &used);
    if (used != text.size()) value = -1;
  } catch (const std::exception&) {
    value = -1;
  }
  if (!(value >= 0.01 && value <= 3600)) throw InputError(flag + ": '" + text + "' is not a number of seconds in [0.01, 3600]");
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
    if (flag == "--verbose") {
      options.client.verbose = true;
      continue;
    }
    if (flag != "--host" && flag != "--port" && flag != "--team" && flag != "--time-limit" && flag != "--depth" &&
        flag != "--params" && flag != "--connect-timeout") {
      throw InputError("unknown argument '" + flag + "'");
    }
    if (i + 1 == args.size()) throw InputError(flag + " needs a value");
    const std::string& value = args[++i];
    if (flag == "--host") {
      if (value.empty()) throw InputError("--host: empty address");
      options.client.host = value;
    } else if (flag == "--port") {
      options.client.port = parse_number(flag, value, 1, 65535, "a port number 1..65535");
    } else if (flag == "--team") {
      options.client.team = parse_number(flag, value, -2147483647 - 1, 2147483647, "an integer team id");
      options.team_given = true;
    } else if (flag == "--time-limit") {
      options.client.time_limit_s = parse_seconds(flag, value);
    } else if (flag == "--connect-timeout") {
      options.client.connect_timeout_s = parse_seconds(flag, value);
    } else if (flag == "--depth") {
      options.client.depth = parse_number(flag, value, 1, 127, "a depth 1..127");
    } else {
      options.params = value;
    }
  }
  if (!options.print_params && !options.team_given) throw InputError("--team T is required (the team id the judge expects)");
  return options;
}

}  // namespace

int main(int argc, char** argv) {
  return bot::run_main("jumpchess_bot", kUsage, argc, argv, [](const std::vector<std::string>& args, bool& arguments_read) {
    const Options options = parse_options(args);
    arguments_read = true;
    const auto played =
        bot::params_or_print("jumpchess_bot", options.print_params, options.params, release_params, default_params(),
                             release::embedded_eval());
    // The release's learned evaluation compiled in, if it has one (engines/jumpchess/release.eval).
    return played ? run_client(options.client, *played, stderr, release::embedded_eval()) : 0;
  });
}
