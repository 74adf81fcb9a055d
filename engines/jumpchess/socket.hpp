#pragma once
// TCP on the local machine with deadlines, for the tournament's judge protocol (docs/rules/jumpchess.md): the lab's
// judge listens on 127.0.0.1 and a client (a bot) connects to it. Every read and write takes a
// deadline and loops until every byte has moved, so a short recv is never an error and a peer that
// hangs, disconnects or trickles bytes can never block the caller past its deadline. Descriptors are
// close-on-exec: a bot started by the judge never inherits another game's sockets.
#include <chrono>
#include <cstddef>
#include <string>

namespace gamelab::jumpchess {

using Deadline = std::chrono::steady_clock::time_point;
Deadline deadline_in(double seconds);

enum class IoStatus { Ok, Timeout, Closed, Error };
const char* to_string(IoStatus status);

class Socket {
 public:
  Socket() = default;
  explicit Socket(int fd) : fd_(fd) {}
  ~Socket() { close(); }
  Socket(Socket&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  Socket& operator=(Socket&& other) noexcept;
  Socket(const Socket&) = delete;
  Socket& operator=(const Socket&) = delete;

  bool is_open() const { return fd_ >= 0; }
  void close();
  // Reads exactly `size` bytes: Ok, Timeout (the deadline passed first), Closed (the peer closed the
  // connection first) or Error.
  IoStatus read_exact(void* data, std::size_t size, Deadline deadline);
  // Writes every byte (a peer that went away gives Closed, never SIGPIPE).
  IoStatus write_all(const void* data, std::size_t size, Deadline deadline);

 private:
  int fd_ = -1;
};

// A listening socket on 127.0.0.1 with a port the system picks (so parallel games never collide), or
// a given one (`gamelab judge`: the tournament's port 8888, where clients expect the judge).
class Listener {
 public:
  // Throws std::runtime_error if no socket can be opened (e.g. the port is taken), naming the port.
  static Listener open_local(int port = 0);
  ~Listener();
  Listener(Listener&& other) noexcept : fd_(other.fd_), port_(other.port_) { other.fd_ = -1; }
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;
  Listener& operator=(Listener&&) = delete;

  int port() const { return port_; }
  // Waits for one connection until the deadline, or until `give_up()` says to stop waiting (checked
  // every few milliseconds, e.g. "the bot has exited"); an unopened Socket if none came.
  template <class GiveUp>
  Socket accept(Deadline deadline, GiveUp give_up) {
    while (true) {
      Socket s = accept_for(10);
      if (s.is_open() || std::chrono::steady_clock::now() >= deadline || give_up()) return s;
    }
  }

 private:
  Listener(int fd, int port) : fd_(fd), port_(port) {}
  Socket accept_for(int milliseconds);
  int fd_ = -1;
  int port_ = 0;
};

// A client's connection to host:port (a numeric IPv4 address or a host name); an unopened Socket and
// `error` set if it cannot connect before the deadline.
Socket connect_to(const std::string& host, int port, Deadline deadline, std::string& error);

}  // namespace gamelab::jumpchess
