// The release bot under torture, as the lab's referee runs an external bot (one process, one request
// after the other over pipes, ExternalBot): setups and positions from the board suites and from seeded
// random play, both variants and colours, with the tournament's 5 s scaled down to 0.5 s. Every answer
// must come within the limit and be legal by the referee's parsers, and the bot must never crash; the
// largest answer time is printed. 30 requests in the fast suite, 1,000 under [slow].
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>

#include "dcms/external_bot.hpp"
#include "helpers.hpp"

using namespace release_dcms_test;

namespace {

constexpr double kScaledLimit_s = 0.5;

void torture(std::size_t count, std::uint64_t seed) {
  const std::vector<Case> cases = bot_cases(count, seed);
  ExternalBot bot(std::string(DCMS_BOT) + " --time-limit 0.5", kScaledLimit_s);
  double largest = 0;
  int setups = 0;
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const Case& c = cases[k];
    const BotAnswer answer = bot.ask(c.request());
    largest = std::max(largest, answer.seconds);
    INFO("request " << k << " (" << answer.seconds << " s):\n" << c.request() << "-> '" << answer.line << "' " << answer.detail);
    REQUIRE(answer.termination == gamelab::Termination::Normal);  // not late, no crash
    REQUIRE(answer_problem(c, answer.line).empty());
    setups += c.setup() ? 1 : 0;
  }
  bot.finish();
  std::printf("dcms_bot torture: %zu requests (%d setups) at %.1f s each: all legal, largest answer time %.3f s\n",
              cases.size(), setups, kScaledLimit_s, largest);
}

}  // namespace

TEST_CASE("the release bot answers 30 requests legally within 0.5 s each", "[torture][timed]") { torture(30, 31); }

TEST_CASE("the release bot answers 1000 requests legally within 0.5 s each", "[torture][slow]") { torture(1000, 32); }
