#pragma once
// The tournament's judge protocol (docs/rules/jumpchess.md), both ends: every integer is a 4-byte little-endian
// signed int.
//   client -> judge, once after connecting:  team
//   judge -> client, on the client's turn:   code, id_package, then (code != 0) 64 board values
//                                            (row-major, 0 empty / 1 black / 2 white) and is_black
//   client -> judge, its answer:             cntStep, id_package, then cntStep pairs row, col
// code 0 means "exit now". The answer's id_package repeats the request's, so a judge can tell a late
// answer to an earlier request from the answer it waits for. A path has at most 100 squares; 0
// squares is a pass.
#include <array>
#include <string>

#include "jumpchess/path.hpp"
#include "jumpchess/socket.hpp"
#include "jumpchess/state.hpp"

namespace gamelab::jumpchess::protocol {

constexpr int kExitCode = 0;
constexpr int kMoveCode = 1;  // the code this judge sends with a request for a move (any non-zero works)
constexpr int kMaxPathSquares = 100;

// Bytes of the messages.
std::string encode_team(int team);
std::string encode_request(int id_package, const State& state, Color player);
std::string encode_exit(int id_package);
std::string encode_reply(int id_package, const Path& path);

// A request as the client reads it.
struct Request {
  int code = 0;
  int id_package = 0;
  std::array<int, kSquares> board{};  // the raw values (a client checks them, see request_position)
  int is_black = 0;
};

// A reply as the judge reads it.
struct Reply {
  int id_package = 0;
  Path path;  // raw coordinates (replay_path() checks them)
};

enum class ReadStatus { Ok, Timeout, Closed, Garbage };

// Reads one complete message before the deadline. Garbage: bytes that cannot be the message (a
// cntStep outside 0..100, a board value outside 0..2, an is_black other than 0 or 1); `detail` says
// which. After Garbage the stream cannot be trusted to be back in step.
ReadStatus read_team(Socket& socket, Deadline deadline, int& team, std::string& detail);
ReadStatus read_request(Socket& socket, Deadline deadline, Request& request, std::string& detail);
ReadStatus read_reply(Socket& socket, Deadline deadline, Reply& reply, std::string& detail);

// The position of a request (code != 0), with the side to move the player's. The tournament does not
// send the move counts; they are taken as 0 0, so the move limit is unknown to the client.
// InputError if the board has more than 9 pieces of a side.
State request_position(const Request& request);

}  // namespace gamelab::jumpchess::protocol
