// Dog-Cat-Mouse-cheeSe perft: the committed dataset, checked by the engine and (where it is small
// enough) by the independent referee, the parallel split agreeing with one thread, and perft refused on
// a setup-phase board.
#include <nlohmann/json.hpp>

#include "core/text_file.hpp"
#include "dcms/entry.hpp"
#include "dcms/game.hpp"
#include "helpers.hpp"
#include "reference.hpp"
#include "registry/perft_suite.hpp"
#include "search/simultaneous_perft.hpp"

using namespace dcms_test;

namespace {
const std::string kDataset = gamelab::default_perft_dataset("dcms");
}

TEST_CASE("perft counts joint moves of merged actions", "[dcms][perft]") {
  const State s = position("mouse", kOpen, "S 2 1, s 2 6, M 1 3, m 3 4");
  CHECK(gamelab::search::simultaneous_perft<Game>(s, 0) == 1);
  CHECK(gamelab::search::simultaneous_perft<Game>(s, 1) == 6 * 6);  // both Mice on an edge row
  const State over = after(position("mouse", kOpen, "S 2 1, s 2 5, M 2 4, m 3 6"), "M 6", "m 5");
  CHECK(gamelab::search::simultaneous_perft<Game>(over, 0) == 1);
  CHECK(gamelab::search::simultaneous_perft<Game>(over, 1) == 0);
}

TEST_CASE("the perft dataset covers the required cases and matches at its fast depths", "[dcms][perft]") {
  const auto data = nlohmann::json::parse(gamelab::read_text_file(kDataset));
  REQUIRE(data["positions"].size() >= 8);
  std::string names;
  for (const auto& item : data["positions"]) names += item["name"].get<std::string>() + "|";
  for (const char* needed : {"captures at every rank", "cheeSe eaten by one side", "both cheeSes eaten",
                             "mice fight after eating", "swaps pass through", "wall blocking"}) {
    CHECK_THAT(names, Catch::Contains(needed));
  }
  const auto rows = gamelab::run_perft_suite(game_entry(), kDataset, {false, 0, 2});
  CHECK(rows.size() >= 30);
  for (const auto& row : rows) {
    INFO(row.name << " depth " << row.depth);
    CHECK(row.actual == row.expected);
  }
}

TEST_CASE("the independent referee confirms the dataset's shallow counts", "[dcms][perft]") {
  const auto data = nlohmann::json::parse(gamelab::read_text_file(kDataset));
  int confirmed = 0;
  for (const auto& item : data["positions"]) {
    const auto ref = reference_dcms::parse(item["position"].get<std::string>());
    const auto counts = item["counts"].get<std::vector<unsigned long long>>();
    // The reference has no bulk counting: keep each check to a few hundred thousand joint moves.
    for (std::size_t depth = 1; depth <= counts.size() && counts[depth - 1] <= 250000; ++depth) {
      INFO(item["name"].get<std::string>() << " depth " << depth);
      CHECK(reference_dcms::perft(ref, static_cast<int>(depth)) == counts[depth - 1]);
      ++confirmed;
    }
  }
  CHECK(confirmed >= 25);
}

TEST_CASE("perft refuses a setup-phase board and a variant that disagrees with the file", "[dcms][perft]") {
  gamelab::PerftRequest request;
  request.depth = 1;
  request.position.text = position_file("mouse", kOpen, "");
  request.position.source = "board.txt";
  CHECK_THROWS_WITH(game_entry().perft(request),
                    Catch::Contains("board.txt: a board for the setup phase (no piece lines)") &&
                        Catch::Contains("add one line per piece"));
  request.position.text = position_file("mouse", kOpen, "S 2 1, s 2 6, M 1 3, m 3 4");
  request.position.options["variant"] = "full";
  CHECK_THROWS_WITH(game_entry().perft(request), Catch::Contains("--variant full disagrees with board.txt (variant mouse)"));
  request.position.options["variant"] = "mouse";
  CHECK(game_entry().perft(request).nodes == 36);
  request.divide = true;
  const auto report = game_entry().perft(request);
  REQUIRE(report.divide.size() == 36);
  CHECK(report.divide[0].move == "[M 1] [m 4]");
  CHECK(report.divide[0].result == "{'S': (2, 1), 's': (2, 6), 'M': (2, 2), 'm': (3, 3)}");
}
