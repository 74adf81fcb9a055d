// The Raichu release bot's four arguments `N PLAYER BOARD TIMELIMIT` (engines/raichu/bot.hpp), one a
// line. An accepted request is a game still going, with a time limit the bot can share out.
#include <sstream>
#include <vector>

#include "fuzz_check.hpp"
#include "raichu/bot.hpp"
#include "raichu/rules.hpp"

using namespace gamelab;
using namespace gamelab::raichu;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args;
  std::istringstream in(fuzz::text(data, size));
  for (std::string line; std::getline(in, line);) args.push_back(line);
  return fuzz::refuse_or_check([&] {
    const BotRequest request = parse_bot_args(args);
    FUZZ_CHECK(!result(request.state).over());
    FUZZ_CHECK(request.time_limit_s > 0 && request.time_limit_s <= kMaxBotTimeLimit);
    FUZZ_CHECK(bot_movetime_ms(request.time_limit_s, 0) >= 1);
  });
}
