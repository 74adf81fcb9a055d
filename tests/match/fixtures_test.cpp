// Same command, same seed, same records: the match records and self-play data in tests/match/fixtures/
// were written by the commands in its commands.txt before the play loops were changed, and every
// game's loop must still write them byte for byte (the guard of a refactoring of the referee and
// self-play loops; a change of play that is meant rewrites them with datasets/tools/make_play_fixtures.sh).
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "common/run.hpp"
#include "common/temp_folder.hpp"
#include "core/text_file.hpp"

namespace {

const std::string kSource = GAMELAB_SOURCE_DIR;
const std::string kFixtures = kSource + "/tests/match/fixtures";

}  // namespace

TEST_CASE("every game's matches and self-play write the committed records byte for byte", "[match][fixtures]") {
  const gamelab_test::TempFolder dir("fixtures");
  std::ifstream commands(kFixtures + "/commands.txt");
  REQUIRE(commands);
  int checked = 0;
  for (std::string line; std::getline(commands, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string file;
    words >> file;
    std::string command;
    std::getline(words, command);
    const std::string out = (dir / file).string();
    const gamelab_test::Run r =
        gamelab_test::run_command("cd " + kSource + " && " + GAMELAB_BINARY + command + " --out " + out);
    INFO(file << ":" << command << "\n" << r.output);
    REQUIRE(r.status == 0);
    CHECK(gamelab::read_text_file(out) == gamelab::read_text_file(kFixtures + "/" + file));
    ++checked;
  }
  CHECK(checked == 8);  // a match and a self-play run for each of the four games
}
