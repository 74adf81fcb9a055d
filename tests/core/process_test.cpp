// External programs: output captured, time limit enforced by killing, crashes and missing programs seen.
#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "core/process.hpp"

using gamelab::run_process;

TEST_CASE("a program's output is captured line by line", "[core][process]") {
  std::vector<std::string> lines;
  const auto r = run_process({"sh", "-c", "echo one; echo two; echo err >&2; exit 3"}, "", 5.0,
                             [&](const std::string& line, double) { lines.push_back(line); });
  CHECK(r.started);
  CHECK_FALSE(r.timed_out);
  CHECK(r.exit_code == 3);
  CHECK(lines == std::vector<std::string>{"one", "two"});
  CHECK(r.err == "err\n");
}

TEST_CASE("standard input reaches the program", "[core][process]") {
  const auto r = run_process({"cat"}, "hello\nworld\n", 5.0);
  CHECK(r.out == "hello\nworld\n");
  CHECK(r.exit_code == 0);
}

TEST_CASE("a program that sleeps forever is killed at the limit, with its children", "[core][process]") {
  const auto r = run_process({"sh", "-c", "echo early; sleep 30 & sleep 30"}, "", 0.3);
  CHECK(r.timed_out);
  CHECK(r.out == "early\n");
  CHECK(r.seconds < 5.0);
}

TEST_CASE("a crash and a missing program are told apart", "[core][process]") {
  const auto crash = run_process({"sh", "-c", "kill -SEGV $$"}, "", 5.0);
  CHECK(crash.signaled);
  const auto missing = run_process({"/no/such/bot"}, "", 5.0);
  CHECK_FALSE(missing.started);
  CHECK_THAT(missing.error, Catch::Contains("cannot run '/no/such/bot'"));
}

TEST_CASE("a program that ignores its input does not block the caller", "[core][process]") {
  const auto r = run_process({"sh", "-c", "exec 0<&-; sleep 0.1; echo done"}, std::string(1 << 20, 'x'), 5.0);
  CHECK(r.out == "done\n");
}

TEST_CASE("command lines split into words with quotes", "[core][process]") {
  CHECK(gamelab::split_command("python3 'my bot.py' --x \"a b\"") ==
        std::vector<std::string>{"python3", "my bot.py", "--x", "a b"});
  CHECK_THROWS_WITH(gamelab::split_command("python3 'oops"), Catch::Contains("unterminated quote"));
  CHECK_THROWS_AS(gamelab::split_command("   "), gamelab::InputError);
}

TEST_CASE("leading NAME=VALUE words set the program's environment, as in a shell", "[core][process]") {
  ::setenv("GAMELAB_TEST_KEPT", "kept", 1);
  ::setenv("GAMELAB_TEST_OVERRIDDEN", "old", 1);
  const auto r = run_process(gamelab::split_command("GAMELAB_TEST_NEW='a b' GAMELAB_TEST_OVERRIDDEN=new sh -c "
                                                    "'echo $GAMELAB_TEST_NEW/$GAMELAB_TEST_OVERRIDDEN/$GAMELAB_TEST_KEPT'"),
                             "", 5.0);
  CHECK(r.started);
  CHECK(r.out == "a b/new/kept\n");
  // A word with '=' after the program is an argument; a name must not start with a digit.
  CHECK(run_process({"echo", "X=1"}, "", 5.0).out == "X=1\n");
  CHECK(gamelab::leading_assignments({"1X=2", "echo"}) == 0);
  CHECK(gamelab::leading_assignments({"A_1=", "B=x=y", "prog", "C=3"}) == 2);
  const auto only = run_process({"A=1", "B=2"}, "", 5.0);
  CHECK_FALSE(only.started);
  CHECK_FALSE(only.timed_out);  // nothing ran, so nothing was waited for
  CHECK(only.error.find("names no program") != std::string::npos);
  const auto missing = run_process({"A=1", "no-such-program-gamelab"}, "", 5.0);
  CHECK_FALSE(missing.started);
  CHECK(missing.error.find("cannot run 'no-such-program-gamelab'") != std::string::npos);
}
