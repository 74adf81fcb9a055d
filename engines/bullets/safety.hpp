#pragma once
// Safety: which actions of a side can be answered so that it is doomed.
//
// *Doomed*: hit, or hit by the bullets already flying whatever it does over the next kSafetyHorizon
// rounds, nobody shooting again (the other player's body ignored, as in eval.hpp's reach(), whose 6
// rounds saw too little: issue 34's post-mortems found players trapped later by bullets already flying).
// The search is over space-time with the squares as bits, a word per row: the squares a side can stand
// on alive at round k + 1 are those next to or on its live squares at round k, open and free of bullets
// then. The bullets' squares are laid out once per root (Foresight), with, for each round, the squares no
// bullet visits again (calm): a live calm square ends the search, not doomed. One check costs a few word
// operations per row and round: 0.25 microseconds on a board of 84 bullets, 1 on one of 400, where
// nearly no square is calm (before the row words and the calm squares, 3.8).
//
// The replies and answers are ordered by what worked before at the same depth: the reply that last
// caught an action first (it cut the 20,719 checks of clock-long256's pair 25 at depth 4 to 6,190), the
// answer that last held first.
//
// *Safe at depth 1*: no reply of the other side, a shot included, leaves the side doomed after the joint
// move. *Safe at depth 2*: after every reply the side has an action that is safe at depth 1 — a trap two
// joint moves deep (a first shot that leaves one way out, a second that closes it) cannot catch it.
//
// The engine (engine.hpp) keeps its tree's choice to the deepest safe actions there are: a loss to a
// careful player (tests/bullets/safety_test.cpp, pair 22 of the gate's records) chose a step that one
// shot dooms while five safe ones were left, and the losses after that fix were traps two joint moves
// deep. The post-mortem of a lost game (post_mortem.hpp) walks back to the last round that had a safe
// action.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "bullets/board.hpp"
#include "bullets/rules.hpp"
#include "bullets/state.hpp"

namespace gamelab::bullets {

// Rounds the safety looks ahead. A bullet runs its row or column back and forth in at most 2 x 48
// rounds on the tournament's boards; a trap that closes later than this is left to the search.
constexpr int kSafetyHorizon = 64;
// The engine's choice at depth 1 looks to the round limit (safest()): a bullet of its own may close a
// corridor on it long after the 64 rounds (78 rounds in clock-checked's pair 3, 183 in clock-long's pair
// 25, 305 and 447 in clock-deep8's pairs 9 and 57, 728 in close-combat's pair 9), and a player the flying
// bullets hit before the limit has lost, however late. The rounds looked at are never fewer than the
// deeper checks' 64 (doomed() stops at the limit anyway). A check costs up to a word operation per row
// and round, and there are a few dozen of them a move.
inline int long_safety_horizon(const State& state) {
  return std::max(kSafetyHorizon, static_cast<int>(state.limit - std::min(state.limit, state.round)));
}

// The deepest safety the engine asks for (safest()), and the checks it may spend above depth 1 at a node
// limit: at 0.25-1 microsecond a check, 5-20 ms. On a move clock the tree leaves a quarter of the move,
// at most 24 ms, for it (engine.hpp), and that deadline alone ends the deepening.
// The depth was 8 until pair 1 of the clock match clock-reserve: at round 661 the release shot, safe
// nine joint moves deep, where four actions were safe sixteen deep and proven so in 48 to 473 checks;
// from round 662 every action was safe at most eight deep, and the trap closed at round 703. The budget
// stops the deepening where a depth is dear, so the greater depth costs nothing in an open position.
constexpr int kSafetyDepth = 16;
constexpr std::uint64_t kSafetyBudget = 20000;
// A depth's checks are about this many times the depth's before (nine replies, each answered by one of
// a few actions).
constexpr std::uint64_t kSafetyGrowth = 6;

class Foresight {
 public:
  // Lays out where `root`'s bullets are over the rounds ahead (grown on demand for later states).
  explicit Foresight(const State& root, int horizon = kSafetyHorizon);

  // `state` is `root` or a state after it on the same board (new bullets allowed): true if `side` is hit
  // there, or doomed by the bullets flying in it.
  bool doomed(const State& state, Side side);

  // Depth 1: true if no reply of the other side to `action` leaves `side` doomed after the joint move.
  // With `their_shots` false, only the other side's moves and staying are replies: against a player
  // taken not to shoot (the exact hunt's target), whose body can still bounce ours back (rules §3).
  bool safe(const State& state, Side side, Action action, bool their_shots = true);
  // Depth d > 1: true if after `action` and any reply, `side` is not doomed and has an action safe at
  // depth d - 1. False too once the checks made pass the budget (out_of_budget() then tells).
  bool safe_at(const State& state, Side side, Action action, int depth);
  bool safe_deep(const State& state, Side side, Action action) { return safe_at(state, side, action, 2); }

  // A cap on the checks safe_deep() may make (a count, not a clock, so that a search at a node limit
  // stays the same for the same seed): 0.25-1 microsecond each on the tournament's boards.
  void set_budget(std::uint64_t checks) { budget_ = checks; }
  // And a clock (a search on a move time): past `deadline`, the budget counts as spent.
  void set_deadline(std::chrono::steady_clock::time_point deadline) { deadline_ = deadline; }
  bool out_of_budget();

  const State& root() const { return root_; }
  // Doom checks made so far (each a space-time search), a check over more than kSafetyHorizon rounds
  // counted once per kSafetyHorizon rounds it looked at: what the safety cost, and what its budget counts.
  std::uint64_t checks() const { return checks_; }

 private:
  // Square sets here are a word per row (bit c = column c): the tournament's boards are at most 64
  // wide, so a step left or right is a shift and a step up or down the next word.
  using Rows = std::array<std::uint64_t, kMaxSize>;
  // Lays out the rounds up to root.round + k (k included) and, for each, the squares no root bullet
  // visits from that round to the last laid out (doomed() lays out what it will read before it starts).
  void lay_out(std::size_t k);
  // A bullet is where it was a cycle before (board.hpp), so the root's bullets on cycles of one length
  // repeat their squares with that period: each length's squares at each phase are laid out once, and a
  // long layout (the depth-1 filter's, to the round limit) ORs them instead of placing every bullet
  // every round (3.7 M placements for 2,000 bullets over 1,863 rounds, a few thousand words this way).
  struct Repeat {
    int length = 0;
    int lo = kMaxSize, hi = -1;  // the rows its squares are on
    std::vector<Rows> phases;    // [phase]: its squares at root.round + phase (mod length)
  };
  void lay_out_repeats();
  State root_;
  int horizon_;
  Rows open_{};
  std::vector<std::uint32_t> root_slots_;  // the root's bullets
  std::vector<Rows> occupied_;             // [k]: squares holding one of root's bullets at root.round + k
  std::vector<Rows> calm_;                 // [k]: squares free of root's bullets at every round from k on
  std::vector<Repeat> repeats_;            // per cycle length, once a layout goes past the longest cycle
  std::uint64_t checks_ = 0;
  std::uint64_t budget_ = ~std::uint64_t{0};
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  bool late_ = false;
  std::uint64_t polls_ = 0;  // out_of_budget() calls: the clock is read every 16th
  std::unordered_map<std::uint64_t, bool> known_;  // safe_at() of positions met before (depth > 1)
  std::array<Action, kSafetyDepth + 1> killer_{};   // per depth: the action that last answered there
  std::array<Action, kSafetyDepth + 1> refuter_{};  // per depth: the reply that last caught an action there
};

// The action the engine plays among `preference` (the tree's choice first, then the others it searched,
// most played first), by iterative deepening: among the actions safe at depth 1, the first, then the first
// safe at depth 2, and so on up to kSafetyDepth, while one is found and the next depth can be expected to
// fit in kSafetyBudget checks (with a `deadline`: until the deadline, the last depth finished standing).
// Where some of the actions safe at depth 1 over kSafetyHorizon rounds are safe to the round limit
// (long_safety_horizon), it keeps to those and deepens to the limit: on a board full of bullets the 64
// rounds call an action safe six joint moves deep that is safe one deep to the limit (clock-deep8's pair
// 41 at round 940). Where none is, the 64 rounds rank them. In an open position
// the tree's choice is safe and the budget ends it at depth 3; where few actions are safe each depth is
// cheap and it looks deeper, where the traps are. `preference.front()` when none is safe even at depth 1.
// Same arguments, same answer — without a `deadline` (a search on a move time).
Action safest(const State& state, Side side, const std::vector<Action>& preference,
              std::optional<std::chrono::steady_clock::time_point> deadline = std::nullopt);

// One-off forms (each lays out its own Foresight).
bool hit_or_doomed(const State& state, Side side);
bool is_safe(const State& state, Side side, Action action, bool their_shots = true);
// The actions of `side` safe at `depth`, in increasing number.
std::vector<Action> safe_actions(const State& state, Side side, int depth = 1);

}  // namespace gamelab::bullets
