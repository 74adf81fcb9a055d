// Safe actions (engines/bullets/safety.hpp), the engine keeping to them, and the post-mortem of a lost
// game (post_mortem.hpp), on a loss of the release to the defaults from the gate's committed records.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>

#include "bullets/engine.hpp"
#include "bullets/eval.hpp"
#include "bullets/generator.hpp"
#include "bullets/notation.hpp"
#include "bullets/post_mortem.hpp"
#include "bullets/safety.hpp"
#include "core/params.hpp"
#include "core/text_file.hpp"
#include "helpers.hpp"

using namespace bullets_test;

namespace {

// Game `game` of pair `pair` of a committed records file: the opening and the moves.
struct Recorded {
  State start;
  std::vector<std::string> moves;
  std::vector<std::string> seats;
};
Recorded recorded(const std::string& file, int pair, int game) {
  const std::string text = gamelab::read_text_file(std::string(GAMELAB_SOURCE_DIR) + "/" + file);
  std::size_t at = 0;
  for (int k = 0; k < pair; ++k) at = text.find('\n', at) + 1;
  const auto j = nlohmann::json::parse(text.substr(at, text.find('\n', at) - at));
  REQUIRE(j["pair"] == pair);
  const auto& g = j["games"][static_cast<std::size_t>(game)];
  return {parse_position(j["opening"].get<std::string>(), file).state, g["moves"].get<std::vector<std::string>>(),
          g["seats"].get<std::vector<std::string>>()};
}

// The joint move `r` recorded at `round` (the position's round, from its start's): (Blue's action, Red's).
std::pair<Action, Action> recorded_move(const Recorded& r, std::size_t round) {
  Action blue, red;
  bool silent[2];
  parse_joint(r.moves.at(round - r.start.round), blue, red, silent);
  return {blue, red};
}

// `s`, a position of `r`, one round on.
State advanced(const Recorded& r, const State& s) {
  const auto [blue, red] = recorded_move(r, s.round);
  return play(s, blue, red);
}

State replayed(const Recorded& r, std::size_t rounds) {
  State s = r.start;
  while (s.round < r.start.round + rounds) s = advanced(r, s);
  return s;
}

// Game 0 of pair `pair` of a clock match the release (seat 0, Blue) lost: the post-mortem's cause, checked
// to be a hit at `hit_round`, and the position at `round`.
struct ReleaseLoss {
  LossCause cause;
  State at;
};
// Game `game` of pair `pair` of a records file, lost by the engine named `loser` at `hit_round`: the
// game and the post-mortem's cause.
struct RecordedLoss {
  Recorded game;
  LossCause cause;
};
RecordedLoss recorded_loss(const char* file, int pair, int game, const std::string& loser, std::uint32_t hit_round) {
  Recorded r = recorded(file, pair, game);
  const auto cause = explain_loss(r.start, r.moves);
  REQUIRE(cause);
  REQUIRE(r.seats[cause->loser == Blue ? 0 : 1] == loser);
  CHECK(cause->hit_round == hit_round);
  return {std::move(r), *cause};
}

// The position at `round` of a game the release lost to a trap deeper than two joint moves, as `loser`,
// checked to be the one where it played `played`.
State trapped_at(const RecordedLoss& loss, Side loser, std::size_t round, Action played) {
  CHECK(loss.cause.loser == loser);
  CHECK_THAT(loss.cause.text(), Catch::Contains("trapped deeper than two joint moves"));
  const auto [blue, red] = recorded_move(loss.game, round);
  REQUIRE((loser == Blue ? blue : red) == played);
  return replayed(loss.game, round);
}

ReleaseLoss release_loss(const char* file, int pair, std::uint32_t hit_round, std::size_t round) {
  const Recorded r = recorded(file, pair, 0);
  REQUIRE(r.seats[0] == "release");
  const auto cause = explain_loss(r.start, r.moves);
  REQUIRE(cause);
  CHECK(cause->hit_round == hit_round);
  const State at = replayed(r, round);
  REQUIRE(at.round == round);
  return {*cause, at};
}

gamelab::ParamSet release_with(int safety) {
  gamelab::ParamSet p =
      gamelab::ParamSet::load_file(std::string(GAMELAB_SOURCE_DIR) + "/engines/bullets/release.json", default_params());
  p.set("engine_safety", safety);
  return p;
}

// The release engine's search of `side` in `s` at 3,000 iterations with seeds 1..seeds: a replayed
// losing position is checked for every seed, not for one lucky one.
std::vector<SearchResult> release_searches(const State& s, Side side, std::uint64_t seeds) {
  std::vector<SearchResult> results;
  for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
    gamelab::SearchLimits limits;
    limits.nodes = 3000;
    results.push_back(Engine(release_with(1), seed).search(s, side, limits));
  }
  return results;
}

constexpr const char* kGate = "reports/bullets/2026-11-27-035315.records.jsonl";
constexpr const char* kClockSafety = "reports/bullets/experiments/clock-safety/records.jsonl";
constexpr const char* kClockDeep = "reports/bullets/experiments/clock-deep/records.jsonl";
constexpr const char* kClockChecked = "reports/bullets/experiments/clock-checked/records.jsonl";
constexpr const char* kClockLong = "reports/bullets/experiments/clock-long/records.jsonl";
constexpr const char* kClockLong256 = "reports/bullets/experiments/clock-long256/records.jsonl";
constexpr const char* kClockDeep8 = "reports/bullets/experiments/clock-deep8/records.jsonl";
constexpr const char* kClockLimit = "reports/bullets/experiments/clock-limit/records.jsonl";
constexpr const char* kClockTrusted = "reports/bullets/experiments/clock-trusted/records.jsonl";
constexpr const char* kClockReserve = "reports/bullets/experiments/clock-reserve/records.jsonl";
constexpr const char* kClockDeep16 = "reports/bullets/experiments/clock-deep16/records.jsonl";
constexpr const char* kClockTimed = "reports/bullets/experiments/clock-timed/records.jsonl";

// Doomed, the slow way: the live squares round by round as a list, each step tried and each bullet
// looked up with bullet_on (no bit shifts), over `horizon` rounds.
bool doomed_reference(const State& s, Side side, int horizon) {
  if ((s.hit >> side) & 1) return true;
  if (s.over()) return false;  // the other side hit: the game is over
  const Board& board = *s.board;
  const int rounds = static_cast<int>(std::min<std::uint32_t>(static_cast<std::uint32_t>(horizon), s.limit - s.round));
  std::vector<int> live{s.player[side]};
  for (int k = 1; k <= rounds; ++k) {
    std::vector<bool> next(static_cast<std::size_t>(board.cells()), false);
    for (const int from : live) {
      for (int d = -1; d < 4; ++d) {
        const int to = d < 0 ? from : board.step(from, static_cast<Dir>(d));
        if (!board.wall(to) && !s.bullet_on(to, s.round + static_cast<std::uint32_t>(k))) next[to] = true;
      }
    }
    live.clear();
    for (int cell = 0; cell < board.cells(); ++cell) {
      if (next[cell]) live.push_back(cell);
    }
    if (live.empty()) return true;
  }
  return false;
}

// Boards of the tournament's range up to 24 x 30.
BoardRanges small_boards() {
  BoardRanges ranges;
  ranges.rows_max = 24;
  ranges.cols_max = 30;
  return ranges;
}

// Positions with bullets strewn at random (`bullets_min` to `bullets_max` of them, as a long game piles
// them up) and both players on random open squares free of bullets, on boards of `ranges`, `count` of
// them; with `near` > 0, Red within that many rows and columns of Blue.
std::vector<State> crowded_positions(int count, int bullets_min, int bullets_max, std::uint64_t seed, int near = 0,
                                     const BoardRanges& ranges = small_boards()) {
  gamelab::Rng rng(seed);
  std::vector<State> out;
  for (const auto& b : generate_suite(seed, count, ranges)) {
    const State start = parse_position(b.text, b.name).state;
    const Board& board = *start.board;
    std::vector<int> open;
    for (int cell = 0; cell < board.cells(); ++cell) {
      if (!board.wall(cell)) open.push_back(cell);
    }
    const auto any_open = [&] { return open[rng.below(open.size())]; };
    std::vector<BulletPlace> bullets;
    const int n = bullets_min + static_cast<int>(rng.below(static_cast<std::uint64_t>(bullets_max - bullets_min + 1)));
    for (int k = 0; k < n; ++k) bullets.push_back({any_open(), static_cast<Dir>(rng.below(4))});
    const std::uint32_t round = static_cast<std::uint32_t>(rng.below(500));
    State s = make_state(start.board, start.player[Blue], start.player[Red], bullets, round, 2000);
    for (int tries = 0; tries < 50; ++tries) {
      const int blue = any_open(), red = any_open();
      const bool far = std::abs(board.row_of(blue) - board.row_of(red)) > near || std::abs(board.col_of(blue) - board.col_of(red)) > near;
      if ((near > 0 && far) || blue == red || s.bullet_on(blue, round) || s.bullet_on(red, round)) continue;
      out.push_back(make_state(start.board, blue, red, bullets, round, 2000));
      break;
    }
  }
  return out;
}

// `played` is safe `depth` - 1 joint moves deep to the round limit and not `depth`, while each of
// `deeper` is safe 9 deep. Preferred (then every other action), `played` is what safest() keeps where its
// count of checks stops the deepening (a node limit); with a deadline 500 ms away, far more than the depth
// needs, it plays an action safe `depth` joint moves deep.
void kept_by_count_not_by_clock(const State& s, Side side, Action played, int depth, std::initializer_list<Action> deeper) {
  Foresight far(s, long_safety_horizon(s));
  CHECK(far.safe_at(s, side, played, depth - 1));
  CHECK_FALSE(far.safe_at(s, side, played, depth));
  for (const Action a : deeper) CHECK(far.safe_at(s, side, a, 9));
  std::vector<Action> preference{played};
  for (const Action a : kEveryAction) {
    if (a != played) preference.push_back(a);
  }
  CHECK(safest(s, side, preference) == played);
  const Action timed = safest(s, side, preference, std::chrono::steady_clock::now() + std::chrono::milliseconds(500));
  CHECK(timed != played);
  CHECK(far.safe_at(s, side, timed, depth));
}

// A trap forced deeper than a move's time reaches, as clock-timed's losses were: at round `only_at` the
// loser's only action that no reply dooms before the round limit is `only` (safe eight joint moves deep,
// and the release plays it); at the earlier round `deep_at` it played `deep_played`, safe exactly
// `deep_depth` deep; from round `doomed_at` no action is safe at all.
struct ForcedTrap {
  std::size_t only_at;
  Action only;
  std::size_t deep_at;
  Action deep_played;
  int deep_depth;
  std::size_t doomed_at;
};
void check_forced_trap(const RecordedLoss& loss, Side loser, const ForcedTrap& t) {
  const State s = trapped_at(loss, loser, t.only_at, t.only);
  Foresight far(s, long_safety_horizon(s));
  ActionList mine;
  generate_actions(s, loser, mine);
  for (const Action a : mine) CHECK(far.safe(s, loser, a) == (a == t.only));
  CHECK(far.safe_at(s, loser, t.only, 8));
  for (const SearchResult& result : release_searches(s, loser, 3)) CHECK(*result.action == t.only);
  const State deep = replayed(loss.game, t.deep_at);
  REQUIRE((loser == Blue ? recorded_move(loss.game, t.deep_at).first : recorded_move(loss.game, t.deep_at).second) == t.deep_played);
  Foresight deep_far(deep, long_safety_horizon(deep));
  CHECK(deep_far.safe_at(deep, loser, t.deep_played, t.deep_depth));
  CHECK_FALSE(deep_far.safe_at(deep, loser, t.deep_played, t.deep_depth + 1));
  const State doomed = replayed(loss.game, t.doomed_at);
  Foresight doomed_far(doomed, long_safety_horizon(doomed));
  for (const Action a : kEveryAction) CHECK_FALSE(doomed_far.safe(doomed, loser, a));
}

}  // namespace

TEST_CASE("post-mortem: the release's loss in pair 22 of the gate was a step one shot dooms, with safe ones left",
          "[bullets][safety]") {
  const Recorded r = recorded(kGate, 22, 0);
  REQUIRE(r.seats[0] == "candidate");  // the release, Blue
  const auto cause = explain_loss(r.start, r.moves);
  REQUIRE(cause);
  CHECK(cause->loser == Blue);
  CHECK(cause->hit_round == 81);
  REQUIRE(cause->last_safe_round == 80u);
  CHECK_FALSE(cause->played_safe);
  CHECK(cause->played == kLeft);
  CHECK(cause->safe_actions == std::vector<Action>{kRight, kShootUp, kShootLeft, kShootRight, kStay});
  CHECK_THAT(cause->text(), Catch::Contains("a search error there"));
  // A game that ends in a draw has no cause.
  const Recorded draw = recorded(kGate, 0, 0);
  CHECK_FALSE(explain_loss(draw.start, draw.moves));
}

TEST_CASE("the engine keeps to the safe actions: the losing position of pair 22 replayed", "[bullets][safety]") {
  const Recorded r = recorded(kGate, 22, 0);
  const State s = replayed(r, 80);
  REQUIRE(s.round == 80);
  const std::vector<Action> safe = safe_actions(s, Blue);
  REQUIRE_FALSE(std::find(safe.begin(), safe.end(), kLeft) != safe.end());
  for (const SearchResult& kept : release_searches(s, Blue, 4)) {
    CHECK(std::find(safe.begin(), safe.end(), *kept.action) != safe.end());
  }
}

TEST_CASE("safe actions: none is hit or doomed after any reply — the engine never plays an unsafe one when one is safe",
          "[bullets][safety]") {
  gamelab::Rng rng(3404);
  int positions = 0, unsafe_choices_before = 0;
  for (int game = 0; game < 6; ++game) {
    State s = drawn({"############", "#R.....v...#", "#..#....<..#", "#.....#....#", "#..>.......#", "#........B.#",
                     "############"});
    for (int turn = 0; turn < 30 && !s.over(); ++turn) {
      for (const Side side : {Blue, Red}) {
        const std::vector<Action> safe = safe_actions(s, side);
        ActionList theirs;
        generate_actions(s, other(side), theirs);
        for (const Action a : safe) {
          for (const Action b : theirs) CHECK_FALSE(hit_or_doomed(side == Blue ? play(s, a, b) : play(s, b, a), side));
        }
        if (safe.empty()) continue;
        gamelab::SearchLimits limits;
        limits.nodes = 300;
        const Action with = *Engine(release_with(1), rng.below(1000)).search(s, side, limits).action;
        CHECK(std::find(safe.begin(), safe.end(), with) != safe.end());
        const Action without = *Engine(release_with(0), rng.below(1000)).search(s, side, limits).action;
        unsafe_choices_before += std::find(safe.begin(), safe.end(), without) == safe.end();
        ++positions;
      }
      ActionList a, b;
      generate_actions(s, Blue, a);
      generate_actions(s, Red, b);
      const State next = play(s, a[rng.below(a.size())], b[rng.below(b.size())]);
      if (!next.over()) s = next;
    }
  }
  CHECK(positions > 100);
  WARN("without the safety, the tree chose an unsafe action in " << unsafe_choices_before << " of " << positions
                                                                  << " positions that had a safe one");
}

TEST_CASE("doomed: the bit-parallel search agrees with reach() over 6 rounds and with the slow reference over 64",
          "[bullets][safety]") {
  int doomed_short = 0, doomed_long = 0, positions = 0;
  for (const State& s : crowded_positions(400, 20, 400, 3405)) {
    for (const Side side : {Blue, Red}) {
      const bool short_sight = Foresight(s, kHorizon).doomed(s, side);
      REQUIRE(short_sight == reach(s, side).doomed());
      const bool long_sight = Foresight(s).doomed(s, side);
      REQUIRE(long_sight == doomed_reference(s, side, kSafetyHorizon));
      CHECK((short_sight ? long_sight : true));  // doomed within 6 rounds is doomed within 64
      doomed_short += short_sight;
      doomed_long += long_sight;
      ++positions;
    }
  }
  // Later states from one foresight (new bullets, later rounds) agree with a foresight of their own.
  const std::vector<State> some = crowded_positions(20, 20, 200, 3406);
  for (const State& s : some) {
    Foresight sight(s);
    State later = s;
    for (int k = 0; k < 3 && !later.over(); ++k) {
      later = play(later, kShootLeft, kShootUp);
      for (const Side side : {Blue, Red}) CHECK(sight.doomed(later, side) == doomed_reference(later, side, kSafetyHorizon));
    }
  }
  // The lab's widest boards (64 columns: a row's word full, its last bit the border), sparse to crowded.
  BoardRanges widest;
  widest.rows_min = 50;
  widest.rows_max = kMaxSize;
  widest.cols_min = widest.cols_max = kMaxSize;
  widest.walls_min = widest.walls_max = 150;
  int wide = 0, wide_doomed = 0;
  for (const State& s : crowded_positions(60, 40, 6000, 3408, 0, widest)) {
    Foresight sight(s);
    const State later = play(s, kShootRight, kShootDown);
    for (const Side side : {Blue, Red}) {
      REQUIRE(sight.doomed(s, side) == doomed_reference(s, side, kSafetyHorizon));
      REQUIRE(sight.doomed(later, side) == doomed_reference(later, side, kSafetyHorizon));
      wide_doomed += sight.doomed(s, side);
      ++wide;
    }
  }
  CHECK(wide > 100);
  CHECK(wide_doomed > 0);
  CHECK(positions > 500);
  CHECK(doomed_long > doomed_short);  // the long sight sees traps the 6 rounds do not
  WARN(positions << " positions: doomed within 6 rounds " << doomed_short << ", within 64 " << doomed_long);
}

TEST_CASE("a reply that gets the replier hit is no threat: the game ends there, won", "[bullets][safety]") {
  // Red's square is hit next round by the bullet above it unless Red steps up (passing it) or left; a
  // shot is a stay, so every shot of Red's is its last act. Its shot left, a third bullet in Blue's
  // dead-end corridor, would doom Blue if the game went on (one or two it can pass, swapping squares
  // with them). But the game ends with Red hit, so Blue standing still is safe. (Until this was seen,
  // the safety played such lines on, and took some actions for traps that were not.)
  const State s = drawn({"#######", "#####v#", "#B>.<R#", "#######", "#######"});
  const State after = play(s, kStay, kShootLeft);
  REQUIRE(after.hit == (1 << Red));
  State on_board = after;  // the same bullets with nobody hit, as if the game went on
  set_player(on_board, Red, sq(s, 1, 5));
  update_hits(on_board);
  REQUIRE(on_board.hit == 0);
  CHECK(hit_or_doomed(on_board, Blue));
  CHECK_FALSE(hit_or_doomed(after, Blue));
  CHECK(is_safe(s, Blue, kStay));
  CHECK(Foresight(s).safe_at(s, Blue, kStay, 2));
}

TEST_CASE("safety deepens: an action safe at depth 3 is safe at 2 and 1 — safest() plays one safe at the greatest depth it reaches, the same every time",
          "[bullets][safety]") {
  int deeper_than_one = 0, at_depth_three = 0, with_three = 0;
  for (const State& s : crowded_positions(60, 20, 150, 3407, 3)) {
    for (const Side side : {Blue, Red}) {
      const std::vector<Action> one = safe_actions(s, side, 1), two = safe_actions(s, side, 2), three = safe_actions(s, side, 3);
      for (const Action a : three) CHECK(std::find(two.begin(), two.end(), a) != two.end());
      for (const Action a : two) CHECK(std::find(one.begin(), one.end(), a) != one.end());
      deeper_than_one += two.size() < one.size();
      // Preferring an unsafe action first: safest() moves to the first one that is safe deepest.
      ActionList mine;
      generate_actions(s, side, mine);
      std::vector<Action> preference(mine.begin(), mine.end());
      std::reverse(preference.begin(), preference.end());
      const Action chosen = safest(s, side, preference);
      CHECK(chosen == safest(s, side, preference));
      // Depths 1 and 2 always fit in the budget on these small boards; beyond, the budget decides.
      if (one.empty()) {
        CHECK(chosen == preference.front());
      } else if (!two.empty()) {
        CHECK(std::find(two.begin(), two.end(), chosen) != two.end());
        at_depth_three += !three.empty() && std::find(three.begin(), three.end(), chosen) != three.end();
        with_three += !three.empty();
      } else {
        CHECK(chosen == *std::find_first_of(preference.begin(), preference.end(), one.begin(), one.end()));
      }
    }
  }
  WARN("safest() chose an action safe at depth 3 in " << at_depth_three << " of " << with_three << " positions that had one");
  CHECK(with_three > 50);
  CHECK(at_depth_three == with_three);  // so far on these boards: depth 3 within the budget every time
  CHECK(deeper_than_one > 0);
}

TEST_CASE("the release's loss in pair 1 of the clock match: a step into a trap four joint moves deep, now avoided",
          "[bullets][safety]") {
  // Blue (the release) was hit at round 938; at round 877 it stepped up (0), which a trap four joint moves
  // deep catches, while 1, 4, 5, 6, 7 and 8 were safe at depth 4 (and 5). The post-mortem names the trap.
  // (Three deep, as the safety had it until replies that hit the replier stopped counting as threats.)
  const ReleaseLoss loss = release_loss(kClockSafety, 1, 938, 877);
  CHECK(loss.cause.played_safe);
  CHECK_THAT(loss.cause.text(), Catch::Contains("trapped deeper than two joint moves"));
  const State& s = loss.at;
  const std::vector<Action> three = safe_actions(s, Blue, 3);
  CHECK(std::find(three.begin(), three.end(), kUp) != three.end());
  CHECK(safe_actions(s, Blue, 4) == std::vector<Action>{kDown, kShootUp, kShootDown, kShootLeft, kShootRight, kStay});
  for (const SearchResult& result : release_searches(s, Blue, 3)) CHECK(*result.action != kUp);
}

TEST_CASE("the release's loss in pair 3 of the clock match: its own shot closed its corridor 78 rounds later, now seen",
          "[bullets][safety]") {
  // Blue (the release) was hit at round 1079. At round 1001 it shot down (5), safe at every depth the
  // engine looks over 64 rounds; but after that shot, with Red only staying, the bullets flying hit it
  // within 128 rounds whatever it does. Moving down, left, shooting up or left, or staying were safe over
  // 128 rounds too.
  const State s = release_loss(kClockChecked, 3, 1079, 1001).at;
  Foresight near(s), far(s, long_safety_horizon(s));
  CHECK(near.safe(s, Blue, kShootDown));
  CHECK_FALSE(far.safe(s, Blue, kShootDown));
  const State after = play(s, kShootDown, kStay);
  CHECK_FALSE(Foresight(after).doomed(after, Blue));
  CHECK(Foresight(after, 128).doomed(after, Blue));
  const std::vector<Action> lasting{kDown, kLeft, kShootUp, kShootLeft, kStay};
  for (const Action a : lasting) CHECK(far.safe(s, Blue, a));
  // The shot first in the preference: the engine now keeps to the ones that last.
  const Action chosen = safest(s, Blue, {kShootDown, kShootUp, kStay});
  CHECK(chosen != kShootDown);
  for (const SearchResult& result : release_searches(s, Blue, 3)) {
    CHECK(*result.action != kShootDown);
    CHECK(far.safe(s, Blue, *result.action));
  }
}

TEST_CASE("the release's loss in pair 25 of the 128-round engine's clock match: its own shot doomed it 183 rounds later",
          "[bullets][safety]") {
  // Blue (the release) was hit at round 1089. At round 906 it shot up (4), safe over 64 and 128 rounds;
  // after it the flying bullets doom it within 256 rounds whatever it does if Red only waits. Staying
  // (8) was the one action safe over 256 rounds.
  const State s = release_loss(kClockLong, 25, 1089, 906).at;
  Foresight mid(s, 128), far(s, long_safety_horizon(s));
  CHECK(mid.safe(s, Blue, kShootUp));
  CHECK_FALSE(far.safe(s, Blue, kShootUp));
  CHECK(far.safe(s, Blue, kStay));
  CHECK(safest(s, Blue, {kShootUp, kShootLeft, kStay}) == kStay);
  for (const SearchResult& result : release_searches(s, Blue, 3)) CHECK(*result.action == kStay);
}

TEST_CASE("the release's losses in pairs 9, 57 and 91 of clock-deep8: its own shot sealed it hundreds of rounds later, now seen",
          "[bullets][safety]") {
  // Three of the release's ten losses at the clock (c36411f). In each it fired a shot safe at depth 1
  // over 256 rounds, after which the bullets flying, nobody shooting again, hit it before the round limit
  // whatever it did: in pair 9 (Blue, small sparse long) the shot down at round 1,290, doomed by round
  // 1,595 and hit at 1,455; in pair 57 (Red, small sparse long) the shot up at round 1,059, doomed by
  // round 1,506 and hit at 1,422; in pair 91 (Red, small dense long) the shot left at round 317, hit at
  // 681 by its own bullets of rounds 248 and 365. Other actions were safe to the limit. The engine's
  // depth-1 filter now looks to the limit.
  struct Case {
    int pair, game;
    Side side;
    std::uint32_t hit, round;
    Action shot;
    std::vector<Action> lasting;
  };
  for (const Case& c : {Case{9, 0, Blue, 1455, 1290, kShootDown, {kUp, kShootRight, kStay}},
                        Case{57, 1, Red, 1422, 1059, kShootUp, {kLeft, kShootDown, kShootLeft, kStay}},
                        Case{91, 1, Red, 681, 317, kShootLeft, {kShootUp, kStay}}}) {
    INFO("pair " << c.pair);
    const RecordedLoss loss = recorded_loss(kClockDeep8, c.pair, c.game, "release", c.hit);
    REQUIRE(loss.cause.loser == c.side);
    const State s = replayed(loss.game, c.round);
    const auto [blue, red] = recorded_move(loss.game, c.round);
    CHECK((c.side == Blue ? blue : red) == c.shot);
    CHECK(s.limit - s.round > 256);
    Foresight near(s), mid(s, 256), far(s, long_safety_horizon(s));
    CHECK(near.safe(s, c.side, c.shot));
    CHECK(mid.safe(s, c.side, c.shot));
    CHECK_FALSE(far.safe(s, c.side, c.shot));
    // The other player only staying: the shot dooms the release before the limit, not within 256 rounds.
    const State after = c.side == Blue ? play(s, c.shot, kStay) : play(s, kStay, c.shot);
    CHECK_FALSE(Foresight(after, 256).doomed(after, c.side));
    CHECK(Foresight(after, long_safety_horizon(after)).doomed(after, c.side));
    for (const Action a : c.lasting) CHECK(far.safe(s, c.side, a));
    // The shot first in the preference: the engine keeps to the actions that last.
    std::vector<Action> preference{c.shot};
    preference.insert(preference.end(), c.lasting.begin(), c.lasting.end());
    CHECK(safest(s, c.side, preference) != c.shot);
    for (const SearchResult& result : release_searches(s, c.side, 3)) {
      CHECK(*result.action != c.shot);
      CHECK(far.safe(s, c.side, *result.action));
    }
  }
}

TEST_CASE("pair 41 of clock-deep8: on a full board the 64 rounds call a step safe six joint moves deep that is safe one deep to the limit",
          "[bullets][safety]") {
  // Blue (the release) was hit at round 1,006 on a board of 340 bullets. At round 940 it stepped up (0):
  // over 64 rounds safe six joint moves deep; to the round limit safe at depth 1 only (no action was
  // safe two deep), and from round 941 none was safe even at depth 1. The deepening now runs to the
  // limit where an action is safe there at depth 1.
  const RecordedLoss loss = recorded_loss(kClockDeep8, 41, 0, "release", 1006);
  const State s = replayed(loss.game, 940);
  REQUIRE(recorded_move(loss.game, 940).first == kUp);
  CHECK(s.bullet_count() == 340);
  Foresight near(s), far(s, long_safety_horizon(s));
  CHECK(near.safe_at(s, Blue, kUp, 6));
  CHECK(far.safe_at(s, Blue, kUp, 1));
  for (const Action a : {kUp, kDown, kRight, kStay}) CHECK_FALSE(far.safe_at(s, Blue, a, 2));
  const State next = replayed(loss.game, 941);
  CHECK(safe_actions(next, Blue, 1) == std::vector<Action>{kDown, kRight});  // over 64 rounds
  Foresight next_far(next, long_safety_horizon(next));
  for (const Action a : {kDown, kRight}) CHECK_FALSE(next_far.safe(next, Blue, a));
}

TEST_CASE("pair 25 of clock-limit: the exact hunt's step, safe one joint move deep, walked into a trap two deep, and is now checked as deep as the safety looks",
          "[bullets][safety]") {
  // Red (the release) was hit at round 575 on a small sparse long board of 184 bullets. At round 572 the
  // defaults stood on their start square, so the engine played the exact hunt's step (right, 3), which
  // its check found safe at depth 1; stepping up (0) was safe five joint moves deep, right only one.
  const RecordedLoss loss = recorded_loss(kClockLimit, 25, 1, "release", 575);
  const State s = replayed(loss.game, 572);
  REQUIRE(recorded_move(loss.game, 572).second == kRight);
  Foresight sight(s);
  CHECK(sight.safe_at(s, Red, kRight, 1));
  CHECK_FALSE(sight.safe_at(s, Red, kRight, 2));
  CHECK(sight.safe_at(s, Red, kUp, 5));
  for (const SearchResult& result : release_searches(s, Red, 3)) {
    CHECK(*result.action != kRight);
    CHECK(Foresight(s).safe_at(s, Red, *result.action, 2));
  }
}

TEST_CASE("the release's loss in pair 9 of the clock match: a melee on a full board, a shot safe two joint moves deep where three actions were safe six deep",
          "[bullets][safety]") {
  // Blue (the release) was hit at round 472 of a 20 x 21 board (102 walls) holding 264 bullets, after 131
  // shots of its own and 133 of the defaults'. At round 459 it shot left (6), safe two joint moves deep but
  // not three, while stepping up, shooting up and staying were safe six deep; from round 460 on no action
  // was safe at depth 2 for three rounds, and the defaults closed the trap. Its safety then took replies
  // that hit the replier for threats (the line played on), and saw no action safe three deep from round
  // 458: the long doom check finds nothing either, so nothing flying doomed it.
  const ReleaseLoss loss = release_loss(kClockChecked, 9, 472, 459);
  CHECK(loss.cause.played_safe);
  CHECK_THAT(loss.cause.text(), Catch::Contains("trapped deeper than two joint moves"));
  const Recorded r = recorded(kClockChecked, 9, 0);
  State s = loss.at;
  CHECK(s.bullet_count() > 250);
  REQUIRE(recorded_move(r, s.round).first == kShootLeft);
  Foresight sight(s);
  CHECK(sight.safe_at(s, Blue, kShootLeft, 2));
  CHECK_FALSE(sight.safe_at(s, Blue, kShootLeft, 3));
  CHECK(safe_actions(s, Blue, 6) == std::vector<Action>{kUp, kShootUp, kStay});
  CHECK_FALSE(Foresight(s, long_safety_horizon(s)).doomed(s, Blue));
  // The engine now plays one of the three, whichever the seed.
  for (const SearchResult& result : release_searches(s, Blue, 3)) {
    CHECK((*result.action == kUp || *result.action == kShootUp || *result.action == kStay));
  }
  for (State at = advanced(r, s); at.round < 463; at = advanced(r, at)) {
    INFO("round " << at.round);
    CHECK_FALSE(safe_actions(at, Blue, 1).empty());
    CHECK(safe_actions(at, Blue, 2).empty());
  }
}

TEST_CASE("the 256-round engine's losses at the clock: a trap five joint moves deep, now seen, and two traps nine deep in melees",
          "[bullets][safety]") {
  // Pair 25, game 1 (small sparse long): Red (the release) was hit at round 155 with 93 bullets on the
  // board, the defaults two squares away. At round 145 it shot right (7), safe four joint moves deep as
  // every action but shooting up; five deep only stepping left (2) was. Its deepening could spend 1,500
  // checks then (about 15 ms), and a depth cost six times the one before; from round 146 no action was
  // safe at depth 4. Checks 15 times cheaper, the reply that caught the last action tried first and a
  // budget of 20,000 see it now (depth 5 here costs about 11,000 checks).
  const RecordedLoss trap = recorded_loss(kClockLong256, 25, 1, "release", 155);
  const Recorded& r = trap.game;
  CHECK(trap.cause.loser == Red);
  CHECK_THAT(trap.cause.text(), Catch::Contains("trapped deeper than two joint moves"));
  // The bullet that hit: the defaults' shot of round 149.
  REQUIRE(trap.cause.hit_by.size() == 1);
  CHECK(trap.cause.hit_by[0].shooter == Blue);
  CHECK(trap.cause.hit_by[0].round == 149u);
  CHECK_THAT(trap.cause.text(), Catch::EndsWith("hit by the opponent's bullet of round 149 (6 rounds before)"));
  CHECK(trap.cause.kind() == "hit by the opponent's bullet fired within 10 rounds");
  const State s = replayed(r, 145);
  CHECK(safe_actions(s, Red, 3) == std::vector<Action>{kDown, kLeft, kRight, kShootDown, kShootLeft, kShootRight, kStay});
  Foresight sight(s);
  CHECK(safe_actions(s, Red, 4) == safe_actions(s, Red, 3));
  CHECK(sight.safe_at(s, Red, kLeft, 5));
  for (const Action a : {kDown, kRight, kShootDown, kShootLeft, kShootRight, kStay}) CHECK_FALSE(sight.safe_at(s, Red, a, 5));
  CHECK(safe_actions(advanced(r, s), Red, 4).empty());
  for (const SearchResult& result : release_searches(s, Red, 3)) CHECK(*result.action == kLeft);
  // Pair 17, game 0 (small sparse long): Blue (the release) was hit at round 829 on a board of 346
  // bullets, a melee: at round 795 it stayed, safe eight joint moves deep (as were five other actions);
  // at round 796 no action was safe eight deep. A trap at least nine joint moves deep.
  const RecordedLoss melee_loss = recorded_loss(kClockLong256, 17, 0, "release", 829);
  const Recorded& melee = melee_loss.game;
  // Hit by its own bullet of round 118, 711 rounds before.
  REQUIRE(melee_loss.cause.hit_by.size() == 1);
  CHECK(melee_loss.cause.hit_by[0].shooter == Blue);
  CHECK(melee_loss.cause.hit_by[0].round == 118u);
  CHECK(melee_loss.cause.kind() == "hit by its own older bullet");
  const State at795 = replayed(melee, 795);
  CHECK(Foresight(at795).safe_at(at795, Blue, kStay, 8));
  CHECK(safe_actions(advanced(melee, at795), Blue, 8).empty());
  // Pair 49, game 1 (small sparse long): Red (the release) was hit at round 1,236 on a board of 406
  // bullets, by its own bullets of 498 and 921 rounds before. For the 30 rounds from 1,176 it walked a
  // corridor of one to three actions safe at depth 1 a round, and played one safe six joint moves deep
  // every time (eight deep, the probe found); at round 1,206 none was safe eight deep.
  const RecordedLoss corridor_loss = recorded_loss(kClockLong256, 49, 1, "release", 1236);
  const Recorded& corridor = corridor_loss.game;
  // Two bullets of its own on its square at the hit, the youngest first: rounds 737 and 314.
  REQUIRE(corridor_loss.cause.hit_by.size() == 2);
  CHECK(corridor_loss.cause.hit_by[0].shooter == Red);
  CHECK(corridor_loss.cause.hit_by[0].round == 737u);
  CHECK(corridor_loss.cause.hit_by[1].round == 314u);
  CHECK_THAT(corridor_loss.cause.text(),
             Catch::EndsWith("hit by its own bullet of round 737 (499 rounds before) and its own bullet of round 314 (922 rounds before)"));
  State at = replayed(corridor, 1176);
  for (; at.round < 1206; at = advanced(corridor, at)) {
    INFO("round " << at.round);
    CHECK(safe_actions(at, Red, 1).size() <= 3);
    CHECK(Foresight(at).safe_at(at, Red, recorded_move(corridor, at.round).second, 6));
  }
  CHECK(safe_actions(at, Red, 8).empty());
}

TEST_CASE("post-mortem: the depth of the trap — pair 33's baseline walked into one two joint moves deep, pair 82's candidate was caught deeper",
          "[bullets][safety]") {
  // Pair 33, game 0: at round 539 the baseline (Red) played an action safe at depth 1 but not at depth 2,
  // where another was.
  const Recorded walked = recorded(kGate, 33, 0);
  REQUIRE(walked.seats[1] == "baseline");
  const auto first = explain_loss(walked.start, walked.moves);
  REQUIRE(first);
  CHECK(first->loser == Red);
  CHECK(first->played_safe);
  CHECK(first->last_deep_round == 539u);
  CHECK_FALSE(first->played_deep);
  CHECK_THAT(first->text(), Catch::Contains("walked into a trap two joint moves deep at round 539"));
  // Pair 82, game 1: at round 210 the candidate (Red) shot left, safe at depth 2 (the last action that
  // was) but not at depth 3, where shooting down and staying were.
  const Recorded caught = recorded(kGate, 82, 1);
  REQUIRE(caught.seats[1] == "candidate");
  const auto second = explain_loss(caught.start, caught.moves);
  REQUIRE(second);
  CHECK(second->played_deep);
  CHECK_THAT(second->text(), Catch::Contains("trapped deeper than two joint moves (last action safe at depth 2 at round 210)"));
  const State at210 = replayed(caught, 210);
  CHECK(safe_actions(at210, Red, 3) == std::vector<Action>{kShootDown, kStay});
}

TEST_CASE("the plan's step is checked: a careful player back on its start square shoots, so the release keeps out of its lane",
          "[bullets][safety]") {
  // Pair 17, game 1 of the clock match of 88e89a4: at round 640 Blue (the defaults) stood on its start
  // square, the release (Red) played the exact hunt's step down into Blue's lane, Blue shot up and Red was
  // doomed; stepping left was safe. With 260 bullets on the board, the plan's step is now checked
  // against the opponent's shots too.
  const Recorded r = recorded(kClockDeep, 17, 1);
  REQUIRE(r.seats[1] == "release");
  const State s = replayed(r, 640);
  REQUIRE(on_start_square(s, Blue));
  REQUIRE(s.bullet_count() > kPassiveBullets);
  CHECK(safe_actions(s, Red) == std::vector<Action>{kLeft});
  CHECK_FALSE(is_safe(s, Red, kDown));
  CHECK(is_safe(s, Red, kDown, /*their_shots=*/false));  // a player that never shoots could not punish it
  for (const SearchResult& result : release_searches(s, Red, 3)) {
    CHECK_FALSE(result.plan_hit_round);
    CHECK(*result.action == kLeft);
  }
}

TEST_CASE("clock-trusted's pair 41: the deepening cut by the clock at depth 7, where six actions were safe eight joint moves deep",
          "[bullets][safety]") {
  // Red (the release) was hit at round 1,234 of a 17 x 25 board (108 walls, limit 1,403) holding 350
  // bullets, by the defaults' bullet of round 116. At round 1,176 it shot up (4), safe seven joint moves
  // deep to the round limit, while 0, 2, 3, 5, 6 and 8 were safe eight deep. Its safety's deepening, with
  // the tree's choice (4) first, needs about 17 ms there on an idle core to reach depth 8; the 12 ms the
  // tree left it then, less on the loaded machine of that match, stopped it at depth 7. From round 1,177
  // no action was safe eight deep, and the depth it could reach fell by one a round (the defaults' replies
  // not always the worst) to nothing at round 1,188. The tree now leaves the safety a quarter of the move
  // (20 ms of the bot's 80; engine.hpp), and with no clock the deepening plays an action safe eight deep.
  const RecordedLoss loss = recorded_loss(kClockTrusted, 41, 1, "release", 1234);
  const State s = trapped_at(loss, Red, 1176, kShootUp);
  CHECK(s.bullet_count() == 350);
  Foresight far(s, long_safety_horizon(s));
  std::vector<Action> eight;
  for (const Action a : kEveryAction) {
    if (far.safe_at(s, Red, a, 8)) eight.push_back(a);
  }
  CHECK(eight == std::vector<Action>{kUp, kLeft, kRight, kShootDown, kShootLeft, kStay});
  CHECK(far.safe_at(s, Red, kShootUp, 7));
  CHECK(safest(s, Red, {kShootUp, kUp, kDown, kLeft, kRight, kShootDown, kShootLeft, kShootRight, kStay}) == kUp);
  for (const SearchResult& result : release_searches(s, Red, 3)) {
    CHECK(std::find(eight.begin(), eight.end(), *result.action) != eight.end());
  }
  const State next = replayed(loss.game, 1177);
  Foresight next_far(next, long_safety_horizon(next));
  for (const Action a : {kLeft, kRight, kStay}) CHECK(next_far.safe_at(next, Red, a, 6));
  for (const Action a : kEveryAction) {
    CHECK_FALSE(next_far.safe_at(next, Red, a, 7));
  }
  const State shut = replayed(loss.game, 1188);
  Foresight shut_far(shut, long_safety_horizon(shut));
  for (const Action a : kEveryAction) {
    CHECK_FALSE(shut_far.safe_at(shut, Red, a, 1));
  }
  CHECK(safety_reserve_ms(80) == 20);
}

TEST_CASE("clock-trusted's pair 36: a trap deeper than the eight joint moves the safety looks, the actions played safe eight deep",
          "[bullets][safety]") {
  // Red (the release) was hit at round 298 of a 49 x 40 board (limit 321) by the defaults' bullets of
  // rounds 283 and 254. Every action it played up to round 275 was safe eight joint moves deep (the 64
  // rounds reach the limit there), as deep as its safety looks; from round 276 none was, and the depth
  // fell by one a round to nothing at round 283. Ten rounds before, at rounds 265 to 267, eight actions
  // were safe ten joint moves deep (a probe: tens of millions of checks a round), so the trap began
  // deeper still: beyond any depth a move's time allows.
  const RecordedLoss loss = recorded_loss(kClockTrusted, 36, 1, "release", 298);
  const State s = trapped_at(loss, Red, 275, kLeft);
  CHECK(Foresight(s).safe_at(s, Red, kLeft, 8));
  for (const SearchResult& result : release_searches(s, Red, 3)) CHECK(Foresight(s).safe_at(s, Red, *result.action, 8));
  CHECK(safe_actions(replayed(loss.game, 283), Red, 1).empty());
}

TEST_CASE("clock-reserve's pair 1: a shot safe nine joint moves deep where four actions were safe sixteen deep, now seen",
          "[bullets][safety]") {
  // Blue (the release) was hit at round 703 of a small sparse long board holding 294 bullets, by the
  // defaults' bullet of round 251 and its own of round 107. At round 661 it shot down (5), safe nine
  // joint moves deep to the round limit, while stepping down, left, right and staying were safe sixteen
  // deep, each proven in a few hundred checks at most; the deepening stopped at depth 8 then. From round
  // 662 every action was safe at most eight deep, and a corridor of one safe action a round led to the
  // hit. The deepening now goes to depth 16 where it is cheap, and no longer shoots there.
  const RecordedLoss loss = recorded_loss(kClockReserve, 1, 0, "release", 703);
  const State s = trapped_at(loss, Blue, 661, kShootDown);
  Foresight far(s, long_safety_horizon(s));
  for (const Action a : {kDown, kLeft, kRight, kStay}) CHECK(far.safe_at(s, Blue, a, 16));
  CHECK(far.safe_at(s, Blue, kShootDown, 9));
  CHECK_FALSE(far.safe_at(s, Blue, kShootDown, 10));
  const State next = replayed(loss.game, 662);
  Foresight next_far(next, long_safety_horizon(next));
  for (const Action a : kEveryAction) {
    CHECK_FALSE(next_far.safe_at(next, Blue, a, 9));
  }
  const Action kept = safest(s, Blue, {kShootDown, kUp, kDown, kLeft, kRight, kShootUp, kShootLeft, kShootRight, kStay});
  CHECK(kept != kShootDown);
  CHECK(far.safe_at(s, Blue, kept, 16));
  for (const SearchResult& result : release_searches(s, Blue, 3)) CHECK(*result.action != kShootDown);
}

TEST_CASE("clock-deep16's pair 41: a shot safe seven joint moves deep kept by the count where three actions were safe nine deep and more, now the clock's",
          "[bullets][safety]") {
  // Blue (the release) was hit at round 731 of a small sparse long board by the defaults' bullet of round
  // 108, doomed from round 711. At round 697, 303 bullets on the board, it shot down (5): safe seven
  // joint moves deep to the round limit, refuted at eight, while stepping up, stepping left and staying
  // were safe eleven deep (a probe, a million checks a depth). With the shot first, the deepening refuted
  // it at depth 8 in 8,822 checks, and proving another action safe there needed 12,345 more, past the
  // count of 20,000: the shot stood. The count is what keeps games at node limits the same for a seed; on
  // a move clock the deadline now ends the deepening alone. The shot was not the trap: in the rounds after
  // it actions were safe twelve deep and more, and from round 701 none was (a probe): a trap more than
  // twelve joint moves deep on a board of 305 bullets, beyond what a move's time buys.
  const RecordedLoss loss = recorded_loss(kClockDeep16, 41, 0, "release", 731);
  const State s = trapped_at(loss, Blue, 697, kShootDown);
  CHECK(s.bullet_count() == 303);
  kept_by_count_not_by_clock(s, Blue, kShootDown, 8, {kUp, kLeft, kStay});
}

TEST_CASE("clock-deep16's pair 17: a melee on 186 bullets, the actions played safe eight joint moves deep where one was safe nine, the trap deeper still",
          "[bullets][safety]") {
  // Red (the release) was hit at round 520 of an 18 x 23 board by the defaults' bullet of round 478,
  // doomed from round 518. From round 470, on a board of 173 bullets and more, it had one to eight actions
  // safe at depth 1 a round, the best safe at least eight to eleven joint moves deep (a probe, 0.3-3
  // million checks a depth). At round 506 it stepped up (0), safe eight deep, where stepping right (3) was safe
  // nine: with the step up first, the deepening refuted it at depth 9 past its count and kept it. On the
  // move clock the deadline now lets it finish depth 9 where the time allows. From round 508 no action
  // was safe ten deep, and the depth fell by one a round: the trap was sealed before, deeper than the
  // safety can look in a move's time.
  const RecordedLoss loss = recorded_loss(kClockDeep16, 17, 1, "release", 520);
  const State s = trapped_at(loss, Red, 506, kUp);
  CHECK(s.bullet_count() == 186);
  kept_by_count_not_by_clock(s, Red, kUp, 9, {kRight});
}

TEST_CASE("clock-timed's pair 47: on a large dense board of 315 bullets a trap ten joint moves deep, then one action safe a round, each played",
          "[bullets][safety]") {
  // Blue (the release) was hit at round 699 of a large dense long board by its own bullets of rounds 435
  // and 532, doomed from round 690. From round 640 it had one to six actions a round that a reply could
  // not doom before the round limit. At round 668 (315 bullets) it stayed, safe nine joint moves deep,
  // where stepping up or right was safe ten deep at least (a probe, three million checks a depth): a
  // depth no move's time reaches on such a board. From round 670 the best action's depth fell by one a
  // joint move, and the release played the deepest each round: at round 674 stepping left was the only
  // action safe even one deep.
  const RecordedLoss loss = recorded_loss(kClockTimed, 47, 0, "release", 699);
  CHECK(replayed(loss.game, 668).bullet_count() == 315);
  check_forced_trap(loss, Blue, {674, kLeft, 668, kStay, 9, 690});
}

TEST_CASE("clock-timed's pair 65: a melee on 330 bullets, every action safe at most eight joint moves deep by round 812, then one a round, each played",
          "[bullets][safety]") {
  // Red (the release) was hit at round 831 of a small sparse long board by the defaults' bullet of round
  // 826, doomed from round 827. From round 790 (323 bullets) it had one to six actions a round that no
  // reply could doom before the round limit, the best nine to twelve joint moves deep and more (a probe,
  // 300,000 checks a depth). At round 812 every action was safe at most eight deep; from round 815, where
  // stepping up was the only action safe even one deep (ten deep), the depth fell by one a round and the
  // release played the deepest action each time: a trap deeper than a move's time reaches.
  const RecordedLoss loss = recorded_loss(kClockTimed, 65, 1, "release", 831);
  check_forced_trap(loss, Red, {815, kUp, 812, kShootLeft, 8, 827});
}

TEST_CASE("clock-timed's pair 73: a melee on 317 bullets, one action a round safe even one joint move deep, a trap more than twelve deep",
          "[bullets][safety]") {
  // Blue (the release) was hit at round 1044 of a small sparse long board by its own bullets of rounds
  // 1042 and 898, doomed from round 997. From round 900 (295 bullets) it lived on one to four actions a
  // round that no reply could doom before the round limit, at round 910 on one safe a single joint move
  // deep, which the defaults did not find. From round 961 one action a round was safe even one deep (at
  // round 964 four, each twelve deep), the only one ten to twelve deep (a probe, a million checks a
  // depth), and the release played it each round; from round 969, where stepping up was safe twelve
  // deep, the depth fell by one a round: a trap more than twelve joint moves deep on a board of 317
  // bullets, beyond any move's time.
  const RecordedLoss loss = recorded_loss(kClockTimed, 73, 0, "release", 1044);
  CHECK(replayed(loss.game, 972).bullet_count() == 317);
  check_forced_trap(loss, Blue, {972, kUp, 967, kLeft, 10, 997});
}
