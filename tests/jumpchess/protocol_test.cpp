// The judge protocol's framing over real local sockets: every byte read however it trickles in,
// deadlines kept, closed connections and garbage told apart; the bot command's port convention.
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "helpers.hpp"
#include "jumpchess/judge.hpp"
#include "jumpchess/protocol.hpp"

using namespace jumpchess_test;
using namespace gamelab::jumpchess::protocol;

namespace {

// A connected pair: the judge's end (accepted) and the client's end.
struct Pair {
  Socket judge, client;
};

Pair connected_pair() {
  Listener listener = Listener::open_local();
  std::string error;
  Pair p;
  p.client = connect_to("127.0.0.1", listener.port(), deadline_in(2), error);
  REQUIRE(p.client.is_open());
  p.judge = listener.accept(deadline_in(2), [] { return false; });
  REQUIRE(p.judge.is_open());
  return p;
}

void send(Socket& s, const std::string& bytes) {
  REQUIRE(s.write_all(bytes.data(), bytes.size(), deadline_in(2)) == IoStatus::Ok);
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TEST_CASE("integers are 4-byte little-endian and messages have the tournament's layout", "[jumpchess][protocol]") {
  CHECK(encode_team(0x01020304) == std::string("\x04\x03\x02\x01", 4));
  CHECK(encode_team(-2) == std::string("\xfe\xff\xff\xff", 4));
  const std::string request = encode_request(7, start_position(), Black);
  REQUIRE(request.size() == 4 * (2 + 64 + 1));
  CHECK(request.substr(0, 8) == std::string("\x01\0\0\0\x07\0\0\0", 8));
  CHECK(request.substr(8, 4) == std::string("\x01\0\0\0", 4));             // (0,0) is black
  CHECK(request.substr(8 + 4 * 15, 4) == std::string("\x02\0\0\0", 4));    // (1,7) is white
  CHECK(request.substr(request.size() - 4) == std::string("\x01\0\0\0", 4));  // is_black
  CHECK(encode_exit(9) == std::string("\0\0\0\0\x09\0\0\0", 8));
  CHECK(encode_reply(3, Path{{2, 2}, {2, 3}}) == std::string("\x02\0\0\0\x03\0\0\0\x02\0\0\0\x02\0\0\0\x02\0\0\0\x03\0\0\0", 24));
}

TEST_CASE("team, request and reply cross a socket intact", "[jumpchess][protocol]") {
  Pair p = connected_pair();
  send(p.client, encode_team(42));
  int team = 0;
  std::string detail;
  REQUIRE(read_team(p.judge, deadline_in(2), team, detail) == ReadStatus::Ok);
  CHECK(team == 42);

  const State s = play_text(start_position(), "[(2,2), (2,3)]");
  send(p.judge, encode_request(5, s, White));
  Request request;
  REQUIRE(read_request(p.client, deadline_in(2), request, detail) == ReadStatus::Ok);
  CHECK(request.code == kMoveCode);
  CHECK(request.id_package == 5);
  CHECK(request.is_black == 0);
  const State seen = request_position(request);
  CHECK(seen.pieces == s.pieces);
  CHECK(seen.side == White);

  const Path path{{3, 5}, {3, 3}, {3, 1}};
  send(p.client, encode_reply(5, path));
  Reply reply;
  REQUIRE(read_reply(p.judge, deadline_in(2), reply, detail) == ReadStatus::Ok);
  CHECK(reply.id_package == 5);
  CHECK(reply.path == path);

  send(p.judge, encode_exit(6));
  REQUIRE(read_request(p.client, deadline_in(2), request, detail) == ReadStatus::Ok);
  CHECK(request.code == kExitCode);
  CHECK(request.id_package == 6);
}

TEST_CASE("a reply that trickles in a byte at a time is read whole", "[jumpchess][protocol]") {
  Pair p = connected_pair();
  const Path path{{0, 0}, {0, 2}, {2, 2}, {2, 4}};
  const std::string bytes = encode_reply(11, path);
  std::thread writer([&] {
    for (char ch : bytes) {
      p.client.write_all(&ch, 1, deadline_in(2));
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  });
  Reply reply;
  std::string detail;
  const ReadStatus status = read_reply(p.judge, deadline_in(5), reply, detail);
  writer.join();
  REQUIRE(status == ReadStatus::Ok);
  CHECK(reply.id_package == 11);
  CHECK(reply.path == path);
}

TEST_CASE("silence, half a message, a closed connection and garbage are told apart", "[jumpchess][protocol]") {
  Reply reply;
  std::string detail;
  SECTION("silence: a timeout at the deadline, not before and not much after") {
    Pair p = connected_pair();
    const auto start = std::chrono::steady_clock::now();
    CHECK(read_reply(p.judge, deadline_in(0.2), reply, detail) == ReadStatus::Timeout);
    CHECK(seconds_since(start) >= 0.19);
    CHECK(seconds_since(start) < 1.0);
  }
  SECTION("half a message, then silence: a timeout") {
    Pair p = connected_pair();
    send(p.client, encode_reply(1, Path{{0, 0}, {0, 1}}).substr(0, 13));
    CHECK(read_reply(p.judge, deadline_in(0.2), reply, detail) == ReadStatus::Timeout);
  }
  SECTION("half a message, then the connection closes: closed") {
    Pair p = connected_pair();
    send(p.client, encode_reply(1, Path{{0, 0}, {0, 1}}).substr(0, 13));
    p.client.close();
    CHECK(read_reply(p.judge, deadline_in(2), reply, detail) == ReadStatus::Closed);
  }
  SECTION("a cntStep outside 0..100: garbage") {
    Pair p = connected_pair();
    send(p.client, encode_team(101) + encode_team(1));
    CHECK(read_reply(p.judge, deadline_in(2), reply, detail) == ReadStatus::Garbage);
    CHECK(detail == "cntStep 101 is outside 0..100");
  }
  SECTION("a board value outside 0..2 in a request: garbage") {
    Pair p = connected_pair();
    std::string request = encode_request(1, start_position(), Black);
    request[8 + 4 * 3] = 7;
    send(p.judge, request);
    Request r;
    CHECK(read_request(p.client, deadline_in(2), r, detail) == ReadStatus::Garbage);
    CHECK(detail == "board value 7 at (0,3) is not 0, 1 or 2");
  }
  SECTION("an empty path is a pass, 100 squares the most") {
    Pair p = connected_pair();
    send(p.client, encode_reply(4, Path{}));
    REQUIRE(read_reply(p.judge, deadline_in(2), reply, detail) == ReadStatus::Ok);
    CHECK(reply.path.empty());
    send(p.client, encode_reply(5, Path(100, Coord{1, 1})));
    REQUIRE(read_reply(p.judge, deadline_in(2), reply, detail) == ReadStatus::Ok);
    CHECK(reply.path.size() == 100);
  }
}

TEST_CASE("a bot's command gets the port through {port} or the release client's flags", "[jumpchess][protocol]") {
  CHECK(bot_command("python3 bot.py {host} {port} --id={team}", 4321, 2) ==
        std::vector<std::string>{"python3", "bot.py", "127.0.0.1", "4321", "--id=2"});
  CHECK(bot_command("./client --verbose", 4321, 1) ==
        std::vector<std::string>{"./client", "--verbose", "--host", "127.0.0.1", "--port", "4321", "--team", "1"});
  CHECK(bot_command("'my bot' -p {port}", 80, 1) == std::vector<std::string>{"my bot", "-p", "80"});
}
