// Self-play data: the file format, datagen's determinism, Raichu's Texel hooks.
#include <catch2/catch.hpp>
#include <fstream>
#include <numeric>
#include <sstream>

#include "core/error.hpp"
#include "helpers.hpp"
#include "raichu/eval.hpp"
#include "raichu/movegen.hpp"
#include "raichu/notation.hpp"
#include "registry/game_registry.hpp"
#include "tuner/texel/data_file.hpp"
#include "tuner/texel/datagen.hpp"
#include "tuner/texel/load.hpp"

using namespace gamelab;
using namespace gamelab::tuner;
using tuner_test::file_text;

namespace {

std::vector<DataRow> read_all(const std::string& path, const std::string& game = "") {
  std::vector<DataRow> rows;
  read_data_file(path, game, 7, [&](std::vector<DataRow>& batch) { rows.insert(rows.end(), batch.begin(), batch.end()); });
  return rows;
}

DatagenSettings raichu_datagen(const std::string& out, int concurrency) {
  DatagenSettings s;
  s.game = "raichu";
  s.games = 6;
  s.seed = 17;
  s.limits = parse_limits("nodes=150", "test");
  s.concurrency = concurrency;
  s.out = out;
  return s;
}

}  // namespace

TEST_CASE("position texts survive escaping, multi-line ones included", "[datagen]") {
  const std::string text = "a\\b\tc\nline two\r\n";
  CHECK(escape_position(text).find('\n') == std::string::npos);
  CHECK(unescape_position(escape_position(text), "x") == text);
  CHECK_THROWS_WITH(unescape_position("ab\\q", "f:3"), Catch::Contains("f:3: unknown escape '\\q'"));
}

TEST_CASE("a data file round-trips, and damage is reported by name and line", "[datagen]") {
  {
    DataWriter writer("rows.data", "raichu", {{"seed", "1"}});
    writer.add_game(0, {{"8 w ....", 1.0}, {"two\nlines", 0.5}});
    writer.add_game(1, {{"x", 0.0}});
    writer.finish();
  }
  const auto rows = read_all("rows.data", "raichu");
  REQUIRE(rows.size() == 3);
  CHECK(rows[1].position == "two\nlines");
  CHECK(rows[1].result == 0.5);
  CHECK(rows[2].game == 1);
  CHECK(rows[2].line == 4);
  const std::string text = file_text("rows.data");
  auto with = [](const std::string& content) { std::ofstream("bad.data", std::ios::binary) << content; };
  with(text.substr(0, text.size() - 25));  // cut off: the end line is gone
  CHECK_THROWS_WITH(read_all("bad.data"), Catch::Contains("bad.data: truncated"));
  with(text.substr(0, text.find("#end")));  // cut exactly at a line end
  CHECK_THROWS_WITH(read_all("bad.data"), Catch::Contains("bad.data: truncated: no end line after line 4"));
  std::string wrong = text;
  wrong.replace(wrong.find("\t1\t"), 3, "\t2\t");
  with(wrong);
  CHECK_THROWS_WITH(read_all("bad.data"), Catch::Contains("bad.data:2: result '2' is not 1, 0.5 or 0"));
  with("hello\n");
  CHECK_THROWS_WITH(read_all("bad.data"), Catch::Contains("bad.data:1: not a gamelab datagen file"));
  CHECK_THROWS_WITH(read_all("rows.data", "bullets"), Catch::Contains("positions of game 'raichu', not bullets"));
  CHECK_THROWS_WITH(read_all("missing.data"), Catch::Contains("missing.data: cannot open"));
}

TEST_CASE("datagen writes the same file whatever the concurrency", "[datagen]") {
  std::ostringstream log;
  const auto one = run_datagen(raichu_datagen("datagen_c1.data", 1), log);
  const auto two = run_datagen(raichu_datagen("datagen_c2.data", 2), log);
  CHECK(one.positions == two.positions);
  CHECK(one.positions > 50);
  CHECK(file_text("datagen_c1.data") == file_text("datagen_c2.data"));
  CHECK_THAT(log.str(), Catch::Contains("games 6/6"));
  const auto rows = read_all("datagen_c1.data", "raichu");
  CHECK(rows.size() == one.positions);
  CHECK(rows.back().game == 5);
}

TEST_CASE("datagen refused at its first game leaves no file behind", "[datagen]") {
  std::ostringstream log;
  DatagenSettings s = raichu_datagen("refused.data", 1);
  s.game = "jumpchess";  // its games end by a move limit without a draw: --limit-games material has no use
  s.limit_games = LimitGames::Material;
  CHECK_THROWS_WITH(run_datagen(s, log), Catch::Contains("--limit-games"));
  CHECK_FALSE(std::filesystem::exists("refused.data"));
  CHECK_FALSE(std::filesystem::exists("refused.data.partial"));
}

TEST_CASE("Raichu's Texel hooks: features give the engine's evaluation, tactical positions are skipped", "[datagen]") {
  const GameEntry& game = find_game("raichu");
  REQUIRE(game.eval_weights == raichu::kFeatureCount);
  const std::vector<int> weights = game.default_params().values();
  std::ostringstream log;
  run_datagen(raichu_datagen("hooks.data", 1), log);
  const auto rows = read_all("hooks.data", "raichu");
  REQUIRE(!rows.empty());
  for (const auto& row : rows) {
    const raichu::State s = raichu::parse_position_text(row.position, "row");
    int eval = 0;
    for (const auto& f : game.features(row.position)) eval += weights[f.index] * f.value;
    REQUIRE(eval == raichu::evaluate(s, weights.data()));
    raichu::MoveList moves;
    raichu::generate_moves(s, moves);
    for (const auto& m : moves) REQUIRE(!m.is_capture());
  }
  // Keeping tactical positions keeps more of them.
  auto keep = raichu_datagen("hooks_all.data", 1);
  keep.skip_tactical = false;
  run_datagen(keep, log);
  CHECK(read_all("hooks_all.data").size() > rows.size());
  // A labelled game: both sides' positions, results opposite for opposite sides to move.
  DatagenRequest request;
  request.seed = 3;
  request.limits = parse_limits("nodes=150", "test");
  request.skip_tactical = false;
  const auto game_rows = game.datagen_game(request);
  REQUIRE(game_rows.size() > 2);
  const bool same_side = game_rows[0].position.substr(0, 3) == game_rows[1].position.substr(0, 3);
  CHECK(!same_side);
  CHECK(game_rows[0].result + game_rows[1].result == 1.0);
  // A won game: White's Raichu shuts in Black's last Pichu at once; White to move is labelled a win.
  request.opening = "8 w @.........w.w..................................................b";
  request.random_plies = 0;
  const auto won = game.datagen_game(request);
  REQUIRE(won.size() == 1);
  CHECK(won[0].result == 1.0);
  request.opening = "8 b @.........w.w..................................................b";
  const auto lost = game.datagen_game(request);
  REQUIRE(!lost.empty());
  CHECK(lost[0].result == 0.0);
}

TEST_CASE("the Texel loader splits by game with a seed and names a bad position", "[datagen]") {
  std::ostringstream log;
  run_datagen(raichu_datagen("split.data", 1), log);
  const GameEntry& game = find_game("raichu");
  const TexelDataset a = load_texel_dataset(game, "split.data", 0.5, 4, 1, log);
  const TexelDataset b = load_texel_dataset(game, "split.data", 0.5, 4, 2, log);
  CHECK(a.train.results == b.train.results);
  CHECK(a.train.offsets == b.train.offsets);
  CHECK(a.train.rows() + a.validation.rows() == a.positions);
  CHECK(a.file_hash == b.file_hash);
  int held = 0;
  for (int g = 0; g < 1000; ++g) held += held_out(g, 0.1, 4);
  CHECK(held > 70);
  CHECK(held < 130);
  {
    DataWriter writer("badpos.data", "raichu", {});
    writer.add_game(0, {{"8 w ........W.W.W.W..w.w.w.w................b.b.b.b..B.B.B.B........", 1.0}, {"8 w xyz", 0.0}});
    writer.finish();
  }
  CHECK_THROWS_WITH(load_texel_dataset(game, "badpos.data", 0.1, 1, 1, log), Catch::Contains("badpos.data:3: "));
}

TEST_CASE("a data file keeps the self-play score of a position, and refuses a bad one", "[datagen]") {
  {
    DataWriter writer("scores.data", "raichu", {});
    writer.add_game(0, {{"with\ttab", 1.0, -35}, {"none", 0.5, std::nullopt}, {"big", 0.0, 30000}});
    writer.finish();
  }
  const auto rows = read_all("scores.data");
  REQUIRE(rows.size() == 3);
  CHECK(rows[0].position == "with\ttab");  // the escaped tab stays in the position
  CHECK(rows[0].score == -35);
  CHECK_FALSE(rows[1].score.has_value());
  CHECK(rows[2].score == 30000);
  std::string text = file_text("scores.data");
  text.replace(text.find("\t-35\n"), 5, "\t-3x\n");
  std::ofstream("bad_score.data", std::ios::binary) << text;
  CHECK_THROWS_WITH(read_all("bad_score.data"), Catch::Contains("bad_score.data:2: score '-3x' is not an integer"));
}

TEST_CASE("Raichu datagen: scores for every position, and the ply-limit policies", "[datagen]") {
  const GameEntry& game = find_game("raichu");
  // Two Raichus against one: at depth 1 nobody finds a way to force a capture, and the game runs
  // into the 400-ply limit.
  DatagenRequest request;
  request.opening = "8 w @......@...................................................$....";
  request.random_plies = 0;
  request.limits.depth = 1;
  request.skip_tactical = false;
  const auto drawn = game.datagen_game(request);
  REQUIRE(drawn.size() == 400);  // every ply's position: the game ended by the limit
  for (const auto& p : drawn) {
    CHECK(p.result == 0.5);
    CHECK(p.score.has_value());
  }
  request.limit_games = LimitGames::Drop;
  CHECK(game.datagen_game(request).empty());
  request.limit_games = LimitGames::Material;
  const auto by_material = game.datagen_game(request);
  REQUIRE(by_material.size() == drawn.size());
  for (std::size_t i = 0; i < by_material.size(); ++i) {
    CHECK(by_material[i].result == (i % 2 == 0 ? 1.0 : 0.0));  // White, two Raichus up, to move at even plies
  }
  // Games that end by a limit without a draw refuse the option.
  request.opening.clear();
  CHECK_THROWS_WITH(find_game("jumpchess").datagen_game(request), Catch::Contains("--limit-games"));
}
