// A tiny jump chess client for the judge's tests, speaking the tournament's TCP protocol (docs/rules/jumpchess.md)
// through engines/jumpchess/protocol.hpp, well or badly on purpose:
//   fake_bot --host H --port P --team T --mode MODE [--after K] [--seed S]
// It answers its first K requests well (a seeded random legal move), then misbehaves by MODE:
//   good        never misbehaves
//   sleep       stops answering (sleeps for a minute)
//   late        answers one request 1.5 s late, then plays well again (its late answer is stale)
//   flood       sends old answers (id_package 1) without end
//   garbage     sends bytes that cannot be an answer (cntStep 1000000)
//   wrong-id    answers with an id_package that was never sent
//   disconnect  closes the connection and exits with code 3
//   crash       aborts (SIGABRT)
//   illegal     sends a path that does not replay, [(0,0), (7,7)], then plays well again
//   pass        sends an empty path (a pass) although it has moves, then plays well again
//   silent      connects but never sends its team id
//   no-connect  never connects
// With --log FILE it appends "exit" when the judge tells it to exit.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "core/rng.hpp"
#include "jumpchess/movegen.hpp"
#include "jumpchess/path.hpp"
#include "jumpchess/protocol.hpp"

using namespace gamelab::jumpchess;

namespace {

void send(Socket& socket, const std::string& bytes) { socket.write_all(bytes.data(), bytes.size(), deadline_in(5)); }

}  // namespace

int main(int argc, char** argv) {
  std::string host = "127.0.0.1", mode = "good", log;
  int port = 0, team = 0, after = 0;
  std::uint64_t seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    if (flag == "--host") host = value;
    else if (flag == "--port") port = std::atoi(value.c_str());
    else if (flag == "--team") team = std::atoi(value.c_str());
    else if (flag == "--mode") mode = value;
    else if (flag == "--after") after = std::atoi(value.c_str());
    else if (flag == "--seed") seed = std::strtoull(value.c_str(), nullptr, 10);
    else if (flag == "--log") log = value;
  }
  if (mode == "no-connect") {
    std::this_thread::sleep_for(std::chrono::seconds(60));
    return 0;
  }
  std::string error;
  Socket socket = connect_to(host, port, deadline_in(5), error);
  if (!socket.is_open()) {
    std::fprintf(stderr, "fake_bot: %s\n", error.c_str());
    return 2;
  }
  if (mode == "silent") {
    std::this_thread::sleep_for(std::chrono::seconds(60));
    return 0;
  }
  send(socket, protocol::encode_team(team));
  gamelab::Rng rng(seed);
  bool misbehaved = false;
  for (int asked = 0;; ++asked) {
    protocol::Request request;
    std::string detail;
    if (protocol::read_request(socket, deadline_in(120), request, detail) != protocol::ReadStatus::Ok) return 1;
    if (request.code == protocol::kExitCode) {
      if (!log.empty()) {
        if (FILE* f = std::fopen(log.c_str(), "a")) {
          std::fputs("exit\n", f);
          std::fclose(f);
        }
      }
      return 0;
    }
    const State state = protocol::request_position(request);
    MoveList moves;
    generate_moves(state, moves);
    const Path good = path_of(moves[rng.below(moves.size())]);
    if (asked < after || mode == "good" || misbehaved) {
      send(socket, protocol::encode_reply(request.id_package, good));
      continue;
    }
    misbehaved = true;
    if (mode == "sleep") {
      std::this_thread::sleep_for(std::chrono::seconds(60));
      return 0;
    } else if (mode == "late") {
      std::this_thread::sleep_for(std::chrono::milliseconds(1500));
      send(socket, protocol::encode_reply(request.id_package, good));
    } else if (mode == "flood") {
      const std::string old_answer = protocol::encode_reply(1, good);
      while (socket.write_all(old_answer.data(), old_answer.size(), deadline_in(5)) == IoStatus::Ok) {
      }
      return 0;
    } else if (mode == "garbage") {
      send(socket, protocol::encode_reply(request.id_package, good).replace(0, 4, "\x40\x42\x0f\x00", 4));
    } else if (mode == "wrong-id") {
      send(socket, protocol::encode_reply(request.id_package + 1000, good));
    } else if (mode == "disconnect") {
      socket.close();
      return 3;
    } else if (mode == "crash") {
      std::abort();
    } else if (mode == "illegal") {
      send(socket, protocol::encode_reply(request.id_package, Path{{0, 0}, {7, 7}}));
    } else if (mode == "pass") {
      send(socket, protocol::encode_reply(request.id_package, Path{}));
    }
  }
}
