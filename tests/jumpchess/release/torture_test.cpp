// The release client under torture, as the tournament runs it (a separate process, a TCP judge on
// 127.0.0.1): positions from the board suites and from seeded random play, one request after the
// other on one connection, with the tournament's 5 s scaled down to 0.2 s. Every answer must come
// within the limit (counted from the request's first byte to the answer's last), replay legally, and
// the bot must never crash; the largest answer time is printed. 30 positions in the fast suite,
// 1,000 under [slow].
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>

#include "helpers.hpp"
#include "jumpchess/path.hpp"

using namespace release_jumpchess_test;

namespace {

constexpr double kScaledLimit_s = 0.2;

void torture(std::size_t count, std::uint64_t seed) {
  const std::vector<State> positions = bot_positions(count, seed);
  RawJudge judge({"--time-limit", "0.2"});
  REQUIRE(judge.team() == 42);
  double largest = 0;
  int passes = 0;
  for (std::size_t k = 0; k < positions.size(); ++k) {
    const State& s = positions[k];
    const int id = static_cast<int>(k) + 1;
    const std::string request = protocol::encode_request(id, s, s.side);
    const auto sent = std::chrono::steady_clock::now();
    judge.send(request);
    protocol::Reply reply;
    std::string detail;
    const protocol::ReadStatus status = judge.try_reply(kScaledLimit_s, reply, detail);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
    largest = std::max(largest, seconds);
    INFO("position " << k << " (" << seconds << " s): " << detail << "\n" << diagram(s) << judge.bot->output_tail(2000));
    REQUIRE(status == protocol::ReadStatus::Ok);  // not late, not closed (no crash), not garbage
    REQUIRE(reply.id_package == id);
    const Replay replay = replay_path(s, reply.path);
    INFO(path_text(reply.path) << ": " << replay.reason);
    REQUIRE(replay.ok);
    passes += reply.path.empty() ? 1 : 0;
  }
  judge.send(protocol::encode_exit(static_cast<int>(positions.size()) + 1));
  CHECK(judge.ending(5) == "exit code 0");
  std::printf("jumpchess_bot torture: %zu positions at %.1f s each: all legal (%d passes without a legal move), "
              "largest answer time %.3f s\n",
              positions.size(), kScaledLimit_s, passes, largest);
}

}  // namespace

TEST_CASE("the release client answers 30 positions legally within 0.2 s each", "[torture][timed]") { torture(30, 101); }

TEST_CASE("the release client answers 1000 positions legally within 0.2 s each", "[torture][slow]") { torture(1000, 202); }
