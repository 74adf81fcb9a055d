#include "jumpchess/protocol.hpp"

#include <algorithm>
#include <cstdint>

#include "jumpchess/notation.hpp"

namespace gamelab::jumpchess::protocol {

namespace {

void put_int(std::string& out, int value) {
  const auto v = static_cast<std::uint32_t>(value);
  for (int byte = 0; byte < 4; ++byte) out += static_cast<char>((v >> (8 * byte)) & 0xFF);
}

int get_int(const unsigned char* p) {
  const std::uint32_t v = p[0] | (p[1] << 8) | (p[2] << 16) | (static_cast<std::uint32_t>(p[3]) << 24);
  return static_cast<int>(v);
}

ReadStatus from_io(IoStatus status) {
  switch (status) {
    case IoStatus::Ok: return ReadStatus::Ok;
    case IoStatus::Timeout: return ReadStatus::Timeout;
    default: return ReadStatus::Closed;
  }
}

// Reads `count` ints into `out`.
ReadStatus read_ints(Socket& socket, Deadline deadline, int* out, std::size_t count) {
  unsigned char buffer[4 * (2 * kMaxPathSquares + 2)];
  std::size_t done = 0;
  while (done < count) {
    const std::size_t chunk = std::min(count - done, sizeof buffer / 4);
    const ReadStatus status = from_io(socket.read_exact(buffer, 4 * chunk, deadline));
    if (status != ReadStatus::Ok) return status;
    for (std::size_t i = 0; i < chunk; ++i) out[done + i] = get_int(buffer + 4 * i);
    done += chunk;
  }
  return ReadStatus::Ok;
}

}  // namespace

std::string encode_team(int team) {
  std::string out;
  put_int(out, team);
  return out;
}

std::string encode_request(int id_package, const State& state, Color player) {
  std::string out;
  put_int(out, kMoveCode);
  put_int(out, id_package);
  for (int sq = 0; sq < kSquares; ++sq) put_int(out, state.value_at(sq));
  put_int(out, player == Black ? 1 : 0);
  return out;
}

std::string encode_exit(int id_package) {
  std::string out;
  put_int(out, kExitCode);
  put_int(out, id_package);
  return out;
}

std::string encode_reply(int id_package, const Path& path) {
  std::string out;
  put_int(out, static_cast<int>(path.size()));
  put_int(out, id_package);
  for (const Coord& c : path) {
    put_int(out, c.row);
    put_int(out, c.col);
  }
  return out;
}

ReadStatus read_team(Socket& socket, Deadline deadline, int& team, std::string&) {
  return read_ints(socket, deadline, &team, 1);
}

ReadStatus read_request(Socket& socket, Deadline deadline, Request& request, std::string& detail) {
  int head[2];
  if (const ReadStatus s = read_ints(socket, deadline, head, 2); s != ReadStatus::Ok) return s;
  request.code = head[0];
  request.id_package = head[1];
  if (request.code == kExitCode) return ReadStatus::Ok;
  if (const ReadStatus s = read_ints(socket, deadline, request.board.data(), kSquares); s != ReadStatus::Ok) return s;
  if (const ReadStatus s = read_ints(socket, deadline, &request.is_black, 1); s != ReadStatus::Ok) return s;
  for (int sq = 0; sq < kSquares; ++sq) {
    if (request.board[sq] < 0 || request.board[sq] > 2) {
      detail = "board value " + std::to_string(request.board[sq]) + " at (" + std::to_string(row_of(sq)) + "," +
               std::to_string(col_of(sq)) + ") is not 0, 1 or 2";
      return ReadStatus::Garbage;
    }
  }
  if (request.is_black != 0 && request.is_black != 1) {
    detail = "is_black " + std::to_string(request.is_black) + " is not 0 or 1";
    return ReadStatus::Garbage;
  }
  return ReadStatus::Ok;
}

ReadStatus read_reply(Socket& socket, Deadline deadline, Reply& reply, std::string& detail) {
  int head[2];
  if (const ReadStatus s = read_ints(socket, deadline, head, 2); s != ReadStatus::Ok) return s;
  const int count = head[0];
  reply.id_package = head[1];
  if (count < 0 || count > kMaxPathSquares) {
    detail = "cntStep " + std::to_string(count) + " is outside 0.." + std::to_string(kMaxPathSquares);
    return ReadStatus::Garbage;
  }
  int squares[2 * kMaxPathSquares];
  if (const ReadStatus s = read_ints(socket, deadline, squares, 2 * static_cast<std::size_t>(count)); s != ReadStatus::Ok) {
    return s;
  }
  reply.path.clear();
  for (int k = 0; k < count; ++k) reply.path.push_back({squares[2 * k], squares[2 * k + 1]});
  return ReadStatus::Ok;
}

State request_position(const Request& request) {
  Bitboard pieces[2] = {0, 0};
  for (int sq = 0; sq < kSquares; ++sq) {
    if (request.board[sq] == 1) pieces[Black] |= bit(sq);
    if (request.board[sq] == 2) pieces[White] |= bit(sq);
  }
  return make_position(pieces[Black], pieces[White], request.is_black ? Black : White, 0, 0, "judge's request");
}

}  // namespace gamelab::jumpchess::protocol
