// The jump chess release client, run as a separate process exactly as the tournament runs it
// (`jumpchess_bot --host H --port P --team T`), against a judge written here on raw sockets: the team
// id, requests and their answers, the exit code, bytes that trickle in, and bad input of every kind.
#include <catch2/catch.hpp>
#include <memory>
#include <thread>

#include "core/process.hpp"
#include "helpers.hpp"
#include "jumpchess/client.hpp"
#include "jumpchess/eval.hpp"
#include "jumpchess/path.hpp"

using namespace release_jumpchess_test;

namespace {

std::string request_bytes(int id, const std::array<int, kSquares>& board, int is_black) {
  std::string out = protocol::encode_request(id, start_position(), Black);
  // Rewrite the 64 board values and is_black (4 bytes each after code and id_package).
  auto put = [&](std::size_t index, int value) {
    for (int b = 0; b < 4; ++b) out[4 * index + b] = static_cast<char>((static_cast<unsigned>(value) >> (8 * b)) & 0xFF);
  };
  for (int sq = 0; sq < kSquares; ++sq) put(2 + sq, board[sq]);
  put(2 + kSquares, is_black);
  return out;
}

std::array<int, kSquares> values_of(const State& s) {
  std::array<int, kSquares> board{};
  for (int sq = 0; sq < kSquares; ++sq) board[sq] = s.value_at(sq);
  return board;
}

}  // namespace

TEST_CASE("the client searches 60% of the judge's limit less 50 ms", "[client]") {
  CHECK(client_movetime_ms(5) == 2950);
  CHECK(client_movetime_ms(0.2) == 70);
  CHECK(client_movetime_ms(0.05) == 1);
}

TEST_CASE("safe_path sends the search's path if it replays, else the first legal path, else a pass", "[client]") {
  const State start = start_position();
  MoveList moves;
  generate_moves(start, moves);
  CHECK(safe_path(start, moves[5]) == path_of(moves[5]));
  // A move from an empty square (a broken search) is never sent: the first legal move is.
  CHECK(safe_path(start, Move::step(square(3, 3), square(3, 4))) == path_of(moves[0]));
  CHECK(safe_path(start, std::nullopt) == path_of(moves[0]));
  const State no_black = make_position(0, bit(square(3, 4)), Black, 0, 0, "no black piece");
  CHECK(safe_path(no_black, std::nullopt).empty());
}

TEST_CASE("the client sends its team id, answers every request with a path that replays, and exits on code 0",
          "[client]") {
  RawJudge judge;
  CHECK(judge.team() == 42);
  const std::vector<State> positions = bot_positions(5, 21);
  int id = 100;
  for (const State& s : positions) {
    judge.send(protocol::encode_request(++id, s, s.side));
    const protocol::Reply reply = judge.reply(2.0);
    CHECK(reply.id_package == id);
    INFO(path_text(reply.path) << "\n" << diagram(s));
    CHECK(replay_path(s, reply.path).ok);
  }
  // A side without a legal move answers the pass: the empty path.
  const State no_black = make_position(0, bit(square(3, 4)), Black, 0, 0, "no black piece");
  judge.send(protocol::encode_request(++id, no_black, Black));
  CHECK(judge.reply(2.0).path.empty());
  judge.send(protocol::encode_exit(++id));
  CHECK(judge.ending(5) == "exit code 0");
}

TEST_CASE("the client reads a request that trickles in byte by byte", "[client]") {
  RawJudge judge;
  judge.team();
  const State s = bot_positions(1, 5)[0];
  const std::string bytes = protocol::encode_request(7, s, s.side);
  for (char byte : bytes) {
    judge.send(std::string(1, byte));
    std::this_thread::sleep_for(std::chrono::microseconds(500));
  }
  const protocol::Reply reply = judge.reply(2.0);
  CHECK(reply.id_package == 7);
  CHECK(replay_path(s, reply.path).ok);
  judge.send(protocol::encode_exit(8));
  CHECK(judge.ending(5) == "exit code 0");
}

TEST_CASE("the client refuses a request that cannot be a position: a message and exit code 2", "[client]") {
  struct Case {
    const char* name;
    std::string bytes;
    const char* message;
  };
  std::array<int, kSquares> bad_value = values_of(start_position());
  bad_value[square(2, 5)] = 3;
  std::array<int, kSquares> ten_black = values_of(start_position());
  ten_black[square(7, 0)] = 1;
  const State home = make_position(bit(square(0, 7)) | bit(square(5, 6)), bit(square(4, 4)), White, 0, 0, "black home");
  const std::vector<Case> cases = {
      {"a board value that is no colour", request_bytes(1, bad_value, 1), "board value 3 at (2,5) is not 0, 1 or 2"},
      {"is_black neither 0 nor 1", request_bytes(1, values_of(start_position()), 2), "is_black 2 is not 0 or 1"},
      {"ten black pieces", request_bytes(1, ten_black, 1), "Black has 10 pieces"},
      {"a game already over", protocol::encode_request(1, home, White), "the game is already over"},
  };
  for (const Case& c : cases) {
    SECTION(c.name) {
      RawJudge judge;
      judge.team();
      judge.send(c.bytes);
      const std::string ending = judge.ending(5);
      const std::string output = judge.bot->output_tail(4000);
      INFO(output);
      CHECK(ending == "exit code 2");
      CHECK(output.find("jumpchess_bot: error: ") != std::string::npos);
      CHECK(output.find(c.message) != std::string::npos);
    }
  }
}

TEST_CASE("the client exits with code 1 when the judge closes the connection without the exit code", "[client]") {
  RawJudge judge;
  judge.team();
  judge.socket.close();
  CHECK(judge.ending(5) == "exit code 1");
  CHECK(judge.bot->output_tail(2000).find("the judge closed the connection without the exit code") != std::string::npos);
}

TEST_CASE("the client's bad arguments get a message, the usage and exit code 2", "[client]") {
  struct Case {
    std::vector<std::string> args;
    const char* message;
  };
  const std::vector<Case> cases = {
      {{"--port", "8888"}, "--team T is required"},
      {{"--team", "3", "--port", "99999"}, "--port: '99999' is not a port number 1..65535"},
      {{"--team", "x"}, "--team: 'x' is not an integer team id"},
      {{"--team", "3", "--time-limit", "0"}, "--time-limit: '0' is not a number of seconds"},
      {{"--team", "3", "--depth"}, "--depth needs a value"},
      {{"--team", "3", "--colour", "red"}, "unknown argument '--colour'"},
      {{"--team", "3", "--port", "1", "--connect-timeout", "0.2"}, "cannot connect to 127.0.0.1:1"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> argv = {JUMPCHESS_BOT};
    argv.insert(argv.end(), c.args.begin(), c.args.end());
    const gamelab::ProcessResult run = gamelab::run_process(argv, "", 10);
    INFO(run.err);
    CHECK(run.exit_code == 2);
    CHECK(run.err.find(c.message) != std::string::npos);
    CHECK(run.out.empty());
  }
  const gamelab::ProcessResult params = gamelab::run_process({JUMPCHESS_BOT, "--print-params"}, "", 10);
  CHECK(params.exit_code == 0);
  CHECK(gamelab::ParamSet::from_json(params.out, default_params(), "--print-params").size() == default_params().size());
}
