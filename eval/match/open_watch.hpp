#pragma once
// Whether files were opened since a watch began (inotify, IN_OPEN): a bot that reads its parameter
// file (external_call.hpp), a referee that started a player's program (referee_game.hpp).
//
// One inotify instance per thread, kept for the thread's life, and a watch per file removed when it
// ends: closing an inotify instance costs the kernel milliseconds (it waits for a grace period), which
// a match of short games paid at every game, while removing a watch costs a microsecond. The events of
// all the thread's watches are read together and kept for the watch they belong to.
#include <string>
#include <vector>

namespace gamelab::eval {

class OpenWatch {
 public:
  explicit OpenWatch(const std::vector<std::string>& paths);
  ~OpenWatch();  // removes the watches; on the thread that made them
  OpenWatch(const OpenWatch&) = delete;
  OpenWatch& operator=(const OpenWatch&) = delete;

  // Whether file k could be watched (no inotify, or no such file: nothing can be claimed).
  bool watching(std::size_t k) const { return watches_[k] >= 0; }
  // Whether file k was opened since the watch began (true when it is not watched: no claim).
  bool opened(std::size_t k) const;

 private:
  std::vector<int> watches_;  // watch descriptors, -1 where none
};

}  // namespace gamelab::eval
