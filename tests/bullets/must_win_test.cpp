// Must win (issue 26): the engine with the release parameters hits a player that never moves and one that
// wanders at random, on tournament-range boards, within the round limit; where no shot can reach the
// player that stands still in time (or ever reach a square the wanderer can walk to), the lab proves it
// (hunt.hpp: the firing map, checked against an exhaustive search over the squares the shooter can
// reach and the cycles of its shots) and a draw is expected instead.
//
// Budget: kBotIterations MCTS iterations a move, what bullets_bot reaches in its 150 ms on the lab's
// loaded 2-core machine on tournament-range boards (docs/engines/bullets.md §5); iterations, not time,
// so the games are the same on every run.
//
// Boards come from the lab's generator in the tournament's ranges, as
//     gamelab boards bullets --seed 2604 --count 10 --rounds 100-2000 --out DIR     (player that stays)
//     gamelab boards bullets --seed 2605 --count 10 --rounds 100-2000 --out DIR     (wanderer)
// and, for the fast test, board 0 of --seed 2604 with --rows 15-20 --cols 20-25.
#include <algorithm>
#include <cstdlib>
#include <map>
#include <catch2/catch.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include "bullets/analysis.hpp"
#include "bullets/engine.hpp"
#include "bullets/generator.hpp"
#include "bullets/hunt.hpp"
#include "bullets/notation.hpp"
#include "bullets/post_mortem.hpp"
#include "bullets/search_actions.hpp"
#include "common/suite.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "helpers.hpp"

using namespace bullets_test;

namespace {

using gamelab::derive_seed;
using gamelab::ParamSet;
using gamelab::Rng;
using gamelab::SearchLimits;

constexpr std::uint64_t kBotIterations = 4000;

// The release's parameters, or the file GAMELAB_MUST_WIN_PARAMS names (for figures of another
// configuration, e.g. the release with engine_plan 0).
ParamSet release_params() {
  const char* other = std::getenv("GAMELAB_MUST_WIN_PARAMS");
  const std::string path = other ? std::string(other) : std::string(GAMELAB_SOURCE_DIR) + "/engines/bullets/release.json";
  return ParamSet::load_file(path, default_params());
}

enum class Bot { Stays, Wanders, Dodges };
const char* bot_name(Bot bot) { return bot == Bot::Stays ? "stays" : bot == Bot::Wanders ? "wanders" : "dodges"; }

// The wanderer: a uniformly random one of its distinct moves and 8 (it never shoots).
Action wander(const State& s, Side side, Rng& rng) {
  ActionList all, moves;
  generate_actions(s, side, all);
  for (const Action a : all) {
    if (!is_shot(a)) moves.push_back(a);
  }
  return moves[rng.below(moves.size())];
}

// The dodger, a careful player that never shoots: of its moves and 8, the square no flying bullet will
// ever pass over, else the one a bullet reaches last (never one a bullet is on next round if it can
// help it); staying first among equals, then the lowest action.
Action dodge(const State& s, Side side) {
  ActionList all;
  generate_actions(s, side, all);
  State next = s;
  set_round(next, s.round + 1);
  Action best = kStay;
  long best_score = -2;
  for (const Action a : all) {
    if (is_shot(a)) continue;
    const int to = a == kStay ? s.player[side] : s.board->step(s.player[side], direction_of(a));
    long score = -1;  // a bullet is there next round
    if (!s.bullet_on(to, s.round + 1)) {
      const std::optional<int> k = time_to_bullet(next, to, 1 << 20);
      score = k ? *k : (1L << 30);
    }
    if (score > best_score || (score == best_score && a == kStay)) {
      best = a;
      best_score = score;
    }
  }
  return best;
}

struct Played {
  Outcome outcome = Outcome::Ongoing;
  std::uint32_t rounds = 0;
  bool engine_won = false;
  std::vector<std::string> moves;  // the joint moves ("B3 R8"), for the post-mortem of a loss
};

Played play_bot(const State& start, Side engine_side, Bot bot, const ParamSet& params, std::uint64_t iterations,
              std::uint64_t seed) {
  Engine engine(params, derive_seed(seed, 1));
  Rng rng(derive_seed(seed, 2));
  SearchLimits limits;
  limits.nodes = iterations;
  State s = start;
  std::vector<std::string> moves;
  while (!s.over()) {
    const Action mine = *engine.search(s, engine_side, limits).action;
    const Action theirs = bot == Bot::Stays     ? kStay
                          : bot == Bot::Wanders ? wander(s, other(engine_side), rng)
                                                : dodge(s, other(engine_side));
    const Action blue = engine_side == Blue ? mine : theirs, red = engine_side == Blue ? theirs : mine;
    moves.push_back(joint_text(blue, red));
    s = play(s, blue, red);
  }
  Played g;
  g.moves = std::move(moves);
  g.outcome = result(s).outcome;
  g.rounds = s.round;
  g.engine_won = g.outcome == (engine_side == Blue ? Outcome::BlueWins : Outcome::RedWins);
  return g;
}

// The generator's wall parameter, from the board file's first line ("... walls parameter 39 ...").
int walls_parameter(const std::string& text) {
  const std::size_t at = text.find("walls parameter ");
  REQUIRE(at != std::string::npos);
  return std::atoi(text.c_str() + at + 16);
}

struct Suite {
  std::vector<State> boards;
  std::vector<int> walls;  // the generator's wall parameter of each board
  int first = 0;           // the number of boards[0] in the suite (a part of it played alone)
};

// Boards of the tournament's ranges (15-50 x 20-50, walls 10-200, round limit 100-2,000), as
// `gamelab boards bullets --seed S --count N --rounds 100-2000` writes them (`small`: the low end of the
// sizes, 15-20 x 20-25, for the fast tests).
Suite tournament_suite(std::uint64_t seed, int count, bool small = false) {
  BoardRanges ranges;
  if (small) {
    ranges.rows_max = 20;
    ranges.cols_max = 25;
  }
  ranges.limit_min = 100;
  ranges.limit_max = 2000;
  Suite suite;
  for (const auto& b : generate_suite(seed, count, ranges)) {
    suite.boards.push_back(parse_position(b.text, b.name).state);
    suite.walls.push_back(walls_parameter(b.text));
  }
  return suite;
}

std::vector<State> tournament_boards(std::uint64_t seed, int count, bool small = false) {
  return tournament_suite(seed, count, small).boards;
}

// True if no shot of the engine can ever reach a square the bot can stand on: for every square the bot
// can walk to, the firing map towards it (hunt.hpp) has no time at the engine's square.
bool never_in_reach(const State& start, Side engine_side, Bot bot) {
  const Board& board = *start.board;
  const int from = start.player[other(engine_side)];
  std::vector<int> squares{from};
  if (bot == Bot::Wanders) {
    const std::vector<int> steps = walk_steps(board, from, -1);
    squares.clear();
    for (int cell = 0; cell < board.cells(); ++cell) {
      if (steps[cell] >= 0) squares.push_back(cell);
    }
  }
  for (const int square : squares) {
    if (square != start.player[engine_side] && firing_map(board, square).at(start.player[engine_side]) != kNoFiringTime) {
      return false;
    }
  }
  return true;
}

// The band of a board, as the gate cuts the tournament's range (datasets/gate/bullets.json): area
// small (< 1,000 squares) or large, walls sparse (the generator's count <= 100) or dense, rounds short
// (< 1,000) or long.
std::string band_of(const State& s, int walls) {
  const int area = s.board->rows() * s.board->cols();
  return std::string(area < 1000 ? "small" : "large") + (walls <= 100 ? " sparse" : " dense") +
         (s.limit < 1000 ? " short" : " long");
}

struct BandCount {
  int games = 0, wins = 0, draws = 0, losses = 0, proven_draws = 0;
};

// Plays every board with the engine as Blue and as Red against `bot`, and prints the results per band.
// Against the player that stays, a game the exact hunt (analysis.hpp) says no shot decides by the round
// limit must be a draw, every other game a win; against the wanderer, a draw is expected only where no
// shot can ever reach a square it can walk to. Against the dodger (a careful player that never shoots)
// no game may be lost; the share won is a figure, not a pass mark.
// Game g of the suite (board g / 2) is seeded by derive_seed(seed, g) whichever part of the suite is
// played, so that the parts of a long run (GAMELAB_MUST_WIN_FIRST) play the games of the whole.
void must_win(const Suite& suite, Bot bot, std::uint64_t iterations, std::uint64_t seed) {
  const std::vector<State>& boards = suite.boards;
  const std::vector<int>& walls = suite.walls;
  const ParamSet params = release_params();
  const int games = static_cast<int>(boards.size()) * 2;
  std::vector<Played> played(static_cast<std::size_t>(games));
  int done = 0;
#pragma omp parallel for schedule(dynamic)
  for (int g = 0; g < games; ++g) {
    const std::uint64_t game = static_cast<std::uint64_t>(2 * suite.first + g);
    played[g] = play_bot(boards[g / 2], g % 2 ? Red : Blue, bot, params, iterations, derive_seed(seed, game));
#pragma omp critical
    // Progress for the long runs (the slow suites take hours): one line per game, on standard error.
    std::fprintf(stderr, "must-win vs %s: board %d, engine %s: %s at round %u (%d/%d)\n", bot_name(bot),
                 suite.first + g / 2, g % 2 ? "Red" : "Blue", to_string(played[g].outcome), played[g].rounds, ++done, games);
  }
  std::map<std::string, BandCount> bands;
  BandCount all;
  for (int g = 0; g < games; ++g) {
    const State& start = boards[g / 2];
    const Side engine_side = g % 2 ? Red : Blue;
    const auto plan = plan_hit(start, engine_side);
    const bool proven_draw = bot == Bot::Stays ? !plan : bot == Bot::Wanders && never_in_reach(start, engine_side, bot);
    INFO("board " << suite.first + g / 2 << " (" << start.board->rows() << "x" << start.board->cols() << ", limit " << start.limit
                  << "), engine " << (engine_side == Blue ? "Blue" : "Red") << " vs " << bot_name(bot)
                  << ": earliest hit of a player that stays " << (plan ? std::to_string(plan->hit_round) : std::string("none"))
                  << ", " << to_string(played[g].outcome) << " at round " << played[g].rounds);
    const bool lost = !played[g].engine_won && played[g].outcome != Outcome::Draw;
    if (lost) {
      // Every loss with its cause (post_mortem.hpp), in the failure and on standard error.
      const auto cause = explain_loss(start, played[g].moves);
      const std::string why = cause ? cause->text() : std::string("no single player hit");
      UNSCOPED_INFO("post-mortem of board " << suite.first + g / 2 << ": " << why);
      std::fprintf(stderr, "must-win vs %s: board %d lost: %s\n", bot_name(bot), suite.first + g / 2, why.c_str());
    }
    for (BandCount* count : {&bands[band_of(start, walls[static_cast<std::size_t>(g / 2)])], &all}) {
      ++count->games;
      count->wins += played[g].engine_won;
      count->draws += played[g].outcome == Outcome::Draw;
      count->losses += lost;
      count->proven_draws += proven_draw;
    }
    CHECK_FALSE(lost);
    if (bot == Bot::Dodges) continue;
    if (proven_draw) {
      CHECK(played[g].outcome == Outcome::Draw);
    } else {
      CHECK(played[g].engine_won);
    }
  }
  std::printf("bullets must-win vs %s: %d games, %llu iterations a move: +%d =%d -%d (%d proven draws)\n", bot_name(bot),
              games, static_cast<unsigned long long>(iterations), all.wins, all.draws, all.losses, all.proven_draws);
  for (const auto& [band, c] : bands) {
    std::printf("  %-20s %3d games  +%d =%d -%d  (%d proven draws)  won %.0f%%\n", band.c_str(), c.games, c.wins, c.draws,
                c.losses, c.proven_draws, 100.0 * c.wins / c.games);
  }
}

// Boards [first, first + count) of the must-win suite (seed 3401). The must-win suite: the first `count` boards of seed 3401, or the first GAMELAB_MUST_WIN_BOARDS; from
// board GAMELAB_MUST_WIN_FIRST on when it is set (a long run played in parts: the same games).
Suite suite_part(int first, int count) {
  Suite suite = tournament_suite(3401, first + count);
  suite.boards.erase(suite.boards.begin(), suite.boards.begin() + first);
  suite.walls.erase(suite.walls.begin(), suite.walls.begin() + first);
  suite.first = first;
  return suite;
}
Suite must_win_suite(int count) {
  if (const char* n = std::getenv("GAMELAB_MUST_WIN_BOARDS")) count = std::min(count, std::atoi(n));
  const char* from = std::getenv("GAMELAB_MUST_WIN_FIRST");
  return suite_part(from ? std::max(0, std::atoi(from)) : 0, count);
}

}  // namespace

TEST_CASE("the firing map agrees with the exhaustive proof on every suite board, both sides", "[bullets][hunt]") {
  for (const std::string& f : gamelab_test::suite_files("bullets")) {
    const State s = parse_position(gamelab::read_text_file(f), f).state;
    for (const Side side : {Blue, Red}) {
      INFO(f << (side == Blue ? " Blue" : " Red"));
      CHECK(earliest_hit_round(s, side) == earliest_hit_round_exhaustive(s, side));
    }
  }
}

TEST_CASE("the firing map agrees with the exhaustive proof in random play on tournament boards", "[bullets][hunt]") {
  Rng rng(26);
  int checked = 0, unreachable = 0;
  for (const State& start : tournament_boards(2601, 12)) {
    State s = start;
    for (int turn = 0; turn < 40 && !s.over(); ++turn) {
      for (const Side side : {Blue, Red}) {
        const auto fast = earliest_hit_round(s, side);
        CHECK(fast == earliest_hit_round_exhaustive(s, side));
        ++checked;
        unreachable += !fast;
      }
      s = play(s, wander(s, Blue, rng), wander(s, Red, rng));
    }
  }
  CHECK(checked > 400);
  std::printf("firing map = exhaustive proof at %d positions (%d with no shot possible)\n", checked, unreachable);
}

TEST_CASE("firing times: along the run, round a corner, never through the target", "[bullets][hunt]") {
  const State s = drawn({"#########",  //
                         "#R......#",  //
                         "#.#####.#",  //
                         "#......B#",  //
                         "#########"});
  const FiringMap map = firing_map(*s.board, s.player[Blue]);
  CHECK(map.at(sq(s, 3, 1)) == 6);  // on Blue's row: the shot flies 6 squares
  CHECK(map.at(sq(s, 1, 7)) == 2);  // on Blue's column, 2 squares up
  CHECK(map.at(sq(s, 1, 1)) == 2 + 6);  // Red: 2 steps down to Blue's row, or 6 steps right to its column: 8 either way
  CHECK(map.at(sq(s, 1, 4)) == 3 + 2);
  CHECK(map.at(s.player[Blue]) == kNoFiringTime);
  CHECK(earliest_hit_round(s, Red) == 8u);
  CHECK(earliest_hit_round_exhaustive(s, Red) == 8u);
}

TEST_CASE("a player shut in a pocket cannot be shot: proven, and the game is a draw", "[bullets][hunt][engine]") {
  // Blue's square is a run of one square both ways: no other square's shot ever passes over it.
  const State pocket = drawn({"##########",  //
                              "#R.......#",  //
                              "#.......##",  //
                              "#......#B#",  //
                              "##########"},
                             0, 30);
  // The same board with the square above Blue open: Red shoots down the column from (1, 8).
  const State open = drawn({"##########",  //
                            "#R.......#",  //
                            "#........#",  //
                            "#......#B#",  //
                            "##########"},
                           0, 30);
  CHECK_FALSE(earliest_hit_round(pocket, Red).has_value());
  CHECK_FALSE(earliest_hit_round_exhaustive(pocket, Red).has_value());
  CHECK(earliest_hit_round(open, Red) == 7u + 2u);
  CHECK(earliest_hit_round_exhaustive(open, Red) == 7u + 2u);
  const Played drawn_game = play_bot(pocket, Red, Bot::Stays, release_params(), kBotIterations, 7);
  CHECK(drawn_game.outcome == Outcome::Draw);
  CHECK(drawn_game.rounds == 30u);
}

TEST_CASE("a bullet's time to a square: the cycle arithmetic agrees with stepping the rounds", "[bullets][hunt]") {
  Rng rng(2626);
  int checked = 0;
  for (const State& start : tournament_boards(2602, 10)) {
    State s = start;
    Rng play_rng(rng.below(1000000));
    for (int turn = 0; turn < 60 && !s.over(); ++turn) {
      // Random play with shots (no sure suicides, so that games last), so bullets build up.
      ActionList a, b;
      generate_search_actions(s, Blue, a);
      generate_search_actions(s, Red, b);
      for (int probe = 0; probe < 4; ++probe) {
        int cell;
        do {
          cell = static_cast<int>(play_rng.below(static_cast<std::uint64_t>(s.board->cells())));
        } while (s.board->wall(cell));
        std::optional<int> slow;
        for (int k = 0; k <= 200 && !slow; ++k) {
          if (s.bullet_on(cell, s.round + static_cast<std::uint32_t>(k))) slow = k;
        }
        CHECK(time_to_bullet(s, cell, 200) == slow);
        ++checked;
      }
      s = play(s, a[play_rng.below(a.size())], b[play_rng.below(b.size())]);
    }
  }
  CHECK(checked > 200);
}

TEST_CASE("must win: the release engine hits a player that never moves and one that wanders (small board)",
          "[bullets][must-win]") {
  // Board 0 of seed 2603 at the low end of the sizes shuts the players apart: a proven draw (the pocket
  // test above plays one); board 0 of seed 2604 must be won, against both bots, the engine on each side.
  REQUIRE_FALSE(earliest_hit_round(tournament_boards(2603, 1, true)[0], Blue));
  const Suite suite = tournament_suite(2604, 1, true);
  REQUIRE(earliest_hit_round(suite.boards[0], Blue));
  must_win(suite, Bot::Stays, kBotIterations, 1);
  must_win(suite, Bot::Wanders, kBotIterations, 1);
}

TEST_CASE("must win: a player that never moves, the suite's first 40 boards", "[bullets][must-win]") {
  const Suite suite = must_win_suite(40);
  must_win(suite, Bot::Stays, kBotIterations, 2);
}

TEST_CASE("must not lose: the dodger on board 59, lost once to the plan's step (a body that bounces, a shot of its own)",
          "[bullets][must-win]") {
  // The dodger stands on its start square until a bullet comes: the engine played the exact hunt's steps
  // unchecked and its own bullet caught it at round 75 (board 59) and 79 (board 81). The same game of
  // the whole suite (seeded by its number in it), now won. Board 81's game (30 s) is played by the slow
  // 200-board dodger test below.
  must_win(suite_part(59, 1), Bot::Dodges, kBotIterations, 4);
}

TEST_CASE("must win: a player that never moves, 200 boards over the tournament's range", "[bullets][must-win][slow]") {
  const Suite suite = must_win_suite(200);
  must_win(suite, Bot::Stays, kBotIterations, 2);
}

TEST_CASE("must win: a player that wanders at random, 200 boards over the tournament's range", "[bullets][must-win][slow]") {
  const Suite suite = must_win_suite(200);
  must_win(suite, Bot::Wanders, kBotIterations, 3);
}

TEST_CASE("must not lose: a careful player that never shoots and dodges, 200 boards", "[bullets][must-win][slow]") {
  const Suite suite = must_win_suite(200);
  must_win(suite, Bot::Dodges, kBotIterations, 4);
}
