// Random play: seeded games end; the incremental hash matches the hash from scratch; the engine agrees
// turn by turn with the reference referee (tests/bullets/reference_rules.cpp); the text form
// round-trips on every board of the suite after 50 seeded random turns.
#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <sstream>
#include <tuple>

#include "bullets/generator.hpp"
#include "common/suite.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "helpers.hpp"
#include "reference_rules.hpp"

using namespace bullets_test;

namespace {

// The engine's state in the reference's canonical form.
std::string canonical(const State& s) {
  const Board& b = *s.board;
  const char arrows[4] = {'^', 'v', '<', '>'};
  std::set<std::tuple<int, int, char>> merged;
  for (const auto& bullet : bullets_now(s)) merged.insert({b.row_of(bullet.cell), b.col_of(bullet.cell), arrows[bullet.dir]});
  std::ostringstream out;
  out << "R " << b.row_of(s.player[Red]) << "," << b.col_of(s.player[Red]) << " B " << b.row_of(s.player[Blue]) << ","
      << b.col_of(s.player[Blue]) << " round " << s.round << " hit " << ((s.hit & 2) ? "R" : "") << ((s.hit & 1) ? "B" : "")
      << " bullets:";
  for (const auto& [r, c, d] : merged) out << " " << r << "," << c << "," << d;
  return out.str();
}

// Whether `side` can stay unhit for `depth` more turns if the other side stands still.
bool can_survive(const State& s, Side side, int depth) {
  if (depth == 0 || s.over()) return !(s.hit & (1 << side));
  ActionList actions;
  generate_actions(s, side, actions);
  for (Action a : actions) {
    const State next = side == Blue ? play(s, a, kStay) : play(s, kStay, a);
    if (!(next.hit & (1 << side)) && can_survive(next, side, depth - 1)) return true;
  }
  return false;
}

// A random player that avoids the hits it can see three turns ahead (if the other side stood still):
// uniform random players shoot themselves within a few turns (a start square has two walls next to
// it, and a shot into a wall kills), so games would stay short. Now and then (1 in `blunder`) it plays
// any action; with `shooter` it shoots whenever a safe shot exists, half of the time.
Action careful_action(const State& s, Side side, gamelab::Rng& rng, int blunder = 30, bool shooter = false) {
  ActionList actions, safe, shots;
  generate_actions(s, side, actions);
  if (rng.below(static_cast<std::uint64_t>(blunder)) == 0) return actions[rng.below(actions.size())];
  for (Action a : actions) {
    const State next = side == Blue ? play(s, a, kStay) : play(s, kStay, a);
    if (!can_survive(next, side, 3)) continue;
    safe.push_back(a);
    if (is_shot(a)) shots.push_back(a);
  }
  if (shooter && !shots.empty() && rng.below(2) == 0) return shots[rng.below(shots.size())];
  if (safe.empty()) return actions[rng.below(actions.size())];
  return safe[rng.below(safe.size())];
}

}  // namespace

TEST_CASE("seeded random games end and keep their hash and hit flags", "[bullets][random-play]") {
  gamelab::Rng rng(20260505);
  int decided = 0, draws = 0, limits = 0;
  for (int game = 0; game < 300; ++game) {
    const int rows = 15 + static_cast<int>(rng.below(36)), cols = 20 + static_cast<int>(rng.below(31));
    State s = start_state(generate_board(rows, cols, 10 + static_cast<int>(rng.below(191)), rng.next()), 300);
    while (true) {
      REQUIRE(s.hash == compute_hash(s));
      State rechecked = s;
      update_hits(rechecked);
      REQUIRE(rechecked.hit == s.hit);
      const Result r = result(s);
      if (r.over()) {
        if (r.reason == EndReason::RoundLimit) ++limits;
        (r.outcome == Outcome::Draw ? draws : decided) += 1;
        break;
      }
      REQUIRE(s.round < s.limit);
      const Action blue = careful_action(s, Blue, rng, 200), red = careful_action(s, Red, rng, 200);
      s = play(s, blue, red);
    }
  }
  CHECK(decided + draws == 300);
  CHECK(decided > 0);
  CHECK(limits > 0);
}

TEST_CASE("the engine agrees turn by turn with the reference referee", "[bullets][random-play][differential]") {
  gamelab::Rng rng(7);
  int compared = 0, most_bullets = 0;
  // Suite boards and small crowded ones (bullets bounce and cross much more often there).
  std::vector<std::string> texts;
  for (const auto& file : gamelab_test::suite_files("bullets")) texts.push_back(gamelab::read_text_file(file));
  for (int k = 0; k < 60; ++k) {
    const int rows = 5 + static_cast<int>(rng.below(6)), cols = 5 + static_cast<int>(rng.below(8));
    texts.push_back(position_text(start_state(generate_board(rows, cols, static_cast<int>(rng.below(12)), rng.next()), 400), Red));
  }
  for (int game = 0; game < 4 * static_cast<int>(texts.size()); ++game) {
    const std::string& text = texts[static_cast<std::size_t>(game) % texts.size()];
    State s = parse_position(text, "board").state;
    reference_bullets::Game g = reference_bullets::from_text(text);
    for (int turn = 0; turn < 400; ++turn) {
      INFO(tournament_input(s, Red));
      REQUIRE(canonical(s) == reference_bullets::canonical(g));
      REQUIRE(s.over() == reference_bullets::over(g));
      most_bullets = std::max(most_bullets, s.bullet_count());
      if (s.over()) break;
      for (Side side : {Blue, Red}) {
        ActionList actions;
        generate_actions(s, side, actions);
        REQUIRE(std::vector<int>(actions.begin(), actions.end()) == reference_bullets::actions(g, side_letter(side)));
      }
      // Shoot often so that boards fill with bullets; now and then any action 0-8, even unmerged ones.
      const bool wild = rng.below(100) == 0;
      const Action blue = wild ? static_cast<Action>(rng.below(9)) : careful_action(s, Blue, rng, 200, true);
      const Action red = wild ? static_cast<Action>(rng.below(9)) : careful_action(s, Red, rng, 200, true);
      s = play(s, blue, red);
      g = reference_bullets::play(g, blue, red);
      ++compared;
    }
  }
  CHECK(compared > 10000);
  CHECK(most_bullets > 100);
}

TEST_CASE("the text form round-trips on every suite board after 50 seeded random turns", "[bullets][random-play][notation]") {
  const auto files = gamelab_test::suite_files("bullets");
  REQUIRE(files.size() >= 50);
  for (std::size_t k = 0; k < files.size(); ++k) {
    const Position start = parse_position(gamelab::read_text_file(files[k]), files[k]);
    gamelab::Rng rng(gamelab::derive_seed(50, k));
    // Random games from the board until one lasts 50 turns.
    State s = start.state;
    int turns = 0;
    for (int attempt = 0; turns < 50 && attempt < 1000; ++attempt) {
      s = start.state;
      for (turns = 0; turns < 50 && !s.over(); ++turns) {
        // Every state on the way round-trips too.
        const Position back = parse_position(position_text(s, Blue), "round-trip");
        REQUIRE(back.state == s);
        s = play(s, careful_action(s, Blue, rng, 1000), careful_action(s, Red, rng, 1000));
      }
      if (s.over()) turns = 0;
    }
    INFO(files[k]);
    REQUIRE(turns == 50);
    REQUIRE(representable(s));
    for (Side you : {Red, Blue}) {
      const std::string text = tournament_input(s, you);
      const Position back = parse_position(text, "round-trip");
      CHECK(back.state.board == s.board);
      CHECK(back.state.player == s.player);
      CHECK(bullets_now(back.state) == bullets_now(s));
      CHECK(back.state.round == 50);
      CHECK(back.state.hash == s.hash);
      CHECK(back.you == you);
      CHECK(tournament_input(back.state, you) == text);
      const Position file = parse_position(position_text(s, you), "position file");
      CHECK(file.state == s);
    }
  }
}
