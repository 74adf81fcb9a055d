// A long-running child spoken to line by line: answers read with a limit, a silent child times out,
// a crashed one is seen as closed, stderr never blocks it, and the whole group dies with the object.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <string>

#include "core/piped_process.hpp"

using gamelab::PipedProcess;

TEST_CASE("a child answers request lines one by one and keeps its state", "[core][piped-process]") {
  // Echoes each line with a running count: the same process serves every request.
  PipedProcess child({"sh", "-c", "n=0; while IFS= read -r line; do n=$((n + 1)); echo \"$n: $line\"; done"});
  REQUIRE(child.started());
  std::string line;
  REQUIRE(child.write("first\n", 5.0));
  CHECK(child.read_line(line, 5.0) == PipedProcess::Read::Line);
  CHECK(line == "1: first");
  REQUIRE(child.write("second  with  blanks\n", 5.0));
  CHECK(child.read_line(line, 5.0) == PipedProcess::Read::Line);
  CHECK(line == "2: second  with  blanks");
  child.finish(5.0);
  CHECK(child.status_text() == "exit code 0");
}

TEST_CASE("a silent child times out and keeps running until killed", "[core][piped-process]") {
  PipedProcess child({"sh", "-c", "sleep 30"});
  REQUIRE(child.started());
  std::string line;
  const auto start = std::chrono::steady_clock::now();
  CHECK(child.read_line(line, 0.2) == PipedProcess::Read::Timeout);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
  CHECK(child.status_text() == "running");
  child.kill();
  CHECK(child.status_text() == "killed");
}

TEST_CASE("a child that exits is seen as closed, with its exit code and standard error", "[core][piped-process]") {
  PipedProcess child({"sh", "-c", "echo partial answer; echo 'it broke' >&2; exit 3"});
  REQUIRE(child.started());
  std::string line;
  CHECK(child.read_line(line, 5.0) == PipedProcess::Read::Line);
  CHECK(line == "partial answer");
  CHECK(child.read_line(line, 5.0) == PipedProcess::Read::Closed);
  child.finish(5.0);
  CHECK(child.status_text() == "exit code 3");
  CHECK(child.err() == "it broke\n");
  // Writing to it now fails instead of raising SIGPIPE.
  CHECK_FALSE(child.write("anyone?\n", 0.5));
}

TEST_CASE("a last line without a newline is still an answer — CRLF is accepted", "[core][piped-process]") {
  PipedProcess child({"sh", "-c", "printf 'one\\r\\ntwo'"});
  std::string line;
  CHECK(child.read_line(line, 5.0) == PipedProcess::Read::Line);
  CHECK(line == "one");
  CHECK(child.read_line(line, 5.0) == PipedProcess::Read::Line);
  CHECK(line == "two");
  CHECK(child.read_line(line, 5.0) == PipedProcess::Read::Closed);
}

TEST_CASE("a child flooding standard error never blocks, and a missing program is reported", "[core][piped-process]") {
  // 1 MB on stderr before the answer: more than a pipe holds, so it must be drained while we wait.
  PipedProcess chatty({"sh", "-c", "head -c 1000000 /dev/zero | tr '\\0' x >&2; echo done"});
  std::string line;
  CHECK(chatty.read_line(line, 10.0) == PipedProcess::Read::Line);
  CHECK(line == "done");
  CHECK(chatty.err().size() == 65536);
  PipedProcess missing({"/no/such/bot"});
  CHECK_FALSE(missing.started());
  CHECK_THAT(missing.error(), Catch::Contains("cannot run '/no/such/bot'"));
  CHECK_FALSE(missing.write("x\n", 0.1));
}

TEST_CASE("killing a child kills its own children too", "[core][piped-process]") {
  std::string pid_text;
  {
    PipedProcess child({"sh", "-c", "sleep 30 & echo $!; wait"});
    REQUIRE(child.read_line(pid_text, 5.0) == PipedProcess::Read::Line);
  }  // destroyed: the whole group is killed
  // The grandchild is gone, or a zombie left for init to reap (its state in /proc is 'Z').
  auto dead = [&] {
    std::ifstream stat("/proc/" + pid_text + "/stat");
    std::string pid, name, state;
    return !(stat >> pid >> name >> state) || state == "Z";
  };
  bool gone = false;
  for (int i = 0; i < 100 && !gone; ++i) {
    gone = dead();
    if (!gone) ::usleep(20000);
  }
  CHECK(gone);
}
