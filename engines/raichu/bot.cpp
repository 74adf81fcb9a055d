#include "raichu/bot.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include "core/error.hpp"
#include "core/text_file.hpp"
#include "raichu/movegen.hpp"
#include "raichu/notation.hpp"
#include "raichu/rules.hpp"

namespace gamelab::raichu {

namespace {

// TIMELIMIT in seconds; a unit "s" after the number is taken ("5s"), as its meaning is clear.
double parse_time_limit(const std::string& given) {
  std::string text = given;
  if (text.size() > 1 && (text.back() == 's' || text.back() == 'S')) text = trim_blanks(text.substr(0, text.size() - 1));
  double seconds = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, seconds, std::chars_format::fixed);
  if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(seconds)) {
    throw InputError("TIMELIMIT: '" + given + "' is not a number of seconds (e.g. 5 or 0.5)");
  }
  if (!(seconds > 0) || seconds > kMaxBotTimeLimit) {
    throw InputError("TIMELIMIT: " + given + " s is outside (0, 86400]");
  }
  return seconds;
}

// PLAYER in any case: w, b, white, black.
std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

}  // namespace

BotRequest parse_bot_args(const std::vector<std::string>& given) {
  // Read as leniently as the meaning allows (a refused call loses the move): blanks and line ends
  // around an argument, and empty arguments after the four (a harness's trailing blank), are ignored.
  std::vector<std::string> args;
  for (const std::string& a : given) args.push_back(trim_blanks(a));
  while (args.size() > 4 && args.back().empty()) args.pop_back();
  if (args.size() != 4) {
    throw InputError("expected 4 arguments N PLAYER BOARD TIMELIMIT, got " + std::to_string(args.size()));
  }
  const int n = parse_board_size(args[0], "N");
  const Color side = parse_side(lower(args[1]), "PLAYER");
  BotRequest request;
  request.state = parse_board(n, side, args[2], "BOARD");
  request.time_limit_s = parse_time_limit(args[3]);
  const Result r = result(request.state);
  if (r.over()) {
    throw InputError(std::string("BOARD: the game is already over (") + to_string(r.outcome) + ": " +
                     to_string(r.reason) + " for " + (side == White ? "w" : "b") + " to move); there is no move to make");
  }
  return request;
}

std::int64_t bot_movetime_ms(double time_limit_s, double elapsed_s) {
  const double reserve_s = 0.02 + std::min(0.2 * time_limit_s, 0.5);
  const double left_ms = (time_limit_s - reserve_s - elapsed_s) * 1000.0;
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(left_ms));
}

std::size_t bot_table_megabytes(double time_limit_s) {
  return static_cast<std::size_t>(std::clamp(8.0 * time_limit_s, 1.0, 64.0));
}

const char* bot_usage() {
  return "usage: raichu N PLAYER BOARD TIMELIMIT\n"
         "  N          board size: 8, 10, 12, 14 or 16\n"
         "  PLAYER     w or b: the side to move\n"
         "  BOARD      the n*n board string, row 0 first (. w b W B @ $)\n"
         "  TIMELIMIT  seconds for this move (e.g. 5 or 0.5)\n"
         "Prints a legal successor board at once, then the best successor after each completed search\n"
         "iteration, one board string a line. `raichu --print-params` prints the compiled parameter set.\n";
}

}  // namespace gamelab::raichu
