// `gamelab generations raichu` end to end on a tiny campaign (4 self-play games at 200 nodes, a 2 x 8
// network for 2 epochs, a match of at most 20 games at 200 nodes): its files and journal; stopped after
// every step, or killed with SIGKILL, and resumed, it writes the files of an uninterrupted run; the
// refusals (a flag that differs on --resume, a second start, a missing campaign); and one tiny
// generation of jump chess, whose engine plays files too. (The refusal of a game whose engine plays no
// files is settings_test.cpp's, on a fake entry: every registered game plays them.)
//
// The SPRT is elo0=-400, elo1=-300 so that the tiny matches (mostly draws) accept H1 within their cap
// and generation 2's data is played by generation 1's file: the recipe's whole path in seconds.
// The runs share the folder "camp" one after the other (the reference is moved to "whole"): the data
// file's header names the evaluation that played it by its path, so only a run in the same folder
// writes the same bytes.
#include <signal.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <thread>

#include <nlohmann/json.hpp>

#include "common/run.hpp"
#include "core/eval_file.hpp"
#include "core/text_file.hpp"
#include "tuner/campaign_files.hpp"

using gamelab_test::run;
using Catch::Matchers::Contains;

namespace {

const std::string kSettings =
    " --generations 2 --games 4 --data-limit nodes=200 --epochs 2 --hidden 8 --batch 256 --validation 0.25"
    " --match-limit nodes=200 --match-games 20 --sprt elo0=-400,elo1=-300";
const std::string kCommand = "generations raichu --campaign camp";

// The files a run leaves that must not depend on how it was stopped (the training campaigns' own
// journals and checkpoints hold timings and are left out).
const char* const kSameFiles[] = {"config.json",           "params.json",          "journal.jsonl",
                                  "data/gen-1.data",       "data/gen-2.data",      "gen-1/match.jsonl",
                                  "gen-2/match.jsonl",     "gen-1/train/best.eval", "gen-2/train/best.eval",
                                  "gen-2/train/current.eval"};

// The uninterrupted campaign, run once per test program in "camp" and kept as "whole".
void make_whole() {
  static const bool made = [] {
    std::filesystem::remove_all("camp");
    std::filesystem::remove_all("whole");
    const auto r = run(kCommand + kSettings);
    INFO(r.output);
    REQUIRE(r.status == 0);
    std::filesystem::rename("camp", "whole");
    return true;
  }();
  CHECK(made);
}

void check_same_as_whole() {
  for (const char* file : kSameFiles) {
    INFO(file);
    REQUIRE(std::filesystem::exists(std::string("camp/") + file));
    CHECK(gamelab::read_text_file(std::string("camp/") + file) == gamelab::read_text_file(std::string("whole/") + file));
  }
}

std::size_t journal_lines(const std::string& dir) { return gamelab::tuner::read_journal(dir + "/journal.jsonl").lines.size(); }

}  // namespace

TEST_CASE("gamelab generations raichu: two generations, their files, journal and report", "[generations][cli]") {
  make_whole();
  for (const char* file : kSameFiles) CHECK(std::filesystem::exists(std::string("whole/") + file));
  CHECK(gamelab::read_text_file("whole/.gitignore").find("\ndata/\n") != std::string::npos);
  CHECK(gamelab::read_text_file("whole/.gitignore").find("\ngen-*/train/checkpoint.bin\n") != std::string::npos);
  const auto journal = gamelab::tuner::read_journal("whole/journal.jsonl");
  REQUIRE(journal.lines.size() == 6);
  const auto& data1 = journal.lines[0];
  CHECK(data1["step"] == "data");
  CHECK(data1["played_by"] == 0);
  CHECK(data1["games"] == 4);
  CHECK(data1["positions"].get<int>() > 100);
  CHECK(data1["data_hash"].get<std::string>().size() == 16);
  const auto& train1 = journal.lines[1];
  CHECK(train1["step"] == "train");
  CHECK(train1["epochs"] == 2);
  CHECK(train1["validation_loss"].get<double>() > 0);
  CHECK(train1["eval"] == "gen-1/train/best.eval");
  const auto& match1 = journal.lines[2];
  CHECK(match1["step"] == "match");
  CHECK(match1["candidate"] == "gen1");
  CHECK(match1["opponent"] == "gen0");
  CHECK(match1["verdict"] == "accept H1");
  CHECK(match1["promoted"] == true);
  CHECK(match1["best"] == 1);
  CHECK(match1["wins"].get<int>() + match1["draws"].get<int>() + match1["losses"].get<int>() == match1["games"].get<int>());
  CHECK(match1["elo_lower"].get<double>() <= match1["elo"].get<double>());
  // Generation 2 plays its data with generation 1's file and is verified against it.
  CHECK(journal.lines[3]["played_by"] == 1);
  CHECK(journal.lines[5]["opponent"] == "gen1");
  CHECK_THAT(gamelab::read_text_file("whole/data/gen-2.data").substr(0, 400), Contains("gen-1/train/best.eval"));
  // The records name each engine by its evaluation's fingerprint.
  CHECK_THAT(gamelab::read_text_file("whole/gen-2/match.jsonl"), Contains("+eval:" + journal.lines[4]["fingerprint"].get<std::string>()));

  // A finished campaign resumed has nothing to do and says where the best file is.
  const auto again = run("generations raichu --campaign whole --resume");
  INFO(again.output);
  REQUIRE(again.status == 0);
  CHECK_THAT(again.output, Contains("generations raichu: 2 generations done; best: gen"));
  CHECK(journal_lines("whole") == 6);

  // gamelab report draws the journal, one row per generation.
  const auto report = run("report whole --out whole-report");
  INFO(report.output);
  REQUIRE(report.status == 0);
  const std::string summary = gamelab::read_text_file("whole-report/summary.md");
  CHECK_THAT(summary, Contains("## Generations campaign: raichu, whole"));
  CHECK_THAT(summary, Contains("| gen1 | gen0 | 4 |"));
  CHECK_THAT(summary, Contains("| gen2 | gen1 | 4 |"));
  CHECK_THAT(gamelab::read_text_file("whole-report/index.html"), Contains("<svg"));
}

TEST_CASE("gamelab generations stopped after every step and resumed writes the files of an uninterrupted run", "[generations][cli]") {
  make_whole();
  std::filesystem::remove_all("camp");
  auto r = run(kCommand + kSettings + " --stop-after train");
  INFO(r.output);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Contains("stopped before generation 1's match step; best so far: gen0"));
  CHECK(journal_lines("camp") == 2);
  // The same flags again with --resume are the campaign's: accepted.
  r = run(kCommand + kSettings + " --resume --stop-after match");
  INFO(r.output);
  REQUIRE(r.status == 0);
  CHECK(journal_lines("camp") == 3);
  // A kill in generation 2's self-play leaves its file cut off in a row as data/gen-2.data.partial:
  // the data step continues it.
  const std::string whole_data = gamelab::read_text_file("whole/data/gen-2.data");
  gamelab::write_file_atomic("camp/data/gen-2.data.partial", whole_data.substr(0, whole_data.size() * 3 / 5));
  r = run(kCommand + " --resume --stop-after data --threads 2 --concurrency 2");
  INFO(r.output);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Contains("stopped before generation 2's train step; best so far: gen1"));
  CHECK_FALSE(std::filesystem::exists("camp/data/gen-2.data.partial"));
  CHECK(gamelab::read_text_file("camp/data/gen-2.data") == whole_data);
  // The data went (data/ is not committed): the train step plays it again from its seed.
  std::filesystem::remove_all("camp/data");
  r = run(kCommand + " --resume --stop-after train");
  INFO(r.output);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Contains("data/gen-2.data is missing; playing it again from its seed"));
  r = run(kCommand + " --resume");
  INFO(r.output);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Contains("generations raichu: 2 generations done"));
  // data/gen-1.data went with the folder and generation 1 is done: nothing makes it again.
  CHECK_FALSE(std::filesystem::exists("camp/data/gen-1.data"));
  std::filesystem::copy_file("whole/data/gen-1.data", "camp/data/gen-1.data");
  check_same_as_whole();
}

TEST_CASE("gamelab generations killed with SIGKILL mid-run and resumed writes the files of an uninterrupted run", "[generations][cli]") {
  make_whole();
  std::filesystem::remove_all("camp");
  const auto started = gamelab_test::run_command(std::string(GAMELAB_BINARY) + " " + kCommand + kSettings +
                                                 " >/dev/null 2>&1 & echo $!");
  const pid_t pid = static_cast<pid_t>(std::stol(started.output));
  // Killed once generation 1's data and training are journaled: in its match, or later if it is fast.
  for (int wait = 0; wait < 4000 && journal_lines("camp") < 2; ++wait) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  ::kill(pid, SIGKILL);
  INFO("killed with " << journal_lines("camp") << " journal lines of 6");
  const auto resumed = run(kCommand + " --resume");
  INFO(resumed.output);
  REQUIRE(resumed.status == 0);
  check_same_as_whole();
}

TEST_CASE("gamelab generations refuses a flag that differs on --resume, a second start and a missing campaign",
          "[generations][cli]") {
  std::filesystem::remove_all("refuse");
  const std::string command = "generations raichu --campaign refuse";
  auto r = run(command + kSettings + " --stop-after data");
  INFO(r.output);
  REQUIRE(r.status == 0);
  r = run(command + " --resume --games 5");
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Contains("--games gives 5, but the campaign was made with 4 (refuse/config.json, /data/games)"));
  r = run(command + " --resume --sprt elo0=0,elo1=10");
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Contains("--sprt gives"));
  r = run(command + kSettings);
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Contains("refuse already holds a campaign; continue it with --resume"));
  r = run("generations raichu --campaign nowhere --resume");
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Contains("nowhere: no campaign here (no config.json)"));
  CHECK(journal_lines("refuse") == 1);  // nothing of the refused runs was done

}

TEST_CASE("gamelab generations --data-window: a later generation trains on the data of the generations before it too",
          "[generations][cli]") {
  make_whole();
  std::filesystem::remove_all("camp");
  std::filesystem::copy("whole", "camp", std::filesystem::copy_options::recursive);
  // A fresh clone has no data/: generation 2's file, in the window, is played again and checked.
  std::filesystem::remove("camp/data/gen-2.data");
  const auto r = run(kCommand + " --resume --generations 3 --data-window 2");
  INFO(r.output);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Contains("data/gen-2.data is missing; playing it again from its seed"));
  CHECK_THAT(r.output, Contains("on the data of generations 2-3"));
  CHECK(gamelab::read_text_file("camp/data/gen-2.data") == gamelab::read_text_file("whole/data/gen-2.data"));
  const auto config = nlohmann::json::parse(gamelab::read_text_file("camp/config.json"));
  CHECK(config["generations"] == 3);
  CHECK(config["train"]["data_window"] == 2);
  const auto journal = gamelab::tuner::read_journal("camp/journal.jsonl");
  REQUIRE(journal.lines.size() == 9);
  const auto& train3 = journal.lines[7];
  CHECK(train3["step"] == "train");
  CHECK(train3["data"] == nlohmann::json::array({"data/gen-2.data", "data/gen-3.data"}));
  CHECK(journal.lines[1]["data"] == nlohmann::json::array({"data/gen-1.data"}));
  // The training campaign read both files as one set: its positions are the two data steps'.
  const auto train = nlohmann::json::parse(gamelab::read_text_file("camp/gen-3/train/config.json"));
  REQUIRE(train["data"].is_array());
  CHECK(train["data"].size() == 2);
  CHECK(train["data_positions"].get<long>() ==
        journal.lines[3]["positions"].get<long>() + journal.lines[6]["positions"].get<long>());
  // A window below 1 is refused.
  const auto bad = run(kCommand + " --resume --data-window 0");
  CHECK(bad.status != 0);
}

TEST_CASE("gamelab generations --warm-start: a generation's training begins at the weights of the best that played its data",
          "[generations][cli]") {
  make_whole();
  std::filesystem::remove_all("camp");
  std::filesystem::copy("whole", "camp", std::filesystem::copy_options::recursive);
  const auto before = gamelab::tuner::read_journal("camp/journal.jsonl");
  REQUIRE(before.lines.size() == 6);
  const std::string best = before.lines[5]["best_eval"].get<std::string>();  // what plays generation 3's data
  REQUIRE_FALSE(best.empty());
  // Turned on at a resume, it holds for the generations still to train.
  const auto r = run(kCommand + " --resume --generations 3 --warm-start --stop-after train");
  INFO(r.output);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Contains("from the weights of " + best));
  CHECK(nlohmann::json::parse(gamelab::read_text_file("camp/config.json"))["train"]["warm_start"] == true);
  const auto journal = gamelab::tuner::read_journal("camp/journal.jsonl");
  REQUIRE(journal.lines.size() == 8);
  CHECK(journal.lines[7]["step"] == "train");
  CHECK(journal.lines[7]["init"] == best);
  CHECK_FALSE(journal.lines[1].contains("init"));  // generation 1 trained from random weights
  // The training campaign recorded the file, and its epoch 0 is that file's weights.
  const auto train = nlohmann::json::parse(gamelab::read_text_file("camp/gen-3/train/config.json"));
  const auto start = gamelab::learned::read_eval_file("camp/" + best);
  CHECK(train["init"]["fingerprint"] == start.fingerprint_hex());
  const auto epochs = gamelab::tuner::read_journal("camp/gen-3/train/journal.jsonl");
  CHECK(journal.lines[7]["start_validation_loss"] == epochs.lines[0]["validation_loss"]);
  // Turned off again: only flags a resume may change are accepted.
  const auto off = run(kCommand + " --resume --warm-start=false --stop-after match");
  INFO(off.output);
  REQUIRE(off.status == 0);
  CHECK(nlohmann::json::parse(gamelab::read_text_file("camp/config.json"))["train"]["warm_start"] == false);
  // A campaign made without it records it off.
  CHECK(nlohmann::json::parse(gamelab::read_text_file("whole/config.json"))["train"]["warm_start"] == false);
}

TEST_CASE("gamelab generations jumpchess plays, trains and verifies a tiny generation", "[generations][cli]") {
  std::filesystem::remove_all("jc-camp");
  const auto r = run("generations jumpchess --campaign jc-camp --generations 1 --games 4 --data-limit nodes=100 --epochs 2"
                     " --hidden 8 --batch 256 --validation 0.25 --match-limit nodes=100 --match-games 10"
                     " --sprt elo0=-400,elo1=-300");
  INFO(r.output);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Contains("generations jumpchess: 1 generation done"));
  CHECK(journal_lines("jc-camp") == 3);
  CHECK(std::filesystem::exists("jc-camp/gen-1/train/best.eval"));
  CHECK_THAT(gamelab::read_text_file("jc-camp/gen-1/match.jsonl"), Contains("+eval:"));
}

TEST_CASE("gamelab generations --residual fits each network over the hand-made evaluation of its parameters",
          "[generations][cli]") {
  std::filesystem::remove_all("res-camp");
  const std::string command = "generations jumpchess --campaign res-camp --generations 1 --games 4 --data-limit nodes=100"
                              " --epochs 2 --hidden 8 --batch 256 --validation 0.25 --match-limit nodes=100"
                              " --match-games 10 --sprt elo0=-400,elo1=-300";
  const auto r = run(command + " --residual --stop-after train");
  INFO(r.output);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Contains("residual over the hand-made evaluation of"));
  CHECK(nlohmann::json::parse(gamelab::read_text_file("res-camp/config.json"))["train"]["residual"] == true);
  const auto train = nlohmann::json::parse(gamelab::read_text_file("res-camp/gen-1/train/config.json"));
  CHECK(train["base"]["params"] == std::filesystem::absolute("res-camp/params.json").string());
  CHECK(train["base"]["fingerprint"] ==
        nlohmann::json::parse(gamelab::read_text_file("res-camp/config.json"))["params"]["fingerprint"]);
  // The resume goes on with the campaign's setting, and refuses another.
  CHECK(run("generations jumpchess --campaign res-camp --resume --stop-after train").status == 0);
  // A residual is added to the hand-made evaluation: replacing it is refused; Bullets has no base.
  std::filesystem::remove_all("res-replace");
  auto bad = run("generations jumpchess --campaign res-replace --residual --eval-mode replace");
  CHECK(bad.status == 2);
  CHECK_THAT(bad.output, Contains("train.residual fits each network over the hand-made evaluation it is added to"));
  CHECK_FALSE(std::filesystem::exists("res-replace"));
  bad = run("generations bullets --campaign res-bullets --residual");
  CHECK(bad.status == 2);
  CHECK_THAT(bad.output, Contains("gamelab generations bullets --residual: the hand-made evaluation of Bullets is not one "
                                  "function of the position"));
  CHECK_FALSE(std::filesystem::exists("res-bullets"));
}

TEST_CASE("gamelab generations --start-eval: generation 0 plays with a learned file, the campaign's own copy",
          "[generations][cli]") {
  // Jump chess's release evaluation (engines/jumpchess/release.eval): a campaign that goes on from a release.
  const std::string release_eval = std::string(GAMELAB_SOURCE_DIR) + "/engines/jumpchess/release.eval";
  const std::string fingerprint = nlohmann::json::parse(gamelab::read_text_file(
      std::string(GAMELAB_SOURCE_DIR) + "/engines/jumpchess/release.json"))["eval"]["fingerprint"];
  std::filesystem::remove_all("start-camp");
  std::filesystem::copy_file(release_eval, "start.eval", std::filesystem::copy_options::overwrite_existing);
  const std::string command = "generations jumpchess --campaign start-camp --generations 1 --games 4 --data-limit nodes=100"
                              " --epochs 2 --hidden 8 --batch 256 --validation 0.25 --match-limit nodes=100"
                              " --match-games 10 --sprt elo0=-400,elo1=-300";
  auto r = run(command + " --start-eval start.eval --stop-after data");
  INFO(r.output);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Contains("self-play games at nodes=100 by gen0 (gen-0/best.eval, a copy of start.eval)"));
  CHECK(gamelab::read_text_file("start-camp/gen-0/best.eval") == gamelab::read_text_file(release_eval));
  const auto config = nlohmann::json::parse(gamelab::read_text_file("start-camp/config.json"));
  CHECK(config["start_eval"]["file"] == "start.eval");
  CHECK(config["start_eval"]["fingerprint"] == fingerprint);
  // Generation 1's data is played by generation 0 with the copy: the data file's header names it.
  CHECK_THAT(gamelab::read_text_file("start-camp/data/gen-1.data").substr(0, 400), Contains("gen-0/best.eval"));
  // The file given may change or go: the campaign plays its own copy.
  std::filesystem::remove("start.eval");
  r = run(command + " --resume");
  INFO(r.output);
  REQUIRE(r.status == 0);
  // The match's baseline, gen0, carries the file; the report says what gen0 is.
  const std::string records = gamelab::read_text_file("start-camp/gen-1/match.jsonl");
  CHECK_THAT(records, Contains("+eval:" + fingerprint));
  const auto journal = gamelab::tuner::read_journal("start-camp/journal.jsonl");
  REQUIRE(journal.lines.size() == 3);
  CHECK(journal.lines[2]["opponent"] == "gen0");
  CHECK(journal.lines[2]["best_eval"] == (journal.lines[2]["best"] == 0 ? "gen-0/best.eval" : "gen-1/train/best.eval"));
  const auto report = run("report start-camp --out start-report");
  INFO(report.output);
  REQUIRE(report.status == 0);
  CHECK_THAT(gamelab::read_text_file("start-report/summary.md"), Contains("gen0 is gen-0/best.eval (the evaluation it started from)"));

  // The copy replaced: refused before anything runs.
  const std::string copy = gamelab::read_text_file("start-camp/gen-0/best.eval");
  gamelab::write_file_atomic("start-camp/gen-0/best.eval", copy.substr(0, copy.size() / 2));
  r = run(command + " --resume");
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Contains("start-camp/gen-0/best.eval"));
  // Another game's file is refused by name; so is another start on --resume.
  std::filesystem::remove_all("start-raichu");
  r = run("generations raichu --campaign start-raichu --start-eval " + release_eval);
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Contains("game is 'jumpchess', expected 'raichu'"));
  CHECK_FALSE(std::filesystem::exists("start-raichu"));
  gamelab::write_file_atomic("start-camp/gen-0/best.eval", copy);
  r = run(command + " --resume --start-eval " + release_eval);
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Contains("--start-eval gives"));
}
