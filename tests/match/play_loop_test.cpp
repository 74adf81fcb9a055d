// The play loops every game shares (engines/registry/play_loop.hpp) on a toy game whose seats answer
// from scripts: the fault log, soft faults and forfeits in the referee, a setup step, self-play labels.
#include <catch2/catch.hpp>

#include "registry/play_loop.hpp"
#include "registry/simultaneous_play.hpp"

using namespace gamelab;
using loop::Answer;
// GameRecord and Termination are written gamelab::GameRecord and gamelab::Termination: the other files
// of tests_match, compiled with this one as one unit, also see eval's GameRecord and Termination.

namespace {

// Each step adds seat 0's action and subtracts seat 1's; the game ends after `kSteps` steps (seat 0
// wins on a positive total). With `Setup`, a first step places (it counts no ply).
template <bool Simultaneous, bool Setup = false>
struct Toy : loop::Hooks {
  using Action = int;
  static constexpr bool simultaneous = Simultaneous;
  static constexpr const char* title = "toy";
  static constexpr int kSteps = 4;
  static inline std::vector<Answer<int>> script[2];  // each seat's answers, in order

  explicit Toy(const GameRequest&) {}
  explicit Toy(const DatagenRequest&) {}
  bool in_setup() const { return Setup && !placed; }
  bool over() const { return step >= kSteps; }
  int to_move() const { return step % 2; }
  Answer<int> ask(int seat) { return script[seat].at(asked[seat]++); }
  std::string play(const loop::Answers<Toy>& a, loop::FaultLog&, int) {
    if (in_setup()) {
      placed = true;
      return "setup";
    }
    total += a[0].action - a[1].action;
    ++step;
    return std::to_string(a[0].action) + "/" + std::to_string(a[1].action);
  }
  loop::Verdict verdict() const { return {total > 0 ? 1.0 : total < 0 ? 0.0 : 0.5, "total " + std::to_string(total)}; }
  std::string position() const { return "step " + std::to_string(step); }
  bool tactical() const { return step == 2; }
  bool random_step() {
    ++step;
    return true;
  }

  int step = 0, total = 0, asked[2] = {0, 0};
  bool placed = false;
};

GameRequest two_seats() {
  GameRequest request;
  request.players.resize(2);
  request.players[0].name = "a";
  request.players[1].name = "b";
  return request;
}

}  // namespace

TEST_CASE("the fault log: counts, first and last, and the forfeit that outranks soft faults", "[play]") {
  loop::FaultLog log({"a", "b"});
  gamelab::GameRecord record;
  log.fill(record);
  CHECK(record.termination == gamelab::Termination::Normal);
  CHECK(record.fault == -1);
  log.add(1, 3, gamelab::Termination::Timeout, "late", false);
  log.add(0, 5, gamelab::Termination::Illegal, "garbage", false);
  log.add(1, 7, gamelab::Termination::Timeout, "late again", false);
  CHECK(log.count(1) == 2);
  CHECK(log.count(1, gamelab::Termination::Timeout) == 2);
  CHECK(log.count(0, gamelab::Termination::Timeout) == 0);
  CHECK(log.first(1)->ply == 3);
  CHECK(log.last(1)->detail == "late again");
  CHECK_FALSE(log.forfeited());
  log.fill(record);
  CHECK(record.termination == gamelab::Termination::Timeout);  // the first fault
  CHECK(record.fault == 1);
  log.add(0, 9, gamelab::Termination::Crash, "gone", true);
  CHECK(log.forfeit(0)->kind == gamelab::Termination::Crash);
  CHECK(log.forfeit_score() == 0.0);
  log.fill(record);
  CHECK(record.termination == gamelab::Termination::Crash);  // a forfeit outranks the earlier soft faults
  CHECK(record.fault == 0);
  log.add(1, 9, gamelab::Termination::Stalled, "dead", true);
  CHECK(log.forfeit_score() == 0.5);  // both seats at fault in the same step: a draw
  CHECK(log.first_forfeit()->seat == 0);
}

TEST_CASE("the referee: soft faults play the substitute, a forfeit ends the game before its move", "[play]") {
  using Game = Toy<true>;
  Game::script[0] = {{2}, {0, gamelab::Termination::Timeout, false, "no answer"}, {1}, {1}};
  Game::script[1] = {{1}, {1}, {0, gamelab::Termination::Crash, true, "exited"}, {1}};
  const gamelab::GameRecord r = loop::referee<Game>(two_seats());
  CHECK(r.moves == std::vector<std::string>{"2/1", "0/1"});
  CHECK(r.plies == 2);
  CHECK(r.termination == gamelab::Termination::Crash);
  CHECK(r.fault == 1);
  CHECK(r.score == 1.0);
  CHECK(r.reason == "b: crash: exited");  // the default forfeit reason

  Game::script[1][2] = {1};  // no forfeit: the game ends by its rules, the soft fault recorded
  const gamelab::GameRecord played = loop::referee<Game>(two_seats());
  CHECK(played.plies == 4);
  CHECK(played.reason == "total 0");
  CHECK(played.score == 0.5);
  CHECK(played.termination == gamelab::Termination::Timeout);
  CHECK(played.fault == 0);

  GameRequest three = two_seats();
  three.players.resize(3);
  CHECK_THROWS_WITH(loop::referee<Game>(three), "a toy game needs exactly two players");
}

TEST_CASE("the referee asks only the seat to move in a turn-based game, and plays a setup step", "[play]") {
  using Game = Toy<false>;
  Game::script[0] = {{3}, {3}};
  Game::script[1] = {{1}, {1}};
  const gamelab::GameRecord r = loop::referee<Game>(two_seats());
  CHECK(r.moves == std::vector<std::string>{"3/0", "0/1", "3/0", "0/1"});
  CHECK(r.score == 1.0);

  // A faulty placement is the rules' to judge: the step is played, and counts no ply.
  using Placing = Toy<true, true>;
  Placing::script[0] = {{0, gamelab::Termination::Timeout, true, "no placement"}, {1}};
  Placing::script[1] = {{0}, {1}};
  const gamelab::GameRecord placed = loop::referee<Placing>(two_seats());
  CHECK(placed.moves == std::vector<std::string>{"setup"});
  CHECK(placed.plies == 0);
  CHECK(placed.termination == gamelab::Termination::Timeout);
  CHECK(placed.score == 0.0);
}

TEST_CASE("self-play: random steps first, tactical positions left out, labels from each point of view", "[play]") {
  using Game = Toy<false>;
  Game::script[0] = {{5, 11}};
  Game::script[1] = {{1, -3}, {1, -4}};
  DatagenRequest request;
  request.random_plies = 1;
  request.skip_tactical = true;
  const auto rows = loop::self_play<Game>(request);
  // Step 0 is random, step 2 tactical: steps 1 and 3 are kept, seat 1 to move in both; seat 0 wins.
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].position == "step 1");
  CHECK(rows[1].position == "step 3");
  CHECK(rows[0].result == 0.0);
  CHECK(rows[1].result == 0.0);
  CHECK(rows[0].score == -3);
  CHECK(rows[1].score == -4);
}

TEST_CASE("self-play of a simultaneous game: seat 0's label, and the mean of both seats' scores from seat 0's view", "[play]") {
  using Game = Toy<true>;
  // Each seat's score is from its own view and leans to its own side (+40 and +60 on the same
  // positions): the mean of the two views is what the position is worth to seat 0. A seat without a
  // score (its move proved before any search) leaves the other's alone.
  Game::script[0] = {{3, 40}, {3, 40}, {3}, {3}};
  Game::script[1] = {{1, 60}, {1}, {1, 10}, {1}};
  DatagenRequest request;
  request.random_plies = 0;
  request.skip_tactical = false;
  const auto rows = loop::self_play<Game>(request);
  REQUIRE(rows.size() == 4);
  CHECK(rows[0].result == 1.0);  // seat 0 wins: its view, in every row
  CHECK(rows[3].result == 1.0);
  CHECK(rows[0].score == -10);
  CHECK(rows[1].score == 40);
  CHECK(rows[2].score == -10);
  CHECK_FALSE(rows[3].score.has_value());
}

TEST_CASE("a simultaneous search's value as a self-play score: 100 units per logit from each seat's view, none without iterations", "[play]") {
  struct Found {
    double value;
    std::uint64_t iterations;
  };
  CHECK(loop::self_play_score(Found{0.5, 10}, 0) == 0);
  CHECK(loop::self_play_score(Found{0.75, 10}, 0) == 110);   // ln 3 = 1.0986
  CHECK(loop::self_play_score(Found{0.75, 10}, 1) == -110);
  CHECK(loop::self_play_score(Found{1.0, 10}, 0) == 691);    // clamped to 0.999
  CHECK(loop::self_play_score(Found{0.0, 10}, 1) == 691);
  CHECK_FALSE(loop::self_play_score(Found{0.9, 0}, 0).has_value());
}
