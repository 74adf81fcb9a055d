// A game the lab has no code for, through its own referee (docs/tools/referee.md), end to end: the Pig
// referee of pig/ (Python, its standard library only) with a bot and a weaker one; every fault of the
// referee recorded and not scored, the fault limit, a kill -9 and --resume; SPSA moving the bot's
// constant the right way, verify, freeze and the gate; and the lab's own games driven as referee
// programs (`gamelab referee <game>`) giving the records of the native match.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "common/bullets_room.hpp"
#include "common/records.hpp"
#include "common/run.hpp"
#include "common/temp_folder.hpp"
#include "core/text_file.hpp"

namespace {

using gamelab::read_text_file;
using gamelab_test::Run;
using gamelab_test::run;
using gamelab_test::TempFolder;
using nlohmann::json;

const std::string kPython = GAMELAB_PYTHON3;
const std::string kPig = std::string(GAMELAB_SOURCE_DIR) + "/tests/referee/pig";
const std::string kBot = "'name=bot,cmd=\"" + kPython + " " + kPig + "/bot.py\"'";
const std::string kTimid = "'name=timid,cmd=\"" + kPython + " " + kPig + "/timid_bot.py\"'";

// `gamelab match` through the Pig referee, which says the result as `say` and misbehaves by `fault`.
std::string pig_match(const std::string& say, const std::string& result, const std::string& extra,
                      const std::string& fault = "") {
  return "match --referee '" + kPython + " " + kPig + "/referee.py {first} {second} {seed} --say " + say + " --pair {pair}" +
         (fault.empty() ? "" : " --fault " + fault) + "' --game-name pig --result " + result + " --engine " + kBot +
         " --engine " + kTimid + " " + extra;
}

double score_of(const std::vector<json>& records, const std::string& engine) {
  double total = 0;
  for (const auto& r : records) {
    for (const auto& g : r["games"]) total += g["seats"][0] == engine ? g["score"].get<double>() : 1 - g["score"].get<double>();
  }
  return total;
}

// Starts `gamelab ARGS` through /bin/sh with TMPDIR set, its output discarded: a run to kill midway.
pid_t start_with_tmpdir(const std::string& args, const std::string& tmpdir) {
  const std::string line = "TMPDIR='" + tmpdir + "' exec " + std::string(GAMELAB_BINARY) + " " + args + " >/dev/null 2>&1";
  const pid_t child = ::fork();
  if (child == 0) {
    ::execl("/bin/sh", "sh", "-c", line.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  return child;
}

std::size_t line_count(const std::string& path) {
  if (!std::filesystem::exists(path)) return 0;
  const std::string text = read_text_file(path);
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// The records of two runs agree but for the game's name (and the engines' commands, when told).
void check_same_games(const std::string& native, const std::string& refereed, bool same_commands) {
  const auto a = gamelab_test::read_records(native), b = gamelab_test::read_records(refereed);
  REQUIRE(a.size() == b.size());
  REQUIRE_FALSE(a.empty());
  for (std::size_t i = 0; i < a.size(); ++i) {
    json x = a[i], y = b[i];
    CHECK(y["game"].get<std::string>() == x["game"].get<std::string>() + "-ref");
    x.erase("game");
    y.erase("game");
    if (!same_commands) {
      x.erase("engines");
      y.erase("engines");
    }
    CHECK(x.dump() == y.dump());
  }
}

}  // namespace

TEST_CASE("a referee that names the winner needs only a command line and the match finds the stronger bot", "[referee]") {
  const TempFolder dir("referee-winner");
  const std::string records = (dir / "m.jsonl").string();
  const Run r = run(pig_match("path", "winner", "--games 10 --seed 3 --out " + records));
  INFO(r.output);
  REQUIRE(r.status == 0);
  CHECK(r.output.find("bot vs timid: 10 games (5 pairs)") != std::string::npos);
  const auto lines = gamelab_test::read_records(records);
  REQUIRE(lines.size() == 5);
  for (const auto& line : lines) {
    CHECK(line["game"] == "pig");  // the user's name for the game
    for (const auto& g : line["games"]) {
      CHECK(g["termination"] == "normal");
      // The winner's program is named by the engine, not by its temporary path: records repeat.
      CHECK(g["reason"].get<std::string>().find("/tmp") == std::string::npos);
    }
  }
  CHECK(score_of(lines, "bot") >= 8);
  // Each game's output is kept beside the records.
  const std::string log = read_text_file(records + ".referee.log");
  CHECK(log.find("=== pig pair 4 game 2 seed") != std::string::npos);
  CHECK(log.find("White rolls") != std::string::npos);
}

TEST_CASE("a refereed match writes the same records whatever the concurrency and the result preset", "[referee]") {
  const TempFolder dir("referee-presets");
  std::vector<std::string> files;
  const std::pair<std::string, std::string> forms[] = {
      {"colour", "winner:white,black --concurrency 2"}, {"score", "score"}, {"json", "json --concurrency 2"}};
  for (const auto& [say, result] : forms) {
    files.push_back((dir / (say + ".jsonl")).string());
    const Run r = run(pig_match(say, result, "--games 8 --seed 5 --out " + files.back()));
    INFO(r.output);
    REQUIRE(r.status == 0);
  }
  // The same games and results; only the reasons (the line that decided) differ between the forms.
  std::vector<std::vector<double>> scores;
  for (const auto& f : files) {
    scores.emplace_back();
    for (const auto& line : gamelab_test::read_records(f)) {
      for (const auto& g : line["games"]) scores.back().push_back(g["score"].get<double>());
    }
  }
  CHECK(scores[0] == scores[1]);
  CHECK(scores[1] == scores[2]);
  const Run again = run(pig_match("colour", "winner:white,black", "--games 8 --seed 5 --out " + (dir / "again.jsonl").string()));
  REQUIRE(again.status == 0);
  CHECK(read_text_file(files[0]) == read_text_file((dir / "again.jsonl").string()));
  // The JSON form carries the moves.
  CHECK_FALSE(gamelab_test::read_records(files[2])[0]["games"][0]["moves"].empty());
}

TEST_CASE("every fault of the referee is recorded, never scored, and the match goes on", "[referee]") {
  const TempFolder dir("referee-faults");
  const std::pair<std::string, std::string> faults[] = {
      {"crash", "exited with code 1"},
      {"abort", "killed by a signal"},
      {"hang", "ran past the game's timeout of 2 s"},
      {"garbage", "no recognisable result"},
      {"nostart", "never started either player: a result for a game never started"}};
  for (const auto& [mode, words] : faults) {
    SECTION(mode) {
      const std::string records = (dir / (mode + ".jsonl")).string();
      const Run r = run(pig_match("path", "winner", "--games 6 --game-timeout 2 --out " + records, mode + ":1"));
      INFO(r.output);
      REQUIRE(r.status == 0);
      CHECK(r.output.find("bot vs timid: 4 games (2 pairs)") != std::string::npos);  // pair 1 is not counted
      CHECK(r.output.find("referee faults: 2 games in 1 pairs, not scored") != std::string::npos);
      const auto lines = gamelab_test::read_records(records);
      REQUIRE(lines.size() == 3);
      for (const auto& g : lines[1]["games"]) {
        CHECK(g["termination"] != "normal");
        CHECK(g["fault"].is_null());  // neither player's
        CHECK(g["score"] == 0.5);
        CHECK_THAT(g["reason"].get<std::string>(), Catch::Contains("referee fault: ") && Catch::Contains(words));
      }
      for (const int k : {0, 2}) CHECK(lines[k]["games"][0]["termination"] == "normal");
      CHECK(read_text_file(records + ".referee.log").find("FAULT, not scored") != std::string::npos);
    }
  }
}

TEST_CASE("a match stops with a clear message once the referee fails more games than the limit", "[referee]") {
  const TempFolder dir("referee-limit");
  const std::string records = (dir / "m.jsonl").string();
  const Run r = run(pig_match("path", "winner", "--games 20 --max-faults 1 --out " + records, "garbage:0"));
  INFO(r.output);
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Catch::Contains("the referee of pig failed in 2 games of this run, more than --max-faults 1") &&
                           Catch::Contains("no recognisable result") && Catch::Contains(records + ".referee.log") &&
                           Catch::Contains("--resume " + records));
  CHECK(gamelab_test::read_records(records).size() >= 1);  // the faulty pair is recorded
}

TEST_CASE("a refereed match killed with SIGKILL resumes to the records of an uninterrupted run", "[referee]") {
  const TempFolder dir("referee-kill");
  const std::string clean = (dir / "clean.jsonl").string(), killed = (dir / "killed.jsonl").string();
  const std::string options = "--games 24 --seed 9 --concurrency 2 ";
  const Run whole = run(pig_match("colour", "winner:white,black", options + "--out " + clean), gamelab_test::Stderr::Discard);
  REQUIRE(whole.status == 0);
  const auto tmp = dir / "tmp";  // what the killed run leaves in its temporary folder goes with `dir`
  std::filesystem::create_directories(tmp);
  const pid_t child = start_with_tmpdir(pig_match("colour", "winner:white,black", options + "--out " + killed), tmp.string());
  const auto start = std::chrono::steady_clock::now();
  while (line_count(killed) < 3 && std::chrono::steady_clock::now() - start < std::chrono::seconds(60)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  REQUIRE(WIFSIGNALED(status));
  const std::size_t before = line_count(killed);
  REQUIRE(before >= 3);
  REQUIRE(before < 12);  // killed midway
  const Run resumed = run(pig_match("colour", "winner:white,black", options + "--resume " + killed), gamelab_test::Stderr::Discard);
  INFO(resumed.output);
  REQUIRE(resumed.status == 0);
  CHECK(read_text_file(killed) == read_text_file(clean));
  CHECK(resumed.output == whole.output);  // the same summary
}

TEST_CASE("through the referee SPSA moves the bot's constant the right way and freeze and the gate take it", "[referee]") {
  const TempFolder dir("referee-spsa");
  const std::string campaign = (dir / "camp").string();
  const std::string referee = "--referee '" + kPython + " " + kPig + "/referee.py {first} {second} {seed} --say json' --result json "
                              "--game-name pig";
  const std::string bot = "'cmd=\"" + kPython + " " + kPig + "/bot.py\"'";
  const Run tuned = run("tune spsa " + referee + " --engine " + bot + " --params " + kPig + "/bot.spsa --limit nodes=100 " +
                        "--iterations 16 --pairs-per-iteration 2 --concurrency 2 --seed 1 --verify-games 0 --campaign " + campaign);
  INFO(tuned.output);
  REQUIRE(tuned.status == 0);
  // Holding at 6 points a turn is far too timid for Pig to 30: the campaign raises it.
  const auto best = nlohmann::json::parse(read_text_file(campaign + "/best.json"));
  const int hold_at = best["params"][0]["value"].get<int>();
  CHECK(hold_at >= 10);
  CHECK(nlohmann::json::parse(read_text_file(campaign + "/config.json"))["referee"]["game"] == "pig");
  // verify needs no referee options: the campaign holds its definition.
  const Run verified = run("tune verify " + campaign + " --best --games 200 --sprt elo0=0,elo1=100 --concurrency 2");
  INFO(verified.output);
  REQUIRE(verified.status == 0);
  CHECK(nlohmann::json::parse(read_text_file(campaign + "/verify.json"))["verdict"] == "accept H1");
  // freeze writes the tuned value into a copy of the bot, and the gate accepts that file over the old one.
  const std::string frozen = (dir / "frozen.py").string();
  std::filesystem::copy_file(kPig + "/bot.py", frozen);
  const Run froze = run("freeze --params " + campaign + "/best.json --into " + frozen);
  REQUIRE(froze.status == 0);
  CHECK(read_text_file(frozen).find("HOLD_AT = " + std::to_string(hold_at) + "\n") != std::string::npos);
  const std::string out = (dir / "gate").string();
  const Run gate = run("release " + referee + " --bot 'cmd=\"" + kPython + " " + frozen + "\"' --bot-baseline " + bot +
                       " --limit nodes=100 --games 400 --sprt elo0=0,elo1=100 --concurrency 2 --out " + out);
  INFO(gate.output);
  REQUIRE(gate.status == 0);
  CHECK(gate.output.find("released: ") != std::string::npos);
  bool data_names_game = false;
  for (const auto& entry : std::filesystem::directory_iterator(out)) {
    const std::string name = entry.path().filename().string();
    if (name.size() > 5 && name.substr(name.size() - 5) == ".json") {
      data_names_game = nlohmann::json::parse(read_text_file(entry.path().string()))["game"] == "pig";
    }
  }
  CHECK(data_names_game);
}

TEST_CASE("a referee's options are refused with a clear message and exit code 2", "[referee]") {
  const std::string pig = "'" + kPython + " " + kPig + "/referee.py {first} {second} {seed}'";
  const std::pair<std::string, std::string> cases[] = {
      {"match --referee 'referee.py {first}' --game-name pig --engine " + kBot + " --engine " + kTimid + " --out x.jsonl",
       "must name both players, {first} and {second}"},
      {"match --game-name pig --engine " + kBot + " --engine " + kTimid + " --out x.jsonl", "--referee CMD"},
      {"match --referee " + pig + " --engine " + kBot + " --engine " + kTimid + " --out x.jsonl", "--game-name NAME"},
      {"match --referee " + pig + " --game-name pig --result pgn --engine " + kBot + " --engine " + kTimid + " --out x.jsonl",
       "expected score, winner"},
      {"match --referee " + pig + " --game-name bullets --engine " + kBot + " --engine " + kTimid + " --out x.jsonl",
       "the lab has its own bullets"},
      {"match --referee " + pig + " --game-name pig --engine name=lab,nodes=10 --engine " + kTimid + " --out x.jsonl",
       "use an external bot (cmd=)"},
      {"match", "give a game (gamelab match raichu ...) or a referee program"},
      {"match chess --engine x", "A subcommand is required"},
      {"match --referee " + pig + " --game-name pig chess --engine " + kBot + " --engine " + kTimid + " --out x.jsonl",
       "unexpected argument 'chess'"},
      {"referee raichu --first x", "--second is required"},
  };
  for (const auto& [args, message] : cases) {
    const Run r = run(args);
    INFO(args << "\n" << r.output);
    CHECK(r.status == 2);
    CHECK_THAT(r.output, Catch::Contains(message));
  }
}

// The lab's own games as referee programs: `gamelab referee <game>` plays one game through the game's
// tournament protocol, and a match through the contract gives the native match's records.
namespace {

std::string lab_referee(const std::string& game, const std::string& first, const std::string& second, const std::string& extra) {
  return "--referee \"" + std::string(GAMELAB_BINARY) + " referee " + game + " --first '" + first + "' --second '" + second +
         "' --seed {seed} --pair {pair} --first-name {first_name} --second-name {second_name} " + extra +
         "\" --result json --game-name " + game + "-ref";
}


}  // namespace

TEST_CASE("bullets through gamelab referee gives the records of the native match", "[referee][native]") {
  const TempFolder dir("referee-native-bullets");
  const std::string boards = gamelab_test::bullets_room(dir, 6);
  const std::string bot = kPython + " " + std::string(GAMELAB_SOURCE_DIR) + "/examples/bullets/mybot.py";
  const std::string native = (dir / "native.jsonl").string(), refereed = (dir / "ref.jsonl").string();
  const std::string engines = "--engine 'name=a,cmd=\"" + bot + "\",nodes=200,movetime=5000' --engine 'name=b,cmd=\"" + bot +
                              "\",nodes=100,movetime=5000' --games 4 --seed 3 ";
  const Run n = run("match bullets " + engines + "--boards " + boards + " --out " + native);
  INFO(n.output);
  REQUIRE(n.status == 0);
  const Run r = run("match " + lab_referee("bullets", "{first}", "{second}", "--boards " + boards + " --limit movetime=5000") + " " + engines +
                    "--out " + refereed);
  INFO(r.output);
  REQUIRE(r.status == 0);
  check_same_games(native, refereed, true);
}

#ifdef GAMELAB_DCMS_BOT
TEST_CASE("dcms through gamelab referee gives the records of the native match", "[referee][native]") {
  const TempFolder dir("referee-native-dcms");
  const std::string boards = std::string(GAMELAB_SOURCE_DIR) + "/datasets/boards/dcms-gate-bands/full-small";
  const std::string native = (dir / "native.jsonl").string(), refereed = (dir / "ref.jsonl").string();
  const std::string bot = GAMELAB_DCMS_BOT;
  const std::string engines = "--engine 'name=a,cmd=\"" + bot + " --nodes 40 --seed 1\"' --engine 'name=b,cmd=\"" + bot +
                              " --nodes 20 --seed 2\"' --games 4 --seed 3 ";
  const Run n = run("match dcms " + engines + "--boards " + boards + " --out " + native);
  INFO(n.output);
  REQUIRE(n.status == 0);
  const Run r = run("match " + lab_referee("dcms", "{first}", "{second}", "--boards " + boards) + " " + engines + "--out " + refereed);
  INFO(r.output);
  REQUIRE(r.status == 0);
  check_same_games(native, refereed, true);
}
#endif

#ifdef GAMELAB_JUMPCHESS_BOT
TEST_CASE("jumpchess through gamelab referee gives the records of the native match", "[referee][native]") {
  const TempFolder dir("referee-native-jumpchess");
  const std::string native = (dir / "native.jsonl").string(), refereed = (dir / "ref.jsonl").string();
  const std::string bot = GAMELAB_JUMPCHESS_BOT;
  // Natively the lab fills {host} and {port}; through the contract the same placeholders go to the
  // inner referee, after the player's program.
  const std::string tail = " --host {host} --port {port}";
  const Run n = run("match jumpchess --engine 'name=a,cmd=\"" + bot + " --mode good --seed 3" + tail + "\"' --engine 'name=b,cmd=\"" +
                    bot + " --mode good --seed 4" + tail + "\"' --games 4 --seed 3 --out " + native);
  INFO(n.output);
  REQUIRE(n.status == 0);
  const Run r = run("match " + lab_referee("jumpchess", "{first}" + tail, "{second}" + tail, "") + " --engine 'name=a,cmd=\"" + bot +
                    " --mode good --seed 3\"' --engine 'name=b,cmd=\"" + bot + " --mode good --seed 4\"' --games 4 --seed 3 --out " +
                    refereed);
  INFO(r.output);
  REQUIRE(r.status == 0);
  check_same_games(native, refereed, false);
}
#endif

TEST_CASE("raichu through gamelab referee gives the records of the native match", "[referee][native][slow]") {
  const TempFolder dir("referee-native-raichu");
  const std::string bot = kPython + " " + std::string(GAMELAB_SOURCE_DIR) + "/examples/raichu/mybot.py";
  const std::string native = (dir / "native.jsonl").string(), refereed = (dir / "ref.jsonl").string();
  const std::string engines = "--engine 'name=a,cmd=\"" + bot + "\",nodes=30,movetime=5000' --engine 'name=b,cmd=\"" + bot +
                              "\",nodes=20,movetime=5000' --games 2 --seed 3 --concurrency 2 ";
  const Run n = run("match raichu " + engines + "--out " + native);
  INFO(n.output);
  REQUIRE(n.status == 0);
  const Run r = run("match " + lab_referee("raichu", "{first}", "{second}", "--limit movetime=5000") + " " + engines + "--out " + refereed);
  INFO(r.output);
  REQUIRE(r.status == 0);
  check_same_games(native, refereed, true);
}
