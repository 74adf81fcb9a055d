// A team's own bot tuned by the lab (docs/tools/your-bot.md §2): the values of each game reach the
// program as a file ({params}, GAMELAB_PARAMS) and its node budget as a number ({nodes},
// GAMELAB_NODES); records carry the parameters' fingerprint; `tune spsa`, `tune resume` and
// `tune verify` take such a bot; a bot that ignores its parameters, dies, prints garbage or overruns
// stops the campaign with exit 2 and the reason. Bullets is the game here: its bots are started
// afresh every turn and answer one number, so a ten-line probe bot plays it.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "common/bullets_room.hpp"
#include "common/run.hpp"
#include "common/temp_folder.hpp"
#include "core/text_file.hpp"

namespace {

using gamelab::read_text_file;
using gamelab::write_file_atomic;
using gamelab_test::Run;
using gamelab_test::run;
using gamelab_test::TempFolder;

const std::string kBots = std::string(GAMELAB_TESTS) + "/yourbot/bots";
const std::string kProbe = std::string(GAMELAB_PYTHON3) + " " + kBots + "/params_probe.py";
const std::string kDeclared = kBots + "/params_probe.spsa";


std::vector<nlohmann::json> log_lines(const std::string& path) {
  std::vector<nlohmann::json> out;
  std::istringstream in(read_text_file(path));
  for (std::string line; std::getline(in, line);) out.push_back(nlohmann::json::parse(line));
  return out;
}

// --engine text of the probe bot writing into `log` in `mode`, with extra arguments. The time limit is
// generous: Python's start-up alone can take longer than Bullets' 0.15 s on a loaded machine.
std::string probe(const std::string& name, const std::string& log, const std::string& mode, const std::string& extra = "") {
  return "'name=" + name + ",movetime=10000,cmd=\"" + kProbe + " " + log + " " + mode + (extra.empty() ? "" : " " + extra) + "\"";
}

}  // namespace

TEST_CASE("a match hands an external bot its parameters and node budget, game by game", "[yourbot][params]") {
  const TempFolder dir("external-params");
  const std::string boards = gamelab_test::bullets_room(dir, 3);
  const std::string log = (dir / "probe.log").string(), plain = (dir / "plain.log").string();
  const std::string records = (dir / "m.jsonl").string();
  const Run r = run("match bullets --engine " + probe("probe", log, "-", "{params} {nodes}") + ",params=" + kDeclared +
                    ",nodes=77' --engine " + probe("plain", plain, "-") + "' --boards " + boards + " --games 2 --out " + records);
  INFO(r.output);
  REQUIRE(r.status == 0);
  const auto lines = log_lines(log);
  REQUIRE(lines.size() == 6);  // 3 rounds in each of 2 games
  std::vector<std::string> files;
  for (const auto& line : lines) {
    CHECK(line["params"] == nlohmann::json{{"PROBE_A", 10}, {"PROBE_B", -5}});  // the declared defaults
    CHECK(line["nodes"] == "77");
    REQUIRE(line["argv"].size() == 2);
    CHECK(line["argv"][0] == line["env_path"]);  // {params} and GAMELAB_PARAMS name one file
    CHECK(line["argv"][1] == "77");              // {nodes}
    files.push_back(line["env_path"].get<std::string>());
  }
  CHECK(files[0] == files[2]);  // one file for the whole game ...
  CHECK(files[0] != files[3]);  // ... and another for the next
  for (const auto& f : files) CHECK_FALSE(std::filesystem::exists(f));  // removed after the game
  for (const auto& line : log_lines(plain)) {  // a bot given nothing gets nothing
    CHECK(line["env_path"].is_null());
    CHECK(line["nodes"].is_null());
  }
  // The records name the bot by its command and its parameters' fingerprint.
  const auto record = nlohmann::json::parse(read_text_file(records).substr(0, read_text_file(records).find('\n')));
  const std::string hash = record["engines"][0]["params_hash"];
  CHECK(hash.rfind("external:", 0) == 0);
  CHECK(hash.size() > 17);
  CHECK(hash[hash.size() - 17] == '#');
  CHECK(record["engines"][1]["params_hash"].get<std::string>().find('#') == std::string::npos);

  SECTION("a tuned file's values arrive instead of the declared defaults") {
    std::string tuned = read_text_file(kDeclared);
    tuned.replace(tuned.find("PROBE_A, int, 10"), 16, "PROBE_A, int, 13");
    write_file_atomic(dir / "tuned.spsa", tuned);
    const std::string log2 = (dir / "tuned.log").string();
    const Run t = run("match bullets --engine " + probe("tuned", log2, "-") + ",params=" + (dir / "tuned.spsa").string() +
                      "' --engine " + probe("plain", plain, "-") + "' --boards " + boards + " --games 2 --out " +
                      (dir / "t.jsonl").string());
    INFO(t.output);
    REQUIRE(t.status == 0);
    for (const auto& line : log_lines(log2)) CHECK(line["params"]["PROBE_A"] == 13);
    const auto rec = nlohmann::json::parse(read_text_file(dir / "t.jsonl").substr(0, read_text_file(dir / "t.jsonl").find('\n')));
    CHECK(rec["engines"][0]["params_hash"] != hash);  // other values, another fingerprint
  }
  SECTION("a bot that never opens its parameter file is refused, naming it") {
    const Run t = run("match bullets --engine " + probe("deaf", log, "ignore") + ",params=" + kDeclared + "' --engine " +
                      probe("plain", plain, "-") + "' --boards " + boards + " --games 2 --out " + (dir / "i.jsonl").string());
    CHECK(t.status == 2);
    CHECK(t.output.find("engine deaf was handed its parameters") != std::string::npos);
    CHECK(t.output.find("ignores them") != std::string::npos);
  }
  SECTION("placeholders without their values are bad input") {
    const Run t = run("match bullets --engine " + probe("p", log, "-", "{params}") + "' --engine " + probe("q", plain, "-") +
                      "' --boards " + boards + " --games 2 --out " + (dir / "x.jsonl").string());
    CHECK(t.status == 2);
    CHECK(t.output.find("takes {params} but no parameters are given") != std::string::npos);
    const Run n = run("match bullets --engine " + probe("p", log, "-", "{nodes}") + "' --engine " + probe("q", plain, "-") +
                      "' --boards " + boards + " --games 2 --out " + (dir / "y.jsonl").string());
    CHECK(n.status == 2);
    CHECK(n.output.find("takes {nodes} but no node budget is given") != std::string::npos);
  }
}

TEST_CASE("an SPSA campaign tunes an external bot, resumes and verifies it", "[yourbot][params][spsa]") {
  const TempFolder dir("external-spsa");
  const std::string boards = gamelab_test::bullets_room(dir, 2);
  const std::string log = (dir / "probe.log").string();
  const std::string campaign = (dir / "campaign").string();
  // The values and the budget come from --params and --limit, and reach {params} and {nodes} too.
  const std::string bot = "'cmd=\"" + kProbe + " " + log + " - {params} {nodes}\",movetime=10000'";
  const Run r = run("tune spsa bullets --engine " + bot + " --params " + kDeclared + " --limit nodes=50 --iterations 2 "
                    "--pairs-per-iteration 1 --boards " + boards + " --verify-games 0 --campaign " + campaign);
  INFO(r.output);
  REQUIRE(r.status == 0);
  const auto config = nlohmann::json::parse(read_text_file(campaign + "/config.json"));
  CHECK(config["bot"]["command"].get<std::string>().find("params_probe.py") != std::string::npos);
  CHECK(config["base"]["params"].size() == 2);
  CHECK(config["tuned"] == nlohmann::json{"PROBE_A", "PROBE_B"});
  CHECK(log_lines(campaign + "/journal.jsonl").size() == 2);
  // Plus and minus were handed different values, within the declared bounds, and the budget.
  std::set<int> seen;
  for (const auto& line : log_lines(log)) {
    const int a = line["params"]["PROBE_A"];
    CHECK(a >= 0);
    CHECK(a <= 20);
    CHECK(line["nodes"] == "50");
    REQUIRE(line["argv"].size() == 2);
    CHECK(line["argv"][0] == line["env_path"]);
    CHECK(line["argv"][1] == "50");
    seen.insert(a);
  }
  CHECK(seen.size() >= 2);
  const auto current = nlohmann::json::parse(read_text_file(campaign + "/current.json"));
  CHECK(current["params"][0]["name"] == "PROBE_A");

  const Run again = run("tune resume " + campaign);
  INFO(again.output);
  CHECK(again.status == 0);
  CHECK(log_lines(campaign + "/journal.jsonl").size() == 2);  // nothing left to play

  const Run v = run("tune verify " + campaign + " --games 2");
  INFO(v.output);
  REQUIRE(v.status == 0);
  const auto verdict = nlohmann::json::parse(read_text_file(campaign + "/verify.json"));
  CHECK(verdict["games"] == 2);
  CHECK(verdict["tuned_hash"].get<std::string>().rfind("external:", 0) == 0);
}

TEST_CASE("a faulty bot stops its campaign with the reason, and resume stops there again", "[yourbot][params][spsa]") {
  const TempFolder dir("external-faults");
  const std::string boards = gamelab_test::bullets_room(dir, 2);
  const std::string log = (dir / "probe.log").string();
  struct Case {
    const char* mode;
    const char* reason;
  };
  for (const Case c : {Case{"die", "crash"}, Case{"garbage", "illegal"}, Case{"slow", "timeout"}, Case{"ignore", "ignores them"}}) {
    const std::string campaign = (dir / c.mode).string();
    // The slow bot sleeps 5 s; the others have 2 s, ample even on a loaded machine.
    const std::string bot = "'cmd=\"" + kProbe + " " + log + " " + c.mode + "\",movetime=" +
                            (std::string(c.mode) == "slow" ? "500" : "2000") + "'";
    const std::string spsa = "tune spsa bullets --engine " + bot + " --params " + kDeclared +
                             " --limit nodes=50 --iterations 2 --pairs-per-iteration 1 --boards " + boards +
                             " --verify-games 0 --campaign " + campaign;
    const Run r = run(spsa);
    INFO(c.mode << ": " << r.output);
    CHECK(r.status == 2);
    CHECK(r.output.find(c.reason) != std::string::npos);
    const bool counted = std::filesystem::exists(campaign + "/journal.jsonl") &&
                         !read_text_file(campaign + "/journal.jsonl").empty();
    CHECK_FALSE(counted);  // no iteration counted
    const Run resumed = run("tune resume " + campaign);
    CHECK(resumed.status == 2);
    CHECK(resumed.output.find(c.reason) != std::string::npos);
  }
}

TEST_CASE("tune spsa refuses a bot without its declaration or at a limit it cannot take", "[yourbot][params][spsa]") {
  const TempFolder dir("external-refusals");
  const std::string bot = "'cmd=\"" + kProbe + " log -\"'";
  const std::string base = "tune spsa bullets --engine " + bot + " --iterations 2 --campaign " + (dir / "c").string();
  const Run no_params = run(base + " --limit nodes=50");
  CHECK(no_params.status == 2);
  CHECK(no_params.output.find("--params") != std::string::npos);
  const Run depth = run(base + " --params " + kDeclared + " --limit depth=3");
  CHECK(depth.status == 2);
  CHECK(depth.output.find("nodes=N (its node budget, reproducible) or at clock") != std::string::npos);
  const Run movetime = run(base + " --params " + kDeclared + " --limit movetime=100");
  CHECK(movetime.status == 2);
  std::string bad = read_text_file(kDeclared) + "PROBE_A, int, 1, 0, 2, 1, 0.002\n";
  write_file_atomic(dir / "twice.spsa", bad);
  const Run twice = run(base + " --params " + (dir / "twice.spsa").string() + " --limit nodes=50");
  CHECK(twice.status == 2);
  CHECK(twice.output.find("twice.spsa:4: parameter 'PROBE_A' appears twice") != std::string::npos);
}

TEST_CASE("the release gate takes a team's bot: perft against its script, an SPRT against its last file", "[yourbot][release]") {
  const TempFolder dir("external-release");
  const std::string boards = gamelab_test::bullets_room(dir, 12);
  const std::string out = (dir / "releases").string();
  const std::string mybot = "'cmd=\"" + std::string(GAMELAB_PYTHON3) + " " + GAMELAB_EXAMPLES + "/bullets/mybot.py\",movetime=10000'";
  const std::string still = "'cmd=\"" + kProbe + " " + (dir / "log").string() + " -\",movetime=10000'";
  const std::string perft = " --perft-against '" + std::string(GAMELAB_PYTHON3) + " " + GAMELAB_EXAMPLES + "/bullets/perft.py'";
  // --records in the test's folder: a refused gate keeps its records where it was told.
  const std::string common = " --limit nodes=500 --games 20 --sprt elo0=0,elo1=400 --boards " + boards + " --out " + out +
                             " --records " + (dir / "gate.records.jsonl").string();

  SECTION("a bot that hits a standing one is released, with its report") {
    const Run r = run("release bullets --bot " + mybot + " --bot-baseline " + still + perft + common);
    INFO(r.output);
    REQUIRE(r.status == 0);
    CHECK(r.output.find("accepted by SPRT") != std::string::npos);
    CHECK(r.output.find("perft.py` against `datasets/perft/bullets.json`: **ok**") != std::string::npos);
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(out)) {
      const std::string name = entry.path().filename().string();
      CHECK((name.ends_with(".md") || name.ends_with(".json") || name.ends_with(".records.jsonl")));
      ++files;
    }
    CHECK(files == 3);
    CHECK_FALSE(std::filesystem::exists(std::string(GAMELAB_EXAMPLES) + "/bullets/release.json"));
  }
  SECTION("a bot that cannot beat its last file is refused, and nothing is written") {
    const Run r = run("release bullets --bot " + still.substr(0, still.size() - 1) + ",params=" + kDeclared + "' --bot-baseline " +
                      still + common);
    INFO(r.output);
    CHECK(r.status == 1);
    CHECK(r.output.find("the SPRT did not accept H1") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(out));
    CHECK(std::filesystem::exists(dir / "gate.records.jsonl"));  // kept for a look, where it was told
  }
  SECTION("a perft script that disagrees refuses the bot before any game") {
    write_file_atomic(dir / "broken.py", "import sys\nprint('8 1')\nprint()\nprint(1)\n");
    const Run r = run("release bullets --bot " + mybot + " --bot-baseline " + still + " --perft-against '" + GAMELAB_PYTHON3 + " " +
                      (dir / "broken.py").string() + "'" + common);
    INFO(r.output);
    CHECK(r.status == 1);
    CHECK(r.output.find("perft: the bot's move generator does not agree with the lab's") != std::string::npos);
    CHECK(r.output.find("Match\n\nNo match was played") != std::string::npos);
  }
  SECTION("bad input: a bot gate without its baseline, limit or folder") {
    CHECK(run("release bullets --bot " + mybot + " --limit nodes=5 --out " + out).status == 2);
    CHECK(run("release bullets --bot " + mybot + " --bot-baseline " + still + " --out " + out).status == 2);
    CHECK(run("release bullets --bot " + mybot + " --bot-baseline " + still + " --limit depth=3 --out " + out).status == 2);
    CHECK(run("release bullets --bot " + mybot + " --bot-baseline " + still + " --limit nodes=5").status == 2);
  }
}

TEST_CASE("the example Raichu bot reads the values and the budget it is handed", "[yourbot][params]") {
  const TempFolder dir("example-raichu");
  const std::string bot = std::string(GAMELAB_PYTHON3) + " " + GAMELAB_EXAMPLES + "/raichu/mybot.py";
  const std::string start = "........W.W.W.W..w.w.w.w................b.b.b.b..B.B.B.B........";
  // As the tournament calls it, with a budget: the same lines every time.
  const auto call = [&](const std::string& env) {
    return gamelab_test::run_command(env + " " + bot + " 8 w " + start + " 1", gamelab_test::Stderr::Merge);
  };
  const Run once = call("GAMELAB_NODES=2000");
  REQUIRE(once.status == 0);
  CHECK(once.output == call("GAMELAB_NODES=2000").output);
  write_file_atomic(dir / "bad.json", "{\"MATERIAL_PICHU\": 120, \"NO_SUCH\": 1}\n");
  const Run bad = call("GAMELAB_NODES=200 GAMELAB_PARAMS=" + (dir / "bad.json").string());
  CHECK(bad.status == 2);
  CHECK(bad.output.find("NO_SUCH") != std::string::npos);
  CHECK(bad.output.find("bad.json") != std::string::npos);

  // In a match, with a tuned declaration and a budget; an opening the side to move wins at once (its
  // Pikachu jumps the last black piece), so each bot plays one move as White.
  std::string tuned = read_text_file(std::string(GAMELAB_EXAMPLES) + "/raichu/mybot.spsa");
  tuned.replace(tuned.find("MATERIAL_PICHU, int, 100"), 24, "MATERIAL_PICHU, int, 140");
  write_file_atomic(dir / "tuned.spsa", tuned);
  write_file_atomic(dir / "endgame.json", "{\"game\": \"raichu\", \"positions\": [\"8 w .........w................."
                                          "W.......b............................\"]}\n");
  const std::string match = "match raichu --engine 'name=tuned,movetime=20000,cmd=\"" + bot + "\",params=" +
                            (dir / "tuned.spsa").string() + ",nodes=300' --engine 'name=plain,movetime=20000,cmd=\"" + bot +
                            "\",nodes=300' --openings " + (dir / "endgame.json").string() + " --games 2 --out ";
  const Run played = run(match + (dir / "a.jsonl").string());
  INFO(played.output);
  REQUIRE(played.status == 0);
  CHECK(played.output.find("W-D-L 1-0-1") != std::string::npos);
  CHECK(played.output.find("failures") == std::string::npos);
}
