// The gamelab command line as a user meets it: exit codes, messages naming the bad input, output.
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "common/run.hpp"
#include "core/text_file.hpp"

namespace {

using gamelab_test::Run;
using gamelab_test::run;

}  // namespace

TEST_CASE("gamelab perft raichu counts the start position", "[cli]") {
  const Run r = run("perft raichu --n 8 --depth 3");
  CHECK(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("raichu perft 3: "));
}

TEST_CASE("gamelab perft raichu --json --divide lists root moves", "[cli]") {
  const Run r = run("perft raichu --depth 2 --divide --json");
  REQUIRE(r.status == 0);
  const auto out = nlohmann::json::parse(r.output);
  CHECK(out["divide"].size() == 22);
  std::uint64_t sum = 0;
  for (const auto& line : out["divide"]) sum += line["nodes"].get<std::uint64_t>();
  CHECK(sum == out["nodes"].get<std::uint64_t>());
  CHECK(out["divide"][0]["result"].get<std::string>().size() == 64);
}

TEST_CASE("gamelab rejects an odd board size with a clear message", "[cli]") {
  const Run r = run("perft raichu --n 9 --depth 1");
  CHECK(r.status != 0);
  CHECK_THAT(r.output, Catch::Contains("n = 9 is not supported"));
}

TEST_CASE("gamelab names a bad board character", "[cli]") {
  const Run r = run("perft raichu --depth 1 --board ........W.W.W.W..w.w.w.w................b.b.b.b..B.B.B.B.......x");
  CHECK(r.status != 0);
  CHECK_THAT(r.output, Catch::Contains("index 63 (row 7, col 7)"));
}

TEST_CASE("gamelab reads a position file and reports a bad one by line and column", "[cli]") {
  gamelab::write_file_atomic("cli_position.txt", "# start, black to move\n8 b ........W.W.W.W..w.w.w.w................b.b.b.b..B.B.B.B........\n");
  const Run good = run("perft raichu --depth 1 --board cli_position.txt");
  CHECK(good.status == 0);
  CHECK_THAT(good.output, Catch::Contains("perft 1: 22 nodes"));
  gamelab::write_file_atomic("cli_position.txt", "8 w ..x\n");
  const Run bad = run("perft raichu --depth 1 --board cli_position.txt");
  CHECK(bad.status != 0);
  CHECK_THAT(bad.output, Catch::Contains("cli_position.txt:1:5"));
  std::remove("cli_position.txt");
}

TEST_CASE("gamelab rejects unknown flags and games", "[cli]") {
  CHECK(run("perft raichu --depht 3").status != 0);
  CHECK(run("perft chess --depth 3").status != 0);
  CHECK(run("perft raichu").status != 0);
}

TEST_CASE("every command has --help", "[cli]") {
  for (const char* command : {"--help", "perft --help", "perft raichu --help", "show raichu --help", "games --help"}) {
    INFO(command);
    CHECK(run(command).status == 0);
  }
}

namespace {

// The commands `gamelab --help` lists (its "Subcommands:" section), so that a new command is checked
// without being named here.
std::vector<std::string> listed_subcommands(const std::string& help) {
  std::vector<std::string> names;
  const std::size_t at = help.find("Subcommands:");
  if (at == std::string::npos) return names;
  std::istringstream lines(help.substr(at));
  std::string line;
  std::getline(lines, line);
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string name;
    if (words >> name) names.push_back(name);
  }
  return names;
}

}  // namespace

TEST_CASE("every command exits 0 on --help, 2 on bad input, and prints its own help", "[cli]") {
  // docs/tools/cli.md: 0 success (and --help); 1 a negative verdict or a refusal; 2 bad input or a fault.
  const Run root = run("--help");
  REQUIRE(root.status == 0);
  const std::vector<std::string> commands = listed_subcommands(root.output);
  REQUIRE(commands.size() >= 18);
  for (const std::string& command : commands) {
    INFO(command);
    const Run help = run(command + " --help");
    CHECK(help.status == 0);
    // The command's own help, not the root's: its usage line names it.
    CHECK_THAT(help.output, Catch::Contains("Usage: ") && Catch::Contains(command));
    CHECK(help.output != root.output);
    CHECK(run(command + " --no-such-flag").status == 2);
    const std::vector<std::string> games = listed_subcommands(help.output);
    if (!games.empty()) {  // a command that takes a game (or a kind): an unknown one is bad input
      CHECK(run(command + " no-such-game").status == 2);
      CHECK(run(command).status == 2);  // none given
      const Run game_help = run(command + " " + games.front() + " --help");
      CHECK(game_help.status == 0);
      CHECK_THAT(game_help.output, Catch::Contains(games.front()));
      CHECK(run(command + " " + games.front() + " --no-such-flag").status == 2);
    }
  }
  CHECK(run("no-such-command").status == 2);
  CHECK(run("").status == 2);  // a command is required
  CHECK(run("--version").status == 0);
}

TEST_CASE("a negative verdict exits 1, bad input 2", "[cli]") {
  const std::string dataset = std::filesystem::absolute("wrong_perft.json").string();
  gamelab::write_file_atomic(dataset, R"({"game": "raichu", "positions": [{"name": "start", "position": "8 w ........W.W.W.W..w.w.w.w................b.b.b.b..B.B.B.B........", "counts": [23], "fast_depth": 1}]})");
  const Run differs = run("perft raichu --check --dataset " + dataset);
  INFO(differs.output);
  CHECK(differs.status == 1);  // the start has 22 moves, the file says 23
  CHECK(run("perft raichu --check --dataset " + dataset + ".missing").status == 2);
  CHECK(run("perft raichu --depth 2 --n 9").status == 2);  // an odd board size
}

// One convention (docs/tools/cli.md §3): the old spellings that committed recipes and reports' commands
// use still work, hidden from --help, and name the form the lab teaches.
TEST_CASE("the old spellings of perft --check, bench --positions and search --limit still work and name the new form", "[cli]") {
  const Run check = run("perft raichu --check --max-depth 2");
  const Run suite = run("perft raichu --suite --max-depth 2");
  REQUIRE(check.status == 0);
  CHECK(suite.status == 0);
  CHECK_THAT(suite.output, Catch::Contains("--suite is an old spelling; the lab's form is --check"));
  CHECK_THAT(run("perft raichu --help").output, !Catch::Contains("--suite"));

  const Run limit = run("search raichu --limit nodes=500 --json");
  const Run nodes = run("search raichu --nodes 500 --json");
  REQUIRE(limit.status == 0);
  auto without_time = [](const std::string& out) {  // the same search, apart from its wall time
    nlohmann::json j = nlohmann::json::parse(out.substr(out.find('{')));
    j.erase("seconds");
    return j;
  };
  CHECK(without_time(nodes.output) == without_time(limit.output));
  CHECK_THAT(nodes.output, Catch::Contains("--nodes is an old spelling; the lab's form is --limit nodes=N"));
  const Run mixed = run("search raichu --limit depth=3,nodes=100000 --json");
  REQUIRE(mixed.status == 0);
  CHECK(nlohmann::json::parse(mixed.output)["depth"] == 3);
  const Run bad = run("search raichu --limit speed=3");
  CHECK(bad.status == 2);
  CHECK_THAT(bad.output, Catch::Contains("--limit: unknown limit 'speed'"));

  const std::string file = std::string(GAMELAB_TESTS) + "/../datasets/bench/raichu.json";
  const Run positions = run("bench raichu --positions " + file + " --depth 2 --json");
  const Run bench_suite = run("bench raichu --suite " + file + " --depth 2 --json");
  REQUIRE(positions.status == 0);
  CHECK(bench_suite.status == 0);
  CHECK_THAT(bench_suite.output, Catch::Contains("--suite is an old spelling; the lab's form is --positions"));
  CHECK(nlohmann::json::parse(positions.output)["nodes"] ==
        nlohmann::json::parse(bench_suite.output.substr(bench_suite.output.find('{')))["nodes"]);
}

TEST_CASE("every committed opening suite is what its made_by command writes", "[cli]") {
  // datasets/openings/: the tuning suites, the release gate's held-out suites (other seeds) and the
  // unbalanced ones (--imbalance); each names the command that made it.
  int suites = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(GAMELAB_DATA_DIR) + "/openings")) {
    if (entry.path().extension() != ".json") continue;
    ++suites;
    INFO(entry.path());
    const auto committed = nlohmann::json::parse(gamelab::read_text_file(entry.path().string()));
    const std::string made_by = committed["made_by"].get<std::string>();
    if (made_by.rfind("python3 datasets/tools/", 0) == 0) continue;  // a script's suite: the slow test below
    REQUIRE(made_by.rfind("gamelab openings ", 0) == 0);
    const std::string out = "suite_" + entry.path().filename().string();
    const Run r = run(made_by.substr(std::string("gamelab ").size()) + " --out " + out);
    REQUIRE(r.status == 0);
    CHECK(nlohmann::json::parse(gamelab::read_text_file(out)) == committed);
    std::remove(out.c_str());
  }
  CHECK(suites >= 6);
}

TEST_CASE("every committed opening suite a script made is what the script writes again", "[cli][slow]") {
  // Ataxx's suites with gaps (datasets/tools/make_ataxx_openings.py): the script judges each candidate
  // with gamelab search, which takes tens of seconds, and compares with --check.
  std::set<std::string> commands;  // one run per command: a command may write several files
  for (const auto& entry : std::filesystem::directory_iterator(std::string(GAMELAB_DATA_DIR) + "/openings")) {
    if (entry.path().extension() != ".json") continue;
    const auto committed = nlohmann::json::parse(gamelab::read_text_file(entry.path().string()));
    const std::string made_by = committed["made_by"].get<std::string>();
    if (made_by.rfind("python3 datasets/tools/", 0) == 0) commands.insert(made_by);
  }
  CHECK(commands.size() >= 1);
  for (const std::string& made_by : commands) {
    INFO(made_by);
    const Run r = gamelab_test::run_command("cd " GAMELAB_SOURCE_DIR " && " + made_by + " --check --gamelab " GAMELAB_BINARY);
    INFO(r.output);
    CHECK(r.status == 0);
  }
}

TEST_CASE("gamelab tournament plays every pairing into its folder, resumes, and prints the rating list", "[cli]") {
  std::filesystem::remove_all("cli_tournament");
  const std::string engines = " --engine name=d1,depth=1 --engine name=d2,depth=2 --engine name=d3,depth=3 --games 4";
  const Run gauntlet = run("tournament ataxx --gauntlet" + engines + " --prior 1 --out cli_tournament");
  REQUIRE(gauntlet.status == 0);
  CHECK(std::filesystem::exists("cli_tournament/d1-vs-d2.jsonl"));
  CHECK(std::filesystem::exists("cli_tournament/d1-vs-d3.jsonl"));
  CHECK_FALSE(std::filesystem::exists("cli_tournament/d2-vs-d3.jsonl"));  // a gauntlet: the first against each other
  CHECK_THAT(gauntlet.output, Catch::Contains("rank  name"));
  CHECK_THAT(gauntlet.output, Catch::Contains("8 games; anchor"));
  const std::string first = gamelab::read_text_file("cli_tournament/d1-vs-d2.jsonl");
  const Run robin = run("tournament ataxx" + engines + " --prior 1 --resume cli_tournament");
  REQUIRE(robin.status == 0);
  CHECK(gamelab::read_text_file("cli_tournament/d1-vs-d2.jsonl") == first);  // finished pairings are not played again
  CHECK(std::filesystem::exists("cli_tournament/d2-vs-d3.jsonl"));
  CHECK_THAT(robin.output, Catch::Contains("12 games; anchor"));

  const Run again = run("tournament ataxx" + engines + " --out cli_tournament");
  CHECK(again.status != 0);
  CHECK_THAT(again.output, Catch::Contains("--out cli_tournament: the folder holds files"));
  const Run two = run("tournament ataxx --engine name=a,depth=1 --engine name=b,depth=2 --out cli_tournament2");
  CHECK(two.status != 0);
  CHECK_THAT(two.output, Catch::Contains("a tournament needs at least three engines (found 2)"));
  const Run slash = run("tournament ataxx --engine name=a/b,depth=1 --engine name=b,depth=2 --engine name=c,depth=1 "
                        "--out cli_tournament2");
  CHECK(slash.status != 0);
  CHECK_THAT(slash.output, Catch::Contains("--engine name=a/b"));
  std::filesystem::remove_all("cli_tournament");
  std::filesystem::remove_all("cli_tournament2");
}

TEST_CASE("gamelab match --pgnout writes every game with its start position and its moves", "[cli]") {
  std::remove("cli_pgn.jsonl");
  const Run r = run("match ataxx --engine name=a,depth=1 --engine name=b,depth=2 --games 2 --out cli_pgn.jsonl "
                    "--pgnout cli_pgn.pgn");
  REQUIRE(r.status == 0);
  const std::string pgn = gamelab::read_text_file("cli_pgn.pgn");
  CHECK_THAT(pgn, Catch::Contains("[White \"a\"]"));
  CHECK_THAT(pgn, Catch::Contains("[White \"b\"]"));
  CHECK_THAT(pgn, Catch::Contains("[SetUp \"1\"]\n[FEN \""));
  CHECK_THAT(pgn, Catch::Contains("\n1. "));
  std::remove("cli_pgn.jsonl");
  std::remove("cli_pgn.pgn");
}

TEST_CASE("gamelab sprt takes --sprt elo0=..,elo1=.. as match, tune and release do, and the old single flags", "[cli]") {
  const Run spec = run("sprt --wdl 60,20,20 --sprt elo0=0,elo1=10,alpha=0.1 --json");
  const Run flags = run("sprt --wdl 60,20,20 --elo0 0 --elo1 10 --alpha 0.1 --json");
  REQUIRE(spec.status == 0);
  CHECK_THAT(flags.output, Catch::Contains(spec.output));
  CHECK_THAT(flags.output, Catch::Contains("--elo0 is an old spelling; the lab's form is --sprt"));
  CHECK_THAT(run("sprt --help").output, !Catch::Contains("--elo0"));
  const Run none = run("sprt --wdl 60,20,20");
  CHECK(none.status == 2);
  CHECK_THAT(none.output, Catch::Contains("give the hypotheses"));
  CHECK(run("sprt --wdl 60,20,20 --sprt elo0=0,elo1=10 --elo0 1").status != 0);
}

TEST_CASE("gamelab tune spsa --resume continues a campaign with its own settings, as tune resume does", "[cli]") {
  std::filesystem::remove_all("cli_spsa_resume");
  const Run first = run("tune spsa ataxx --iterations 2 --pairs-per-iteration 1 --limit nodes=200 --verify-games 0 "
                        "--campaign cli_spsa_resume");
  REQUIRE(first.status == 0);
  const std::string journal = gamelab::read_text_file("cli_spsa_resume/journal.jsonl");
  const Run again = run("tune spsa ataxx --campaign cli_spsa_resume --resume");
  CHECK(again.status == 0);
  CHECK_THAT(again.output, Catch::Contains("2/2 iterations"));
  CHECK(gamelab::read_text_file("cli_spsa_resume/journal.jsonl") == journal);  // finished: nothing played again
  const Run other = run("tune spsa ataxx --campaign cli_spsa_resume --resume --limit nodes=500");
  CHECK(other.status == 2);
  CHECK_THAT(other.output, Catch::Contains("--limit: with --resume the campaign goes on with its own settings"));
  const Run missing = run("tune spsa ataxx --campaign cli_spsa_resume2 --limit nodes=200");
  CHECK(missing.status == 2);
  CHECK_THAT(missing.output, Catch::Contains("--iterations N is required (or --resume)"));
  std::filesystem::remove_all("cli_spsa_resume");
}

TEST_CASE("gamelab tune texel --resume continues a campaign with its own settings", "[cli]") {
  std::filesystem::remove_all("cli_texel_resume");
  REQUIRE(run("datagen ataxx --games 4 --limit nodes=200 --out cli_texel_resume.data").status == 0);
  REQUIRE(run("tune texel ataxx --data cli_texel_resume.data --epochs 5 --campaign cli_texel_resume").status == 0);
  const std::string current = gamelab::read_text_file("cli_texel_resume/current.json");
  const Run again = run("tune texel ataxx --campaign cli_texel_resume --resume");
  CHECK(again.status == 0);
  CHECK(gamelab::read_text_file("cli_texel_resume/current.json") == current);
  const Run other = run("tune texel ataxx --campaign cli_texel_resume --resume --epochs 9");
  CHECK(other.status == 2);
  CHECK_THAT(other.output, Catch::Contains("--epochs: with --resume"));
  CHECK_THAT(run("tune texel ataxx --campaign cli_texel_resume2").output, Catch::Contains("--data FILE is required (or --resume)"));
  std::filesystem::remove_all("cli_texel_resume");
  std::remove("cli_texel_resume.data");
}

TEST_CASE("gamelab match and tournament resume in either form: --resume FILE, or --out FILE --resume", "[cli]") {
  std::remove("cli_resume_form.jsonl");
  const std::string engines = "match ataxx --engine name=a,depth=1 --engine name=b,depth=2";
  REQUIRE(run(engines + " --games 2 --out cli_resume_form.jsonl").status == 0);
  const Run bare = run(engines + " --games 4 --out cli_resume_form.jsonl --resume");
  CHECK(bare.status == 0);
  CHECK_THAT(bare.output, Catch::Contains("4 games (2 pairs)"));
  const Run named = run(engines + " --games 6 --resume cli_resume_form.jsonl");
  CHECK_THAT(named.output, Catch::Contains("6 games (3 pairs)"));
  const Run alone = run(engines + " --games 6 --resume");
  CHECK(alone.status == 2);
  CHECK_THAT(alone.output, Catch::Contains("--resume without a file goes with --out FILE"));
  std::remove("cli_resume_form.jsonl");
  std::filesystem::remove_all("cli_resume_tour");
  const std::string three = "tournament ataxx --engine name=a,depth=1 --engine name=b,depth=2 --engine name=c,depth=1 --prior 1";
  REQUIRE(run(three + " --games 2 --out cli_resume_tour").status == 0);
  const Run more = run(three + " --games 4 --out cli_resume_tour --resume");
  CHECK(more.status == 0);
  CHECK_THAT(more.output, Catch::Contains("12 games; anchor"));
  std::filesystem::remove_all("cli_resume_tour");
}
