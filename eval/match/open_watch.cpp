#include "eval/match/open_watch.hpp"

#include <sys/inotify.h>
#include <unistd.h>

#include <map>

namespace gamelab::eval {

namespace {

// This thread's inotify instance and, for each live watch, whether its file was opened.
struct Notifier {
  int fd = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  std::map<int, bool> opened;
  ~Notifier() {
    if (fd >= 0) ::close(fd);
  }
  // Reads every event so far into `opened` (events of removed watches are dropped).
  void drain() {
    alignas(inotify_event) char buffer[4096];
    for (;;) {
      const ssize_t n = ::read(fd, buffer, sizeof buffer);
      if (n <= 0) return;
      for (ssize_t at = 0; at < n;) {
        const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
        const auto it = opened.find(event->wd);
        if (it != opened.end() && (event->mask & IN_OPEN)) it->second = true;
        at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
      }
    }
  }
};

Notifier& notifier() {
  thread_local Notifier n;
  return n;
}

}  // namespace

OpenWatch::OpenWatch(const std::vector<std::string>& paths) {
  Notifier& n = notifier();
  n.drain();  // what earlier watches left unread is theirs
  for (const std::string& path : paths) {
    const int wd = n.fd < 0 ? -1 : ::inotify_add_watch(n.fd, path.c_str(), IN_OPEN);
    if (wd >= 0) n.opened[wd] = false;
    watches_.push_back(wd);
  }
}

OpenWatch::~OpenWatch() {
  Notifier& n = notifier();
  for (const int wd : watches_) {
    if (wd < 0) continue;
    ::inotify_rm_watch(n.fd, wd);
    n.opened.erase(wd);
  }
}

bool OpenWatch::opened(std::size_t k) const {
  if (watches_[k] < 0) return true;
  Notifier& n = notifier();
  n.drain();
  return n.opened[watches_[k]];
}

}  // namespace gamelab::eval
