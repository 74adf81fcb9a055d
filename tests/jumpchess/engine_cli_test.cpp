// `gamelab params|search|bench|openings|match jumpchess` as a user meets them, and the registry's
// Texel hooks (features, datagen_game).
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "common/run.hpp"
#include "core/text_file.hpp"
#include "helpers.hpp"
#include "jumpchess/entry.hpp"
#include "jumpchess/eval.hpp"

namespace {

using gamelab_test::Run;
using gamelab_test::run;

}  // namespace

TEST_CASE("gamelab params jumpchess lists the weights then the search knobs", "[jumpchess][cli][engine]") {
  const Run r = run("params jumpchess --spsa");
  REQUIRE(r.status == 0);
  CHECK(r.output.rfind("eval_in_target, int, 50, ", 0) == 0);
  CHECK_THAT(r.output, Catch::Contains("search_qsearch_depth, int,"));
}

TEST_CASE("gamelab search jumpchess prints iterations, the best path and the board after it", "[jumpchess][cli][engine]") {
  const Run r = run("search jumpchess --limit depth=4");
  REQUIRE(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("depth  1  score"));
  CHECK_THAT(r.output, Catch::Contains("depth  4  score"));
  const auto best = r.output.find("best [(");
  REQUIRE(best != std::string::npos);
  // The board after the best move: 8 rows of 8 values, Black's 9 pieces and White's 9.
  const std::string board = r.output.substr(r.output.find('\n', best) + 1);
  CHECK(std::count(board.begin(), board.end(), '\n') == 8);
  CHECK(std::count(board.begin(), board.end(), '1') == 9);
  CHECK(std::count(board.begin(), board.end(), '2') == 9);
  // A finished position has no move; a bad one names the problem.
  const Run over = run("search jumpchess --board 0000001100000011000000110000001100000010000000000000000022000000 --limit depth=2");
  CHECK(over.status == 0);
  CHECK_THAT(over.output, Catch::Contains("the game is over"));
  CHECK(run("search jumpchess --board 123 --limit depth=2").status != 0);
}

TEST_CASE("the committed opening suites are what gamelab openings writes", "[jumpchess][cli][engine]") {
  // jumpchess.json (tuning and matches) and jumpchess-gate.json (the release gate's, another seed).
  for (const std::string name : {"jumpchess", "jumpchess-gate"}) {
    INFO(name);
    const std::string path = name + "_openings.json";
    const auto committed =
        nlohmann::json::parse(gamelab::read_text_file(std::string(GAMELAB_DATA_DIR) + "/openings/" + name + ".json"));
    const std::string made_by = committed["made_by"].get<std::string>();
    REQUIRE(made_by.rfind("gamelab openings jumpchess ", 0) == 0);
    const Run r = run(made_by.substr(std::string("gamelab ").size()) + " --out " + path);
    REQUIRE(r.status == 0);
    const auto fresh = nlohmann::json::parse(gamelab::read_text_file(path));
    CHECK(fresh == committed);
    const auto& positions = committed["positions"];
    CHECK(positions.size() == 200);
    std::set<std::string> distinct;
    for (const auto& p : positions) {
      const auto s = gamelab::jumpchess::parse_position_text(p.get<std::string>(), "opening");
      CHECK_FALSE(gamelab::jumpchess::result(s).over());
      distinct.insert(gamelab::jumpchess::board_digits(s) + gamelab::jumpchess::side_name(s.side));
    }
    CHECK(distinct.size() == positions.size());
    std::filesystem::remove(path);
  }
  CHECK(run("openings jumpchess --count 5 --n 8").status != 0);  // jump chess has no board size
}

TEST_CASE("a jump chess match between two lab engines is reproducible", "[jumpchess][cli][engine]") {
  std::filesystem::remove("jc_match_1.jsonl");
  std::filesystem::remove("jc_match_2.jsonl");
  const std::string args = "match jumpchess --engine name=a,depth=2 --engine name=b,nodes=300 --games 4 --seed 9";
  const Run one = run(args + " --concurrency 1 --out jc_match_1.jsonl");
  const Run two = run(args + " --concurrency 2 --out jc_match_2.jsonl");
  REQUIRE(one.status == 0);
  REQUIRE(two.status == 0);
  CHECK_THAT(one.output, Catch::Contains("a vs b: 4 games (2 pairs)"));
  const auto lines = [](const std::string& path) {
    std::vector<nlohmann::json> out;
    std::istringstream in(gamelab::read_text_file(path));
    for (std::string line; std::getline(in, line);) out.push_back(nlohmann::json::parse(line));
    std::sort(out.begin(), out.end(), [](const auto& x, const auto& y) { return x["pair"] < y["pair"]; });
    return out;
  };
  CHECK(lines("jc_match_1.jsonl") == lines("jc_match_2.jsonl"));
}

TEST_CASE("the Texel hooks: features of a position file, and a labelled self-play game", "[jumpchess][engine]") {
  const auto game = gamelab::jumpchess::game_entry();
  const std::string start = gamelab::jumpchess::position_text(gamelab::jumpchess::start_position());
  const auto weights = gamelab::jumpchess::default_params().values();
  int sum = 0;
  for (const auto& f : game.features(start)) {
    REQUIRE(f.index >= 0);
    REQUIRE(static_cast<std::size_t>(f.index) < game.eval_weights);
    sum += weights[f.index] * f.value;
  }
  CHECK(sum == gamelab::jumpchess::evaluate(gamelab::jumpchess::start_position(), weights.data()));

  gamelab::DatagenRequest request;
  request.seed = 5;
  request.limits.depth = 2;
  const auto a = game.datagen_game(request);
  const auto b = game.datagen_game(request);
  REQUIRE(a.size() > 20);
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].position == b[i].position);
    CHECK(a[i].result == b[i].result);
  }
  // Labels are from the side to move's view: positions of the two sides have opposite labels (or
  // both draws), and no kept position has a hop capture for its side to move.
  std::set<double> black_views;
  for (const auto& p : a) {
    const auto s = gamelab::jumpchess::parse_position_text(p.position, "datagen");
    CHECK_FALSE(gamelab::jumpchess::result(s).over());
    for (const auto& m : jumpchess_test::moves_of(s)) REQUIRE(m.captured == 0);
    black_views.insert(s.side == gamelab::jumpchess::Black ? p.result : 1 - p.result);
  }
  CHECK(black_views.size() == 1);  // one game, one result: the same from Black's view everywhere
  request.skip_tactical = false;
  CHECK(game.datagen_game(request).size() > a.size());
}
