// Safe actions (engines/bullets/safety.hpp), the engine keeping to them, and the post-mortem of a lost
// game (post_mortem.hpp), on a loss of the release to the defaults from the gate's committed records.
#include <catch2/catch.hpp>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "bullets/engine.hpp"
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

State replayed(const Recorded& r, std::size_t rounds) {
  State s = r.start;
  for (std::size_t k = 0; k < rounds; ++k) {
    Action blue, red;
    bool silent[2];
    parse_joint(r.moves[k], blue, red, silent);
    s = play(s, blue, red);
  }
  return s;
}

gamelab::ParamSet release_with(int safety) {
  gamelab::ParamSet p =
      gamelab::ParamSet::load_file(std::string(GAMELAB_SOURCE_DIR) + "/engines/bullets/release.json", default_params());
  p.set("engine_safety", safety);
  return p;
}

constexpr const char* kGate = "reports/bullets/2026-11-27-035315.records.jsonl";

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
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    gamelab::SearchLimits limits;
    limits.nodes = 3000;
    const SearchResult kept = Engine(release_with(1), seed).search(s, Blue, limits);
    INFO("seed " << seed);
    CHECK(std::find(safe.begin(), safe.end(), *kept.action) != safe.end());
  }
}

TEST_CASE("safe actions: none is hit or doomed after any reply; the engine never plays an unsafe one when one is safe",
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
