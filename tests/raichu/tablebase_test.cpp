// Raichu endgame tables (engines/raichu/tablebase.hpp): indexing, the predecessor generator against the
// move generator, every table consistent with its successors, values against a plain depth-limited
// search, symmetric positions alike, files with their errors, and the statistics in datasets/.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "common/temp_folder.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "common/search.hpp"
#include "raichu/eval.hpp"
#include "raichu/game.hpp"
#include "raichu/entry.hpp"
#include "raichu/movegen.hpp"
#include "raichu/notation.hpp"
#include "raichu/rules.hpp"
#include "raichu/tablebase.hpp"

using namespace gamelab::raichu;
using namespace gamelab::raichu::tb;

namespace {

// The tables up to `pieces` on board `n`, built once per test process (in memory).
const Tablebase& built_tables(int n, int pieces) {
  static std::map<std::pair<int, int>, std::unique_ptr<Tablebase>> built;
  auto& slot = built[{n, pieces}];
  if (!slot) {
    BuildOptions options;
    options.n = n;
    options.max_pieces = pieces;
    options.threads = 2;
    std::vector<ClassStats> stats;
    slot = std::make_unique<Tablebase>(build(options, stats));
  }
  return *slot;
}

// The folder of tables up to 3 pieces on n = 8 that the build wrote with `gamelab tablebase` for the
// release bot (engines/raichu/CMakeLists.txt); read-only here. Each test is a process of its own, so
// the tests that check the tables' values read it instead of building them again (about 3 s of two
// cores each); the statistics test below rebuilds them and compares with datasets/tablebase.
const std::string kBuiltFolder = GAMELAB_RAICHU_TABLES;

// The tables up to `pieces` on board `n`: those files for n = 8 and 3 pieces, else built in memory.
const Tablebase& tables(int n, int pieces) {
  if (n != 8 || pieces != 3) return built_tables(n, pieces);
  static const Tablebase loaded = Tablebase::load(kBuiltFolder, 8, 3);
  return loaded;
}

// The tables up to `pieces` on n = 8 written into `folder`, as `gamelab tablebase` writes them.
Tablebase build_into(const gamelab_test::TempFolder& folder, int pieces, std::vector<ClassStats>* stats = nullptr) {
  BuildOptions options;
  options.n = 8;
  options.max_pieces = pieces;
  options.folder = folder.path().string();
  std::vector<ClassStats> ignored;
  return build(options, stats ? *stats : ignored);
}

// A random position of class `m` on board n: distinct squares, no Pichu or Pikachu on its last row.
Placement random_placement(const Material& m, int n, Color side, gamelab::Rng& rng) {
  while (true) {
    Placement p;
    p.side = side;
    std::array<bool, 256> used{};
    bool ok = true;
    for (const Color c : {White, Black}) {
      for (const PieceType t : {Raichu, Pikachu, Pichu}) {
        for (int k = 0; k < m.count[c][t]; ++k) {
          const int sq = static_cast<int>(rng.below(static_cast<std::uint64_t>(n * n)));
          const int last = c == White ? n - 1 : 0;
          if (used[sq] || (t != Raichu && sq / n == last)) ok = false;
          used[sq] = true;
          p.at[p.count++] = {make_piece(c, t), static_cast<std::uint8_t>(sq)};
        }
      }
    }
    if (ok) return p;
  }
}

// The same position (as a set of pieces) whatever the order of the pieces.
std::string key(const Placement& p, int n) { return position_line(state_of(p, n)); }

Placement child_of(const Placement& p, const Move& mv, int n) {
  return placement_of(play(state_of(p, n), mv));
}

// Depth-limited exact search: the value if the game is decided within `depth` plies with best play,
// else nothing. Memoised on the position and the depth.
std::optional<Value> limited(const State& s, int depth, std::map<std::pair<std::string, int>, std::optional<Value>>& memo) {
  if (s.piece_count(s.side) == 0) return Value{Wdl::Loss, 0};
  MoveList moves;
  generate_moves(s, moves);
  if (moves.size() == 0) return Value{Wdl::Loss, 0};
  if (depth == 0) return std::nullopt;
  const auto k = std::make_pair(position_line(s), depth);
  if (const auto it = memo.find(k); it != memo.end()) return it->second;
  std::optional<int> best_win;
  int worst_loss = -1;
  bool all_lose = true;
  for (const Move& mv : moves) {
    const auto v = limited(play(s, mv), depth - 1, memo);
    if (v && v->wdl == Wdl::Loss) best_win = std::min(best_win.value_or(1000), v->plies + 1);
    if (v && v->wdl == Wdl::Win) {
      worst_loss = std::max(worst_loss, v->plies + 1);
    } else {
      all_lose = false;
    }
  }
  std::optional<Value> out;
  if (best_win) {
    out = Value{Wdl::Win, *best_win};
  } else if (all_lose) {
    out = Value{Wdl::Loss, worst_loss};
  }
  memo[k] = out;
  return out;
}

}  // namespace

TEST_CASE("tablebase classes: names, colour swap, build order", "[raichu][tablebase]") {
  CHECK(Material::parse("RRvR").name() == "RRvR");
  CHECK(Material::parse("PKRvK").name() == "RKPvK");  // Raichus, then Pikachus, then Pichus
  CHECK(Material::parse("RvRR").swapped().name() == "RRvR");
  CHECK(Material::parse("RRvR").canonical());
  CHECK_FALSE(Material::parse("RvRR").canonical());
  CHECK_THROWS_WITH(Material::parse("RRR"), Catch::Contains("expected white's pieces, 'v', black's"));
  CHECK_THROWS_WITH(Material::parse("RXvR"), Catch::Contains("'X' is not a piece"));
  CHECK_THROWS_WITH(Material::parse("RRRvRR"), Catch::Contains("at most 4 pieces"));
  const auto three = classes_up_to(3);
  CHECK(three.size() == 24);  // 6 with two pieces, 18 with three
  const auto four = classes_up_to(4);
  CHECK(four.size() == 24 + 30 + 21);  // 3 against 1: 10 x 3; 2 against 2: 6 x 6 less the 15 swapped pairs
  for (std::size_t i = 1; i < four.size(); ++i) {
    CHECK(four[i - 1].total() <= four[i].total());
    if (four[i - 1].total() == four[i].total()) CHECK(four[i - 1].pawns() <= four[i].pawns());
  }
}

TEST_CASE("tablebase index: every index decodes to a position that indexes back to it", "[raichu][tablebase]") {
  for (const int n : {8, 10}) {
    for (const char* name : {"RvR", "KvP", "RRvR", "RKvP", "PPvK", "KPvP"}) {
      const Table table(n, Material::parse(name));
      std::uint64_t positions = 0, weighted = 0;
      for (std::uint64_t i = 0; i < table.size(); ++i) {
        Placement p;
        if (!table.placement(i, White, p)) continue;
        ++positions;
        weighted += static_cast<std::uint64_t>(table.weight(i));
        REQUIRE(table.index(p) == i);
        // The mirror image folds onto the same index unless the first group is its own mirror image.
        if (table.weight(i) == 2) REQUIRE(table.index(mirrored(p, n)) == i);
        // The state of a placement carries the hash computed from scratch, for either side to move.
        if (i % 61 == 0) {
          for (const Color side : {White, Black}) {
            Placement q = p;
            q.side = side;
            const State s = state_of(q, n);
            REQUIRE(s.hash == compute_hash(s));
          }
        }
      }
      INFO(name << " n=" << n);
      CHECK(positions > 0);
      CHECK(weighted > positions);
      CHECK(weighted <= 2 * positions);
    }
  }
  // Two white Raichus on a 8 x 8 board against one black: 64 * 63 / 2 * 62 positions.
  std::uint64_t rrvr = 0;
  const Table t(8, Material::parse("RRvR"));
  for (std::uint64_t i = 0; i < t.size(); ++i) {
    Placement p;
    if (t.placement(i, White, p)) rrvr += static_cast<std::uint64_t>(t.weight(i));
  }
  CHECK(rrvr == 64ULL * 63 / 2 * 62);
}

TEST_CASE("tablebase predecessors: exactly the positions with a plain, non-promoting move to this one", "[raichu][tablebase]") {
  gamelab::Rng rng(5);
  for (const int n : {8, 10}) {
    for (const char* name : {"RvK", "KPvP", "RKvP", "PPvK", "RRvK", "KKvR", "RKvPP", "KPvRP"}) {
      const Material m = Material::parse(name);
      for (int trial = 0; trial < 30; ++trial) {
        const Placement p = random_placement(m, n, rng.below(2) ? White : Black, rng);
        const State s = state_of(p, n);
        MoveList moves;
        generate_moves(s, moves);
        for (const Move& mv : moves) {
          if (mv.is_capture() || mv.is_promotion()) continue;
          const Placement q = child_of(p, mv, n);
          std::vector<Placement> before;
          predecessors(q, n, before);
          bool found = false;
          for (const Placement& r : before) found = found || key(r, n) == key(p, n);
          INFO(name << " " << key(p, n) << " -> " << key(q, n));
          REQUIRE(found);
          for (const Placement& r : before) {  // and each predecessor does reach q by a legal plain move
            MoveList back;
            generate_moves(state_of(r, n), back);
            bool reaches = false;
            for (const Move& b : back) {
              if (!b.is_capture() && !b.is_promotion() && key(child_of(r, b, n), n) == key(q, n)) reaches = true;
            }
            INFO("predecessor " << key(r, n));
            REQUIRE(reaches);
          }
        }
      }
    }
  }
}

TEST_CASE("tablebase consistency: every position of every class up to 3 pieces agrees with its successors", "[raichu][tablebase]") {
  const int n = 8;
  const Tablebase& base = tables(n, 3);
  for (const Material& m : classes_up_to(3)) {
    const Table* table = base.find(m);
    REQUIRE(table);
    std::uint64_t checked = 0, wrong = 0;
    std::string first_wrong;
    for (const Color side : {White, Black}) {
      for (std::uint64_t i = 0; i < table->size(); ++i) {
        Placement p;
        if (!table->placement(i, side, p)) continue;
        const Value v = decode_value(table->at(side, i));
        const State s = state_of(p, n);
        MoveList moves;
        generate_moves(s, moves);
        int fastest_win = 1000, slowest_loss = -1;
        bool draw_child = false, missing = false;
        for (const Move& mv : moves) {
          const auto c = base.probe(child_of(p, mv, n));
          if (!c) {
            missing = true;
            continue;
          }
          if (c->wdl == Wdl::Loss) fastest_win = std::min(fastest_win, c->plies + 1);
          if (c->wdl == Wdl::Win) slowest_loss = std::max(slowest_loss, c->plies + 1);
          if (c->wdl == Wdl::Draw) draw_child = true;
        }
        bool ok = !missing;
        if (v.wdl == Wdl::Win) {
          ok = ok && fastest_win == v.plies;  // a move to a position lost at distance - 1, none faster
        } else if (v.wdl == Wdl::Loss) {   // only moves to won positions, the slowest at distance - 1
          ok = ok && fastest_win == 1000 && !draw_child && (moves.size() == 0 ? 0 : slowest_loss) == v.plies;
        } else {                           // a draw: no move to a loss, and one to a draw
          ok = ok && fastest_win == 1000 && draw_child;
        }
        ++checked;
        if (!ok && wrong++ == 0) {
          first_wrong = position_line(s) + " valued " + std::to_string(static_cast<int>(v.wdl)) + " in " + std::to_string(v.plies);
        }
      }
    }
    INFO(m.name() << ": " << checked << " positions; first disagreement: " << first_wrong);
    CHECK(checked > 0);
    CHECK(wrong == 0);
  }
}

namespace {
// Random positions of small classes: a decision within `depth` plies is found by the search with the
// table's distance; a draw or a longer decision is not.
void check_against_search(int depth, int trials, int at_least) {
  const int n = 8;
  const Tablebase& base = tables(n, 3);
  gamelab::Rng rng(11);
  std::map<std::pair<std::string, int>, std::optional<Value>> memo;
  int decided = 0;
  for (const char* name : {"RvR", "RvP", "KvP", "PvP", "RRvR", "KPvK", "PPvP", "RKvK", "KKvP"}) {
    const Material m = Material::parse(name);
    for (int trial = 0; trial < trials; ++trial) {
      const Placement p = random_placement(m, n, rng.below(2) ? White : Black, rng);
      const State s = state_of(p, n);
      const auto exact = base.probe(p);
      REQUIRE(exact);
      const auto searched = limited(s, depth, memo);
      INFO(name << " " << position_line(s) << " table " << static_cast<int>(exact->wdl) << " in " << exact->plies);
      if (exact->wdl != Wdl::Draw && exact->plies <= depth) {
        REQUIRE(searched);
        CHECK(*searched == *exact);
        ++decided;
      } else {
        CHECK_FALSE(searched);
      }
    }
  }
  CHECK(decided >= at_least);
}
}  // namespace

TEST_CASE("tablebase values agree with a plain depth-limited search", "[raichu][tablebase]") {
  check_against_search(5, 25, 60);
}

TEST_CASE("tablebase values agree with a plain search 7 plies deep", "[raichu][tablebase][slow]") {
  check_against_search(7, 60, 150);
}

TEST_CASE("tablebase symmetry: a position, its mirror image and its colour swap have one value", "[raichu][tablebase]") {
  for (const auto& [n, pieces] : {std::pair{8, 3}, std::pair{10, 2}}) {
    const Tablebase& base = tables(n, pieces);
    gamelab::Rng rng(17);
    for (const Material& m : classes_up_to(pieces)) {
      for (const Material& either : {m, m.swapped()}) {
        for (int trial = 0; trial < 50; ++trial) {
          const Placement p = random_placement(either, n, rng.below(2) ? White : Black, rng);
          const auto v = base.probe(p);
          REQUIRE(v);
          INFO(key(p, n));
          CHECK(base.probe(mirrored(p, n)) == v);
          CHECK(base.probe(swapped(p, n)) == v);
          CHECK(base.probe(state_of(p, n)) == v);
        }
      }
    }
  }
}

TEST_CASE("tablebase: what can be won with Raichus alone", "[raichu][tablebase]") {
  // One Raichu against one is won only by an immediate capture, by either side: never a longer win.
  const Tablebase& base = tables(8, 3);
  const ClassStats rvr = class_stats(*base.find(Material::parse("RvR")));
  CHECK(rvr.side[0].longest_win == 1);
  CHECK(rvr.side[0].lost == 0);
  // Two against one: the defender to move almost never loses; the attacker wins only at once or in 3.
  const ClassStats rrvr = class_stats(*base.find(Material::parse("RRvR")));
  CHECK(rrvr.side[0].longest_win <= 3);
  CHECK(rrvr.side[1].won == 0);
  // A position in hand: the Raichu on (0,7) takes the Pichu on (6,7) at once.
  const auto v = base.probe(parse_board(8, White, ".......@...............................................b........"));
  REQUIRE(v);
  CHECK(*v == Value{Wdl::Win, 1});
}

TEST_CASE("tablebase files: written, read back, and refused when missing, corrupt or of another class", "[raichu][tablebase]") {
  const gamelab_test::TempFolder folder("tablebase_files");
  std::vector<ClassStats> stats;
  build_into(folder, 2, &stats);
  BuildOptions options;
  options.n = 8;
  options.max_pieces = 2;
  options.folder = folder.path().string();
  REQUIRE(stats.size() == 6);
  const Material m = Material::parse("KvP");
  const std::string path = table_file(options.folder, 8, m);
  const auto table = read_table(path, 8, m);
  CHECK(table->data(White) == tables(8, 3).find(m)->data(White));
  const Tablebase loaded = Tablebase::load(options.folder, 8, 2);
  CHECK(loaded.max_pieces() == 2);
  // A second build reuses every file.
  std::vector<ClassStats> again;
  build(options, again);
  for (const auto& c : again) CHECK(c.reused);

  std::string content = gamelab::read_text_file(path);
  const auto write = [&](const std::string& text) { std::ofstream(path, std::ios::binary) << text; };
  write(content.substr(0, content.size() - 10));
  CHECK_THROWS_WITH(read_table(path, 8, m), Catch::Contains(path + ": truncated"));
  std::string flipped = content;
  flipped[flipped.size() / 2] ^= 1;
  write(flipped);
  CHECK_THROWS_WITH(read_table(path, 8, m), Catch::Contains("checksum mismatch"));
  write(content);
  CHECK_THROWS_WITH(read_table(path, 8, Material::parse("KvK")), Catch::Contains("holds class KvP"));
  CHECK_THROWS_WITH(read_table(path, 10, m), Catch::Contains("for n = 8; expected KvP for n = 10"));
  std::filesystem::remove(path);
  CHECK_THROWS_WITH(Tablebase::load(options.folder, 8, 2), Catch::Contains(path + ": cannot open"));
  CHECK_THROWS_AS(read_table(path, 8, m), gamelab::InputError);
}

namespace {
void check_statistics(const std::string& file) {
  {
    const auto want = nlohmann::json::parse(gamelab::read_text_file(std::string(GAMELAB_DATA_DIR) + "/tablebase/" + file));
    const Tablebase& base = built_tables(want["n"].get<int>(), want["max_pieces"].get<int>());
    REQUIRE(want["classes"].size() == classes_up_to(want["max_pieces"].get<int>()).size());
    for (const auto& c : want["classes"]) {
      const ClassStats got = class_stats(*base.find(Material::parse(c["class"].get<std::string>())));
      INFO(file << " " << got.name);
      for (int s = 0; s < 2; ++s) {
        const auto& w = c[s == 0 ? "white_to_move" : "black_to_move"];
        CHECK(got.side[s].positions == w["positions"].get<std::uint64_t>());
        CHECK(got.side[s].won == w["won"].get<std::uint64_t>());
        CHECK(got.side[s].drawn == w["drawn"].get<std::uint64_t>());
        CHECK(got.side[s].lost == w["lost"].get<std::uint64_t>());
        CHECK(got.side[s].longest_win == w["longest_win"].get<int>());
      }
    }
  }
}
}  // namespace

TEST_CASE("tablebase statistics: a rebuild gives the counts in datasets/tablebase (n = 8)", "[raichu][tablebase]") {
  check_statistics("raichu-n8-3.json");
}

TEST_CASE("tablebase statistics: a rebuild gives the counts in datasets/tablebase (n = 10)", "[raichu][tablebase][slow]") {
  check_statistics("raichu-n10-3.json");
}

namespace {
// The position after `m` as the tables value it for the side that moved: won, drawn or lost; nothing
// if it is outside the tables.
std::optional<Wdl> after_move(const Tablebase& base, const State& s, const Move& m) {
  const auto v = base.probe(play(s, m));
  if (!v) return std::nullopt;
  return v->wdl == Wdl::Win ? Wdl::Loss : v->wdl == Wdl::Loss ? Wdl::Win : Wdl::Draw;
}
}  // namespace

TEST_CASE("with the tables a side that is ahead does not trade into a drawn ending when a win is there", "[raichu][tablebase]") {
  // Two white Raichus against a Raichu and a Pichu, White to move (outside the 3-piece tables): taking
  // the Pichu looks best to the evaluation (two Raichus against one), but the tables call that ending
  // a draw. With the tables the search never enters a drawn ending when a move into a won one exists,
  // and enters drawn endings less often than without them.
  const Tablebase& base = tables(8, 3);
  gamelab::Rng rng(23);
  int plain_draws = 0, tabled_draws = 0, with_win = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const Placement p = random_placement(Material::parse("RRvRP"), 8, White, rng);
    const State s = state_of(p, 8);
    if (result(s).over()) continue;
    auto plain = gamelab_test::alphabeta<Game>(default_params());
    auto tabled = gamelab_test::alphabeta<Game>(default_params());
    tabled.set_oracle([&base](const State& x, int ply) { return search_score(base, x, ply); });
    const auto a = plain.search(s, gamelab_test::depth(3));
    const auto b = tabled.search(s, gamelab_test::depth(3));
    REQUIRE(a.best);
    REQUIRE(b.best);
    MoveList moves;
    generate_moves(s, moves);
    bool win_there = false;
    for (const Move& m : moves) win_there = win_there || after_move(base, s, m) == Wdl::Win;
    const auto plain_after = after_move(base, s, *a.best), tabled_after = after_move(base, s, *b.best);
    if (plain_after == Wdl::Draw) ++plain_draws;
    if (tabled_after == Wdl::Draw) ++tabled_draws;
    if (win_there) {
      ++with_win;
      INFO(position_line(s) << " with the tables: " << move_text(*b.best, s));
      CHECK(tabled_after != Wdl::Draw);
    }
  }
  CHECK(with_win >= 20);
  CHECK(plain_draws > 0);
  CHECK(tabled_draws < plain_draws);
  WARN("plain search into drawn endings: " << plain_draws << ", with the tables: " << tabled_draws << " (positions with a win: " << with_win << ")");
}

TEST_CASE("a game the tables know is adjudicated at once with its exact value", "[raichu][tablebase]") {
  gamelab::PlayerSpec a, b;
  a.name = "a";
  b.name = "b";
  a.limits.nodes = b.limits.nodes = 300;
  gamelab::GameRequest request;
  request.players = {a, b};
  request.adjudication_tables = kBuiltFolder;
  // Won for White to move (a Raichu takes the last black piece), drawn (Raichus only), and a win that
  // needs more plies than the game has left: a draw.
  request.opening = "8 w .......@...............................................b........";
  gamelab::GameRecord won = game_entry().play_game(request);
  CHECK(won.adjudication == "tablebase");
  CHECK(won.plies == 0);
  CHECK(won.score == 1.0);
  CHECK_THAT(won.reason, Catch::Contains("white wins: adjudicated by the endgame tables (RvP, white to move wins in 1 plies)"));
  request.opening = "8 b .......@.@........................................$.............";
  const gamelab::GameRecord drawn = game_entry().play_game(request);
  CHECK(drawn.adjudication == "tablebase");
  CHECK(drawn.score == 0.5);
  CHECK_THAT(drawn.reason, Catch::Contains("RRvR drawn"));
  // KPvK won in 39 plies for White (datasets/tablebase/raichu-n8-3.json): a win for the search with the
  // plies to play it, a draw with 10 plies left.
  State late = parse_board(8, White, "w.........W...................................................B.");
  const Tablebase loaded = Tablebase::load_available(kBuiltFolder, 8);
  CHECK(loaded.max_pieces() == 3);
  CHECK(search_score(loaded, late, 2) == gamelab::search::win_in(41));
  late.ply = 390;
  CHECK(search_score(loaded, late, 2) == 1);  // a draw in the game, leaning White's way
  late.side = Black;  // Black to move (a draw in the tables: 0; decided beyond the limit: +-1)
  late.hash = compute_hash(late);
  const auto black = loaded.probe(late);
  REQUIRE(black);
  CHECK(search_score(loaded, late, 2) == (black->wdl == Wdl::Loss ? -1 : black->wdl == Wdl::Win ? 1 : 0));
  // White's winning move leaves Black lost in 38: with 10 plies left a draw leaning White's way, -1 for Black.
  late.side = White;
  late.ply = 0;
  late.hash = compute_hash(late);
  MoveList moves;
  generate_moves(late, moves);
  bool found = false;
  for (const auto& m : moves) {
    State child = play(late, m);
    const auto v = loaded.probe(child);
    if (!v || v->wdl != Wdl::Loss || v->plies != 38) continue;
    found = true;
    CHECK(search_score(loaded, child, 1) == gamelab::search::loss_in(39));
    child.ply = 391;
    CHECK(search_score(loaded, child, 1) == -1);
  }
  CHECK(found);
  // Without the option the game is played out.
  request.adjudication_tables.clear();
  request.opening = "8 w .......@...............................................b........";
  const gamelab::GameRecord played = game_entry().play_game(request);
  CHECK(played.adjudication.empty());
  CHECK(played.plies == 1);
}

TEST_CASE("datagen with the tables ends each game where they take over and labels it exactly", "[raichu][tablebase]") {
  const Tablebase& base = tables(8, 3);
  gamelab::Rng rng(29);
  int games = 0, labelled = 0;
  for (int trial = 0; trial < 30; ++trial) {
    const State start = state_of(random_placement(Material::parse("RKvRP"), 8, White, rng), 8);
    if (result(start).over()) continue;
    gamelab::DatagenRequest request;
    request.opening = position_line(start);
    request.seed = static_cast<std::uint64_t>(trial);
    request.limits.nodes = 300;
    request.skip_tactical = false;
    request.adjudication_tables = kBuiltFolder;
    const auto rows = game_entry().datagen_game(request);
    if (rows.empty()) continue;
    ++games;
    // Every kept position is outside the tables (the game ended at the first one they know), and all
    // carry one result: White's label is the same in every row.
    std::optional<double> white;
    for (const auto& row : rows) {
      const State s = parse_position_text(row.position, "row");
      INFO(row.position);
      CHECK_FALSE(base.probe(s));
      const double w = s.side == White ? row.result : 1.0 - row.result;
      if (white) CHECK(w == *white);
      white = w;
      ++labelled;
    }
  }
  CHECK(games >= 10);
  CHECK(labelled >= games);
}

TEST_CASE("tablebase statistics: a rebuild gives the counts in datasets/tablebase (n = 8, 4 pieces)", "[raichu][tablebase][slow]") {
  check_statistics("raichu-n8-4.json");  // every 4-piece class: about half an hour on one core
}
