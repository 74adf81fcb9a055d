// SPSA campaigns through the gamelab binary: a run killed midway and resumed writes the journal of an
// uninterrupted run; an MPI run with two ranks writes the journal of a single process.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "common/run.hpp"
#include "helpers.hpp"

using tuner_test::count_lines;
using tuner_test::file_text;
using tuner_test::run_gamelab;
using gamelab_test::start_gamelab;

namespace {

std::string spsa_args(const std::string& dir) {
  return "tune spsa raichu --iterations 8 --pairs-per-iteration 1 --limit nodes=150 --seed 5 --verify-games 0 "
         "--campaign " + dir;
}

}  // namespace

TEST_CASE("an SPSA campaign killed midway and resumed writes the uninterrupted journal", "[spsa][cli]") {
  const std::string whole = tuner_test::fresh_dir("cli_spsa_whole");
  const auto reference = run_gamelab(spsa_args(whole));
  REQUIRE(reference.status == 0);
  REQUIRE(count_lines(whole + "/journal.jsonl") == 8);

  const std::string killed = tuner_test::fresh_dir("cli_spsa_killed");
  const pid_t child = start_gamelab(spsa_args(killed));
  REQUIRE(child > 0);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (count_lines(killed + "/journal.jsonl") < 2 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  const int lines_at_kill = count_lines(killed + "/journal.jsonl");
  INFO("journal lines when killed: " << lines_at_kill);
  REQUIRE(lines_at_kill >= 2);
  REQUIRE(lines_at_kill < 8);  // really midway

  const auto resumed = run_gamelab("tune spsa raichu --campaign " + killed + " --resume");
  INFO(resumed.output);
  REQUIRE(resumed.status == 0);
  CHECK_THAT(resumed.output, Catch::Contains("iteration " + std::to_string(lines_at_kill) + "/8"));
  CHECK(file_text(killed + "/journal.jsonl") == file_text(whole + "/journal.jsonl"));
  CHECK(file_text(killed + "/current.json") == file_text(whole + "/current.json"));
  // Resuming a finished campaign plays nothing more (here by the old spelling, still accepted).
  const auto again = run_gamelab("tune resume " + killed);
  CHECK_THAT(again.output, Catch::Contains("tune resume DIR is an old spelling"));
  CHECK(again.status == 0);
  CHECK(count_lines(killed + "/journal.jsonl") == 8);
}

TEST_CASE("tune spsa and tune resume report bad input by name", "[spsa][cli]") {
  const std::string dir = tuner_test::fresh_dir("cli_spsa_errors");
  auto r = run_gamelab("tune spsa raichu --iterations 2 --limit movetime=10 --campaign " + dir);
  CHECK(r.status != 0);
  CHECK_THAT(r.output, Catch::Contains("--limit: tuning needs nodes=N or depth=D"));
  r = run_gamelab("tune spsa raichu --iterations 2 --limit nodes=100 --params no_such_file.json --campaign " + dir);
  CHECK(r.status != 0);
  CHECK_THAT(r.output, Catch::Contains("no_such_file.json: cannot open file"));
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/fixed.spsa") << "search_repetition_draw, int, 1, 0, 1, 0, 0\n";
  r = run_gamelab("tune spsa raichu --iterations 2 --limit nodes=100 --params " + dir + "/fixed.spsa --campaign " + dir);
  CHECK(r.status != 0);
  CHECK_THAT(r.output, Catch::Contains("fixed.spsa: no parameter to tune"));
  r = run_gamelab("tune resume " + dir + "/nothing");
  CHECK(r.status != 0);
  CHECK_THAT(r.output, Catch::Contains("nothing: no campaign here"));
}

#ifdef GAMELAB_MPIEXEC
TEST_CASE("an SPSA campaign on two MPI ranks writes the single-process journal", "[spsa][mpi]") {
  const std::string single = tuner_test::fresh_dir("mpi_spsa_single");
  const std::string args = "tune spsa raichu --iterations 3 --pairs-per-iteration 2 --limit nodes=150 --seed 9 "
                           "--verify-games 0 --campaign ";
  REQUIRE(run_gamelab(args + single).status == 0);
  const std::string ranks = tuner_test::fresh_dir("mpi_spsa_ranks");
  const auto r = tuner_test::run_ranks(2, args + ranks);
  INFO(r.output);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("2 ranks x 1 threads"));
  CHECK(count_lines(ranks + "/journal.jsonl") == 3);
  CHECK(file_text(ranks + "/journal.jsonl") == file_text(single + "/journal.jsonl"));
  CHECK(file_text(ranks + "/current.json") == file_text(single + "/current.json"));
}
#endif
