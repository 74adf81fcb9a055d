// The lab's batch jobs on several processes (eval/distributed, docs/tools/distributed.md): the same
// seed writes the same records file, datagen file and Texel weights, byte for byte, on one process with
// any number of threads and under mpirun with 1, 2 and 3 ranks.
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "eval/distributed/ordered_jobs.hpp"
#include "helpers.hpp"

using tuner_test::count_lines;
using tuner_test::file_text;
using tuner_test::run_gamelab;
#ifdef GAMELAB_MPIEXEC
using tuner_test::run_ranks;
#endif

TEST_CASE("run_ordered delivers in item order on one process and stops where deliver says", "[distributed]") {
  const auto& group = gamelab::dist::ProcessGroup::world();
  REQUIRE(group.size() == 1);  // the test itself runs outside mpirun
  std::vector<std::uint64_t> items;
  for (std::uint64_t i = 0; i < 40; ++i) items.push_back(3 * i + 1);
  for (int threads : {1, 4}) {
    std::vector<std::uint64_t> delivered;
    std::mutex lock;
    int worked = 0;
    gamelab::dist::run_ordered(
        group, items, threads,
        [&](std::uint64_t item) {
          // Later items finish first often: a short sleep that shrinks as the item grows.
          std::this_thread::sleep_for(std::chrono::microseconds(2000 - 15 * static_cast<int>(item)));
          std::lock_guard<std::mutex> guard(lock);
          ++worked;
          return std::to_string(item * item);
        },
        [&](std::uint64_t item, std::string&& text) {
          CHECK(text == std::to_string(item * item));
          delivered.push_back(item);
          return item != 46;  // the 16th item
        });
    INFO("threads " << threads);
    REQUIRE(delivered.size() == 16);
    for (std::size_t i = 0; i < delivered.size(); ++i) CHECK(delivered[i] == items[i]);
    CHECK(worked >= 16);
  }
  // A failing item is raised after the items before it were delivered.
  std::vector<std::uint64_t> delivered;
  CHECK_THROWS_WITH(gamelab::dist::run_ordered(
                        group, items, 2,
                        [](std::uint64_t item) -> std::string {
                          if (item == 10) throw std::runtime_error("item 10 failed");
                          return "";
                        },
                        [&](std::uint64_t item, std::string&&) {
                          delivered.push_back(item);
                          return true;
                        }),
                    "item 10 failed");
  CHECK(delivered.size() <= 3);
}

#ifdef GAMELAB_MPIEXEC
namespace {

const std::string kRelease = std::string(GAMELAB_SOURCE_DIR) + "/engines/raichu/release.json";

}  // namespace

TEST_CASE("a match with an SPRT writes the same records and stops at the same pair on 1, 2 and 3 ranks", "[distributed][mpi]") {
  const std::string dir = tuner_test::fresh_dir("distributed_match");
  std::filesystem::create_directories(dir);
  const std::string args = "match raichu --engine name=a,nodes=200 --engine name=b,nodes=200,params=" + kRelease +
                           " --games 400 --seed 5 --sprt elo0=0,elo1=40 --out ";
  // One process, then mpirun with 1, 2 and 3 ranks (3 ranks x 2 threads). One process on two threads
  // is tests_match's "SPRT stops the match at the same pair whatever the concurrency".
  struct Case {
    int ranks, threads;
  };
  std::string reference, summary;
  for (const Case c : {Case{0, 1}, Case{1, 1}, Case{2, 1}, Case{3, 2}}) {
    const std::string out = dir + "/r" + std::to_string(c.ranks) + "t" + std::to_string(c.threads) + ".jsonl";
    const auto r = run_ranks(c.ranks, args + out + " --concurrency " + std::to_string(c.threads));
    INFO(c.ranks << " ranks, " << c.threads << " threads: " << r.output);
    REQUIRE(r.status == 0);
    const auto at = r.output.find("SPRT elo0");
    REQUIRE(at != std::string::npos);
    const std::string verdict = r.output.substr(at, r.output.find('\n', at) - at);  // the SPRT's line
    if (reference.empty()) {
      reference = file_text(out);
      summary = verdict;
      CHECK_THAT(verdict, Catch::Contains("accept H0"));
      CHECK(count_lines(out) < 200);  // stopped by the SPRT before the 200 pairs
    }
    CHECK(file_text(out) == reference);
    CHECK(verdict == summary);
    if (c.ranks > 1) CHECK_THAT(r.output, Catch::Contains(std::to_string(c.ranks) + " ranks"));
  }

  // Resumed on 2 ranks after an interruption that left 9 pairs and half a line: the same file again.
  const std::string cut = dir + "/cut.jsonl";
  {
    std::ifstream in(dir + "/r0t1.jsonl");
    std::ofstream out(cut);
    std::string line;
    for (int i = 0; i < 9 && std::getline(in, line); ++i) out << line << "\n";
    std::getline(in, line);
    out << line.substr(0, line.size() / 2);
  }
  const auto resumed = run_ranks(2, "match raichu --engine name=a,nodes=200 --engine name=b,nodes=200,params=" + kRelease +
                                        " --games 400 --seed 5 --sprt elo0=0,elo1=40 --resume " + cut);
  INFO(resumed.output);
  REQUIRE(resumed.status == 0);
  CHECK(file_text(cut) == reference);
}

TEST_CASE("datagen writes the same file on 1, 2 and 3 ranks, and resumed", "[distributed][mpi]") {
  const std::string dir = tuner_test::fresh_dir("distributed_datagen");
  std::filesystem::create_directories(dir);
  const std::string args = "datagen raichu --games 24 --limit nodes=200 --seed 4 --out ";
  std::string reference;
  for (int ranks : {0, 1, 2, 3}) {
    const std::string out = dir + "/d" + std::to_string(ranks) + ".data";
    const auto r = run_ranks(ranks, args + out + (ranks == 0 ? " --concurrency 2" : ""));
    INFO(ranks << " ranks: " << r.output);
    REQUIRE(r.status == 0);
    if (reference.empty()) reference = file_text(out);
    CHECK(file_text(out) == reference);
  }
  CHECK(count_lines(dir + "/d0.data") > 1000);

  // A run stopped in the middle (the file cut mid-row, no end line) continues on 2 ranks and on one
  // process to the same file.
  for (int ranks : {0, 2}) {
    const std::string out = dir + "/resumed" + std::to_string(ranks) + ".data";
    std::ofstream(out + ".partial", std::ios::binary) << reference.substr(0, reference.size() * 3 / 5);
    const auto r = run_ranks(ranks, args + out + " --resume");
    INFO(ranks << " ranks: " << r.output);
    REQUIRE(r.status == 0);
    CHECK(file_text(out) == reference);
    CHECK_FALSE(std::filesystem::exists(out + ".partial"));
  }
  // Other options, or nothing to resume: refused, naming the file.
  std::ofstream(dir + "/other.data.partial", std::ios::binary) << reference.substr(0, reference.size() / 2);
  auto r = run_gamelab("datagen raichu --games 24 --limit nodes=300 --seed 4 --resume --out " + dir + "/other.data");
  CHECK(r.status != 0);
  CHECK_THAT(r.output, Catch::Contains("other.data.partial: written by another datagen command"));
  r = run_gamelab(args + dir + "/none.data --resume");
  CHECK(r.status != 0);
  CHECK_THAT(r.output, Catch::Contains("none.data.partial: no unfinished run of"));
}

TEST_CASE("Texel writes the same weights and journal on 1, 2 and 3 ranks", "[distributed][mpi]") {
  const std::string dir = tuner_test::fresh_dir("distributed_texel");
  std::filesystem::create_directories(dir);
  // About 40,000 positions: five blocks of 8,192 rows, dealt 2-2-1 over three ranks.
  REQUIRE(run_gamelab("datagen raichu --games 140 --limit nodes=150 --seed 9 --concurrency 2 --out " + dir + "/t.data").status == 0);
  std::string best, journal, current;
  for (int ranks : {0, 1, 2, 3}) {
    const std::string campaign = dir + "/c" + std::to_string(ranks);
    const auto r = run_ranks(ranks, "tune texel raichu --data " + dir + "/t.data --epochs 25 --lambda 0.5 --campaign " + campaign +
                                        (ranks == 0 ? " --concurrency 2" : ""));
    INFO(ranks << " ranks: " << r.output);
    REQUIRE(r.status == 0);
    if (best.empty()) {
      best = file_text(campaign + "/best.json");
      current = file_text(campaign + "/current.json");
      journal = file_text(campaign + "/journal.jsonl");
    }
    CHECK(file_text(campaign + "/best.json") == best);
    CHECK(file_text(campaign + "/current.json") == current);
    CHECK(file_text(campaign + "/journal.jsonl") == journal);
  }
}

TEST_CASE("under mpirun an error on rank 0 ends every rank with its message", "[distributed][mpi]") {
  const auto r = run_ranks(3, "match raichu --engine name=a,nodes=100 --engine name=a,nodes=100 --games 2 --out distributed_bad.jsonl");
  CHECK(r.status != 0);
  CHECK_THAT(r.output, Catch::Contains("the two engines need different names"));
  const auto d = run_ranks(2, "datagen raichu --games 2 --limit movetime=10 --out distributed_bad.data");
  CHECK(d.status != 0);
  CHECK_THAT(d.output, Catch::Contains("datagen needs node or depth limits"));
}
#endif
