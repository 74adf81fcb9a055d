// `gamelab perft|show|boards dcms` as a user meets them: output, exit codes, messages naming the input.
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "common/run.hpp"
#include "core/text_file.hpp"
#include "helpers.hpp"

using namespace dcms_test;

namespace {

using gamelab_test::Run;
using gamelab_test::run;

// A file in the test's working folder, removed at the end of the scope.
struct TempFile {
  std::string path;
  TempFile(std::string name, const std::string& text) : path(std::move(name)) { gamelab::write_file_atomic(path, text); }
  ~TempFile() { std::remove(path.c_str()); }
};

}  // namespace

TEST_CASE("gamelab perft dcms counts a position file", "[dcms][cli]") {
  const TempFile file("dcms_cli_position.txt", "# a comment\n" + position_file("mouse", kOpen, "S 2 1, s 2 6, M 1 3, m 3 4"));
  const Run r = run("perft dcms --board " + file.path + " --depth 2");
  CHECK(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("dcms perft 2: "));
  const Run mouse = run("perft dcms --variant mouse --board " + file.path + " --depth 1");
  CHECK(mouse.status == 0);
  CHECK_THAT(mouse.output, Catch::Contains("dcms perft 1: 36 nodes"));
}

TEST_CASE("gamelab perft dcms --divide --json lists joint moves", "[dcms][cli]") {
  const TempFile file("dcms_cli_divide.txt", position_file("full", kOpen, "S 2 1, s 2 6, M 1 3, C 3 2, m 3 4"));
  const Run r = run("perft dcms --board " + file.path + " --depth 2 --divide --json");
  REQUIRE(r.status == 0);
  const auto out = nlohmann::json::parse(r.output);
  CHECK(out["divide"].size() == 6 * 6 * 6);
  std::uint64_t sum = 0;
  for (const auto& line : out["divide"]) sum += line["nodes"].get<std::uint64_t>();
  CHECK(sum == out["nodes"].get<std::uint64_t>());
  CHECK(out["divide"][0]["move"].get<std::string>() == "[C 4 M 1] [m 4]");
}

TEST_CASE("gamelab perft dcms explains what it needs", "[dcms][cli]") {
  const Run none = run("perft dcms --depth 1");
  CHECK(none.status != 0);
  CHECK_THAT(none.output, Catch::Contains("dcms needs --board FILE"));
  const Run missing = run("perft dcms --board no_such_file.txt --depth 1");
  CHECK(missing.status != 0);
  CHECK_THAT(missing.output, Catch::Contains("--board no_such_file.txt: no such file"));
  const TempFile setup("dcms_cli_setup.txt", position_file("full", kOpen, ""));
  const Run phase = run("perft dcms --board " + setup.path + " --depth 1");
  CHECK(phase.status != 0);
  CHECK_THAT(phase.output, Catch::Contains("a board for the setup phase (no piece lines)"));
  const TempFile bad("dcms_cli_bad.txt", position_file("full", kOpen, "S 2 1, s 2 6, M 9 9"));
  const Run located = run("perft dcms --board " + bad.path + " --depth 1");
  CHECK(located.status != 0);
  CHECK_THAT(located.output, Catch::Contains("dcms_cli_bad.txt:9:3: (9,9) is outside the 5x8 board"));
  const TempFile mouse("dcms_cli_mouse.txt", position_file("mouse", kOpen, "S 2 1, s 2 6"));
  const Run disagree = run("perft dcms --variant full --board " + mouse.path + " --depth 1");
  CHECK(disagree.status != 0);
  CHECK_THAT(disagree.output, Catch::Contains("--variant full disagrees"));
  CHECK(run("perft dcms --variant half --board " + mouse.path + " --depth 1").status != 0);
}

TEST_CASE("gamelab show dcms sets the variant of a setup-phase board", "[dcms][cli]") {
  const TempFile setup("dcms_cli_show.txt", position_file("full", kOpen, ""));
  const Run r = run("show dcms --variant mouse --board " + setup.path);
  CHECK(r.status == 0);
  CHECK_THAT(r.output, Catch::StartsWith("mouse 5 8 0\n") && Catch::Contains("mouse 5x8, setup phase"));
}

TEST_CASE("gamelab boards dcms writes the committed suite's boards and rejects bad options", "[dcms][cli]") {
  const std::string out = "dcms_cli_boards";
  std::filesystem::remove_all(out);
  const Run r = run("boards dcms --seed 4 --count 3 --out " + out);
  CHECK(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("wrote 3 dcms boards"));
  for (const auto& entry : std::filesystem::directory_iterator(out)) {
    const std::string committed = std::string(GAMELAB_DATA_DIR) + "/boards/dcms/" + entry.path().filename().string();
    INFO(entry.path());
    REQUIRE(std::filesystem::exists(committed));
    CHECK(gamelab::read_text_file(entry.path().string()) == gamelab::read_text_file(committed));
  }
  const Run sized = run("boards dcms --seed 1 --count 2 --rows 9 --cols 11-12 --density 0.1 --variant mouse --out " + out + "/sized");
  CHECK(sized.status == 0);
  for (const auto& entry : std::filesystem::directory_iterator(out + "/sized")) {
    const State s = parse_position_text(gamelab::read_text_file(entry.path().string()), entry.path().string());
    CHECK(s.variant == Variant::Mouse);
    CHECK(s.board->rows() == 9);
  }
  std::filesystem::remove_all(out);
  const Run small = run("boards dcms --seed 1 --rows 2 --out " + out);
  CHECK(small.status != 0);
  CHECK_THAT(small.output, Catch::Contains("rows = 2 is outside 3..64"));
  const Run dense = run("boards dcms --seed 1 --density 0.9 --out " + out);
  CHECK(dense.status != 0);
  CHECK_THAT(dense.output, Catch::Contains("wall density 0.9 is outside [0, 0.5]"));
  const Run words = run("boards dcms --seed 1 --cols wide --out " + out);
  CHECK(words.status != 0);
  CHECK_THAT(words.output, Catch::Contains("--cols 'wide'"));
  CHECK_FALSE(std::filesystem::exists(out));
}

TEST_CASE("gamelab search dcms prints the root strategies and the chosen move", "[dcms][cli][search]") {
  const TempFile file("dcms_cli_search.txt", position_file("full", kOpen, "S 2 1, C 1 2, D 3 2, M 2 5, s 2 6, c 1 5, d 3 6, m 2 4"));
  const Run win = run("search dcms --board " + file.path + " --limit nodes=500");
  CHECK(win.status == 0);
  CHECK_THAT(win.output, Catch::Contains("proven by the bounds"));
  CHECK_THAT(win.output, Catch::Contains("blue strategy"));
  CHECK_THAT(win.output, Catch::Contains("M 6"));  // onto red's cheeSe at (2,6)
  const Run red = run("search dcms --board " + file.path + " --side red --limit nodes=800 --seed 4 --json");
  REQUIRE(red.status == 0);
  const auto out = nlohmann::json::parse(red.output);
  CHECK(out["best"].get<std::string>().find('m') != std::string::npos);
  CHECK(out["nodes"].get<std::uint64_t>() > 0);
  CHECK_THAT(out["analysis"].get<std::string>(), Catch::Contains("red strategy"));
  const Run again = run("search dcms --board " + file.path + " --side red --limit nodes=800 --seed 4 --json");
  const auto repeat = nlohmann::json::parse(again.output);  // the same seed: the same search
  CHECK(repeat["best"] == out["best"]);
  CHECK(repeat["nodes"] == out["nodes"]);
  CHECK(repeat["score"] == out["score"]);
  const Run bad = run("search dcms --board " + file.path + " --side green");
  CHECK(bad.status != 0);
  CHECK_THAT(bad.output, Catch::Contains("--side green: expected blue or red"));
}

TEST_CASE("gamelab search dcms on a setup-phase board chooses a placement", "[dcms][cli][search]") {
  const TempFile file("dcms_cli_setup.txt", position_file("mouse", kOpen, ""));
  const Run r = run("search dcms --board " + file.path + " --side red");
  CHECK(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("placement search for red"));
  CHECK_THAT(r.output, Catch::Contains("best (("));
}
