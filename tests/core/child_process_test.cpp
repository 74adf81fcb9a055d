// Long-running children: started without a shell, output kept in a file, group killed on destruction.
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <thread>

#include "core/process.hpp"

using gamelab::ChildProcess;

TEST_CASE("a child's exit code and output are kept", "[core][process]") {
  ChildProcess child({"sh", "-c", "echo out; echo err >&2; exit 4"});
  REQUIRE(child.started());
  CHECK(child.wait_exit(5.0));
  CHECK_FALSE(child.running());
  CHECK(child.status_text() == "exit code 4");
  CHECK(child.output_tail(100) == "out\nerr\n");
  CHECK(child.output_tail(4) == "err\n");
}

namespace {

// Waits until `path` holds a process id; 0 if it never does.
int read_pid(const std::string& path) {
  for (int i = 0; i < 500; ++i) {
    int pid = 0;
    std::ifstream(path) >> pid;
    if (pid > 0) return pid;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return 0;
}

// A process that no longer runs (gone, or a zombie waiting for its parent).
bool ended(int pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string id, name, state;
  return !(stat >> id >> name >> state) || state == "Z";
}

}  // namespace

TEST_CASE("a child that does not exit is killed with its own children", "[core][process]") {
  const std::string marker = "child_process_test_grandchild.pid";
  std::remove(marker.c_str());
  {
    ChildProcess child({"sh", "-c", "sleep 30 & echo $! > " + marker + "; sleep 30"});
    REQUIRE(child.started());
    CHECK_FALSE(child.wait_exit(0.2));
    CHECK(child.running());
    CHECK(child.status_text() == "running");
    child.kill();
    CHECK_FALSE(child.running());
    CHECK(child.status_text() == "killed");
  }
  const int grandchild = read_pid(marker);
  REQUIRE(grandchild > 0);
  // The grandchild got the group's SIGKILL too (it may linger a moment as a zombie of init).
  bool gone = false;
  for (int i = 0; i < 100 && !gone; ++i) {
    gone = ended(grandchild);
    if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  CHECK(gone);
  std::remove(marker.c_str());
}

TEST_CASE("destroying a child kills it — a missing program and a crash are told apart", "[core][process]") {
  const std::string marker = "child_process_test_child.pid";
  std::remove(marker.c_str());
  int pid = 0;
  {
    ChildProcess child({"sh", "-c", "echo $$ > " + marker + "; exec sleep 30"});
    REQUIRE(child.started());
    pid = read_pid(marker);
    REQUIRE(pid > 0);
    CHECK_FALSE(ended(pid));
  }
  CHECK(ended(pid));
  std::remove(marker.c_str());
  ChildProcess missing({"/no/such/program"});
  CHECK_FALSE(missing.started());
  CHECK(missing.status_text().find("cannot run '/no/such/program'") == 0);
  ChildProcess crash({"sh", "-c", "kill -SEGV $$"});
  CHECK(crash.wait_exit(5.0));
  CHECK(crash.status_text() == "signal 11");
}

TEST_CASE("a chatty child never blocks: its output goes to a file, not a pipe", "[core][process]") {
  ChildProcess child({"sh", "-c", "head -c 1000000 /dev/zero; echo done"});
  CHECK(child.wait_exit(10.0));
  CHECK(child.status_text() == "exit code 0");
  CHECK(child.output_tail(5) == "done\n");
}
