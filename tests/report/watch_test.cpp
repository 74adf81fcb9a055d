// `gamelab report DIR --watch`: the page of a running campaign follows its files. The tests start the
// command on campaign folders in a temporary folder, append to their files as a running campaign
// would (a line at a time, and a line cut in two), wait until the page shows the new figures (a
// generous timeout, no timing asserted), then stop it with SIGTERM: exit code 0, and a last page
// that no longer reloads.
#include <signal.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>

#include "eval/report/watch.hpp"
#include "run.hpp"

using namespace gamelab::eval::report;
using report_test::file_text;
using report_test::kFixtures;

namespace {

namespace fs = std::filesystem;

const std::string kRefresh = "<meta http-equiv=\"refresh\"";

// A started `gamelab report --watch`, killed and reaped if the test ends before it was stopped.
struct Watcher {
  pid_t pid = -1;
  explicit Watcher(const std::string& args) : pid(gamelab_test::start_gamelab(args)) { REQUIRE(pid > 0); }
  ~Watcher() {
    if (pid > 0) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, nullptr, 0);
    }
  }
  Watcher(const Watcher&) = delete;
  Watcher& operator=(const Watcher&) = delete;
  // Sends SIGTERM and returns the exit status (-1 when it did not exit by itself).
  int stop() {
    ::kill(pid, SIGTERM);
    int status = 0;
    ::waitpid(pid, &status, 0);
    pid = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
};

std::string text_or_empty(const std::string& path) { return fs::exists(path) ? file_text(path) : ""; }

// Waits (at most two minutes: the machine may be busy) until `path` holds every one of `wanted`;
// returns its text then, or FAILs naming what is missing.
std::string wait_for(const std::string& path, const std::vector<std::string>& wanted) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  std::string text;
  for (;;) {
    text = text_or_empty(path);
    bool all = true;
    for (const auto& w : wanted) all = all && text.find(w) != std::string::npos;
    if (all) return text;
    if (std::chrono::steady_clock::now() > end) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  std::string missing;
  for (const auto& w : wanted) {
    if (text.find(w) == std::string::npos) missing += "\n  " + w;
  }
  FAIL(path << " never showed:" << missing << "\nits text:\n" << text);
  return text;
}

std::vector<std::string> lines_of(const std::string& path) {
  std::vector<std::string> lines;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

void append(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::app);
  out << text;
}

// A generations campaign of 3 generations whose generation 2 is playing its verification match.
void write_generations_campaign(const std::string& dir) {
  fs::create_directories(dir + "/gen-2");
  std::ofstream(dir + "/config.json")
      << R"J({"kind": "generations", "format": 1, "game": "raichu", "generations": 3, "seed": 1, "eval_mode": "add",
  "data": {"games": 40, "limit": "nodes=200", "random_plies": 8},
  "train": {"form": "linear", "hidden": 0, "epochs": 3, "learning_rate": 0.01, "lr_gamma": 0.85, "wdl": 0.5, "validation": 0.1},
  "match": {"limit": "nodes=400", "games": 40, "sprt": {"elo0": 0.0, "elo1": 10.0, "alpha": 0.05, "beta": 0.05, "model": "logistic"},
            "undecided": "positive"}}
)J";
  std::ofstream(dir + "/journal.jsonl")
      << R"J({"generation":1,"step":"data","played_by":0,"games":40,"positions":1234,"data_hash":"00000000000000a1"}
{"generation":1,"step":"train","epochs":3,"best_epoch":2,"train_loss":0.0123,"validation_loss":0.0234}
{"generation":1,"step":"match","candidate":"gen1","opponent":"gen0","games":40,"wins":17,"draws":11,"losses":12,"elo":43.7,"elo_lower":-51.2,"elo_upper":141.3,"llr":0.21,"verdict":"undecided","promoted":true,"reason":"undecided at the cap, Elo +43.7 > 0 (rule: positive)","best":1}
{"generation":2,"step":"data","played_by":1,"games":40,"positions":1301,"data_hash":"00000000000000b2"}
{"generation":2,"step":"train","epochs":3,"best_epoch":3,"train_loss":0.0111,"validation_loss":0.0222}
)J";
}

}  // namespace

TEST_CASE("gamelab report --watch follows an SPSA campaign, a match and a generations campaign, and stops at SIGTERM",
          "[report][watch][cli]") {
  // An SPSA campaign at iteration 5 of 10, its report folder inside it (the watch leaves it out).
  const std::string spsa = fs::absolute("watch_spsa").string();
  fs::remove_all(spsa);
  fs::copy(kFixtures + "spsa", spsa);
  fs::remove(spsa + "/verify.json");
  fs::remove(spsa + "/verify.jsonl");
  const auto journal = lines_of(kFixtures + "spsa/journal.jsonl");
  REQUIRE(journal.size() == 10);
  {
    std::ofstream out(spsa + "/journal.jsonl", std::ios::binary);
    for (int i = 0; i < 5; ++i) out << journal[static_cast<std::size_t>(i)] << "\n";
  }
  // A match of which 3 pairs are played.
  const std::string match = fs::absolute("watch_match.jsonl").string();
  const auto pairs = lines_of(kFixtures + "match.jsonl");
  {
    std::ofstream out(match, std::ios::binary);
    for (int i = 0; i < 3; ++i) out << pairs[static_cast<std::size_t>(i)] << "\n";
  }
  // A generations campaign in generation 2's match, 3 pairs played.
  const std::string gens = fs::absolute("watch_gens").string();
  fs::remove_all(gens);
  write_generations_campaign(gens);
  {
    std::ofstream out(gens + "/gen-2/match.jsonl", std::ios::binary);
    for (int i = 0; i < 3; ++i) out << pairs[static_cast<std::size_t>(i)] << "\n";
  }

  const std::string spsa_out = spsa + "/report", match_out = fs::absolute("watch_match_report").string(),
                    gens_out = fs::absolute("watch_gens_report").string();
  Watcher spsa_watch("report " + spsa + " --watch --every 1 --out " + spsa_out);
  Watcher match_watch("report " + match + " --watch --every 1 --out " + match_out);
  Watcher gens_watch("report " + gens + " --watch --every 1 --out " + gens_out);

  // The first pages: the figures so far, reloading, "watching".
  std::string page = wait_for(spsa_out + "/index.html", {"5 / 10", kRefresh + " content=\"1\">", "watching"});
  wait_for(spsa_out + "/summary.md", {"- iterations: 5 of 10, 2 game pairs each"});
  wait_for(match_out + "/summary.md", {"- games: 6 (3 pairs)", "watching"});
  wait_for(match_out + "/index.html", {kRefresh});
  wait_for(gens_out + "/summary.md", {"Generation 2's verification match, running", "- games: 6 (3 pairs)"});
  page = wait_for(gens_out + "/index.html", {kRefresh, "gen1 vs gen0"});
  CHECK(page.find("gen2 vs gen1") == std::string::npos);

  // SPSA: one more iteration and half of the next (a line being written): the half is left out.
  const std::string seventh = journal[6];
  append(spsa + "/journal.jsonl", journal[5] + "\n" + seventh.substr(0, seventh.size() / 2));
  wait_for(spsa_out + "/summary.md", {"- iterations: 6 of 10", "cut-off last line"});
  // The rest of the line and one more.
  append(spsa + "/journal.jsonl", seventh.substr(seventh.size() / 2) + "\n" + journal[7] + "\n");
  page = wait_for(spsa_out + "/index.html", {"8 / 10", kRefresh});
  CHECK(page.find("cut-off last line") == std::string::npos);

  // The match: every other pair, its W-D-L, Elo and LLR follow (the same numbers as the report of the file).
  for (std::size_t i = 3; i < pairs.size(); ++i) append(match, pairs[i] + "\n");
  wait_for(match_out + "/summary.md", {"- games: 16 (8 pairs)", "- W-D-L: 7-4-5\n"});

  // Generation 2's match ends (its journal line), the generation after it starts.
  append(gens + "/journal.jsonl",
         R"J({"generation":2,"step":"match","candidate":"gen2","opponent":"gen1","games":40,"wins":19,"draws":13,"losses":8,"elo":97.5,"elo_lower":2.5,"elo_upper":199.6,"llr":2.98,"verdict":"accept H1","promoted":true,"reason":"accepted","best":2})J"
         "\n");
  const std::string gens_md = wait_for(gens_out + "/summary.md", {"19-13-8", "accept H1", "gen2 (promoted)"});
  CHECK(gens_md.find("verification match, running") == std::string::npos);

  // SIGTERM: the last write, exit code 0, no reload.
  CHECK(spsa_watch.stop() == 0);
  CHECK(match_watch.stop() == 0);
  CHECK(gens_watch.stop() == 0);
  for (const auto& out : {spsa_out, match_out, gens_out}) {
    const std::string last = file_text(out + "/index.html");
    INFO(out);
    CHECK(last.find(kRefresh) == std::string::npos);
    CHECK_THAT(last, Catch::Contains("The watch ended (stopped by SIGTERM): the page no longer reloads."));
  }
  CHECK_THAT(file_text(spsa_out + "/summary.md"), Catch::Contains("- iterations: 8 of 10"));
  fs::remove_all(spsa);
  fs::remove_all(gens);
  fs::remove_all(match_out);
  fs::remove_all(gens_out);
  fs::remove(match);
}

TEST_CASE("gamelab report --watch --until-done stops by itself on a finished campaign, and refuses bad input", "[report][watch][cli]") {
  const std::string out = fs::absolute("watch_done").string();
  fs::remove_all(out);
  // The fixture's campaign has all its 10 iterations and its verification.
  auto run = report_test::run_command("timeout 120 " + std::string(GAMELAB_BINARY) + " report " + kFixtures +
                                      "spsa --watch --until-done --every 1 --out " + out);
  CHECK(run.status == 0);
  CHECK_THAT(run.output, Catch::Contains("(the last write)"));
  const std::string page = file_text(out + "/index.html");
  CHECK(page.find(kRefresh) == std::string::npos);
  CHECK_THAT(page, Catch::Contains("The watch ended (the campaign is finished)"));

  run = report_test::run_gamelab("report no_such_campaign --watch --out " + out);
  CHECK(run.status != 0);
  CHECK_THAT(run.output, Catch::Contains("no_such_campaign: no such file or folder"));
  run = report_test::run_gamelab("report " + kFixtures + "spsa --every 2 --out " + out);
  CHECK(run.status != 0);
  CHECK_THAT(run.output, Catch::Contains("--watch"));
  fs::remove_all(out);
}

TEST_CASE("the watched files' state changes with an append and not with a write into the report's folder", "[report][watch]") {
  const std::string dir = fs::absolute("watch_state").string();
  fs::remove_all(dir);
  fs::create_directories(dir + "/report");
  std::ofstream(dir + "/journal.jsonl") << "{\"a\": 1}\n";
  const std::string before = files_state({dir}, dir + "/report");
  CHECK_THAT(before, Catch::Contains("journal.jsonl\t9\t"));
  std::ofstream(dir + "/report/index.html") << "<p>page</p>\n";
  CHECK(files_state({dir}, dir + "/report") == before);
  append(dir + "/journal.jsonl", "{\"a\"");
  CHECK(files_state({dir}, dir + "/report") != before);
  CHECK(files_state({dir + "/journal.jsonl"}, "") != files_state({dir}, ""));
  fs::remove_all(dir);
}
