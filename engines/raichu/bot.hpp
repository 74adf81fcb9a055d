#pragma once
// The Raichu release bot's command line, exactly as the tournament calls it (docs/rules/raichu.md):
//     raichu N PLAYER BOARD TIMELIMIT
// N the board size, PLAYER w or b (the side to move), BOARD the n*n-character board string, TIMELIMIT
// seconds. The bot prints a legal successor board at once, then the best successor after every
// completed iteration of its search, and exits before the limit on its own (bot_main.cpp).
#include <cstdint>
#include <string>
#include <vector>

#include "raichu/state.hpp"

namespace gamelab::raichu {

struct BotRequest {
  State state;              // the position, PLAYER to move
  double time_limit_s = 0;  // TIMELIMIT
};

// The longest TIMELIMIT taken: a day (anything longer is a typo, and would overflow nothing but sense).
constexpr double kMaxBotTimeLimit = 86400;

// Parses the four arguments (argv without the program name). InputError naming the argument and what
// was expected for: a wrong argument count; N not an even size 8..16; PLAYER not w or b; a BOARD of
// the wrong length, with a bad character, or impossible (more than n pieces of a colour); TIMELIMIT
// not a number of seconds in (0, kMaxBotTimeLimit]; a game already over (a side without pieces, or a
// side to move without a legal move): there is no move to recommend.
BotRequest parse_bot_args(const std::vector<std::string>& args);

// Milliseconds the search may use when `elapsed_s` of the TIMELIMIT have gone by since the process
// started: the limit less a reserve for printing, exiting and a loaded machine (20 ms plus a fifth of
// the limit, the fifth at most half a second), at least 1 ms. At 0.2 s the search gets 140 ms, at 5 s
// 4.48 s; alpha-beta starts no new iteration after half of that.
std::int64_t bot_movetime_ms(double time_limit_s, double elapsed_s);

// The transposition table's size for a TIMELIMIT: 8 MB a second, 1 to 64 MB. A table is zeroed page by
// page before the first iteration, which on a busy machine costs milliseconds per megabyte: a short
// limit cannot afford a table it would never fill.
std::size_t bot_table_megabytes(double time_limit_s);

// The usage text printed with an argument error.
const char* bot_usage();

}  // namespace gamelab::raichu
