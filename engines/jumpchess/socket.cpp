#include "jumpchess/socket.hpp"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace gamelab::jumpchess {

namespace {

// Milliseconds left until `deadline`, rounded up (poll's unit), at least 0.
int millis_left(Deadline deadline) {
  const auto left = deadline - std::chrono::steady_clock::now();
  if (left <= std::chrono::steady_clock::duration::zero()) return 0;
  return static_cast<int>(std::chrono::ceil<std::chrono::milliseconds>(left).count());
}

// Waits until `fd` is ready for `events` or the deadline passes; false on timeout.
bool wait_ready(int fd, short events, Deadline deadline) {
  while (true) {
    const int ms = millis_left(deadline);
    if (ms <= 0) return false;
    pollfd p{fd, events, 0};
    const int r = ::poll(&p, 1, ms);
    if (r > 0) return true;
    if (r < 0 && errno != EINTR) return true;  // let the read or write report the error
  }
}

void set_nodelay(int fd) {
  const int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);  // small messages, one per turn
}

}  // namespace

Deadline deadline_in(double seconds) {
  return std::chrono::steady_clock::now() +
         std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
}

const char* to_string(IoStatus status) {
  switch (status) {
    case IoStatus::Ok: return "ok";
    case IoStatus::Timeout: return "timeout";
    case IoStatus::Closed: return "connection closed";
    case IoStatus::Error: return "socket error";
  }
  return "?";
}

Socket& Socket::operator=(Socket&& other) noexcept {
  if (this != &other) {
    close();
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

void Socket::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

IoStatus Socket::read_exact(void* data, std::size_t size, Deadline deadline) {
  if (fd_ < 0) return IoStatus::Closed;
  auto* out = static_cast<char*>(data);
  std::size_t got = 0;
  while (got < size) {
    const ssize_t n = ::recv(fd_, out + got, size - got, 0);
    if (n > 0) {
      got += static_cast<std::size_t>(n);
    } else if (n == 0) {
      return IoStatus::Closed;
    } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
      if (!wait_ready(fd_, POLLIN, deadline)) return IoStatus::Timeout;
    } else if (errno == ECONNRESET) {
      return IoStatus::Closed;
    } else if (errno != EINTR) {
      return IoStatus::Error;
    }
  }
  return IoStatus::Ok;
}

IoStatus Socket::write_all(const void* data, std::size_t size, Deadline deadline) {
  if (fd_ < 0) return IoStatus::Closed;
  const auto* in = static_cast<const char*>(data);
  std::size_t sent = 0;
  while (sent < size) {
    const ssize_t n = ::send(fd_, in + sent, size - sent, MSG_NOSIGNAL);
    if (n > 0) {
      sent += static_cast<std::size_t>(n);
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      if (!wait_ready(fd_, POLLOUT, deadline)) return IoStatus::Timeout;
    } else if (n < 0 && (errno == EPIPE || errno == ECONNRESET)) {
      return IoStatus::Closed;
    } else if (n < 0 && errno != EINTR) {
      return IoStatus::Error;
    }
  }
  return IoStatus::Ok;
}

Listener Listener::open_local(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) throw std::runtime_error(std::string("judge: socket: ") + std::strerror(errno));
  if (port != 0) {
    // A judge restarted at once may bind its port again while the last game's connection lingers.
    const int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  }
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(static_cast<std::uint16_t>(port));  // 0: the system picks a free port
  socklen_t length = sizeof address;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 || ::listen(fd, 4) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    const std::string reason = std::strerror(errno);
    ::close(fd);
    throw std::runtime_error("judge: cannot listen on 127.0.0.1" + (port ? ":" + std::to_string(port) : std::string()) +
                             ": " + reason);
  }
  return Listener(fd, ntohs(address.sin_port));
}

Listener::~Listener() {
  if (fd_ >= 0) ::close(fd_);
}

Socket Listener::accept_for(int milliseconds) {
  pollfd p{fd_, POLLIN, 0};
  if (::poll(&p, 1, milliseconds) <= 0) return Socket();
  const int fd = ::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
  if (fd < 0) return Socket();
  set_nodelay(fd);
  return Socket(fd);
}

Socket connect_to(const std::string& host, int port, Deadline deadline, std::string& error) {
  addrinfo hints{};
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  const int rc = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
  if (rc != 0 || !found) {
    error = "cannot resolve '" + host + "': " + ::gai_strerror(rc);
    return Socket();
  }
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) {
    ::freeaddrinfo(found);
    error = std::string("socket: ") + std::strerror(errno);
    return Socket();
  }
  Socket socket(fd);
  const int r = ::connect(fd, found->ai_addr, found->ai_addrlen);
  ::freeaddrinfo(found);
  if (r != 0 && errno != EINPROGRESS) {
    error = "cannot connect to " + host + ":" + std::to_string(port) + ": " + std::strerror(errno);
    return Socket();
  }
  if (r != 0) {
    if (!wait_ready(fd, POLLOUT, deadline)) {
      error = "cannot connect to " + host + ":" + std::to_string(port) + ": timed out";
      return Socket();
    }
    int code = 0;
    socklen_t length = sizeof code;
    ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length);
    if (code != 0) {
      error = "cannot connect to " + host + ":" + std::to_string(port) + ": " + std::strerror(code);
      return Socket();
    }
  }
  set_nodelay(fd);
  return socket;
}

}  // namespace gamelab::jumpchess
