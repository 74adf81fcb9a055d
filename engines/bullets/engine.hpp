#pragma once
// The lab's Bullets engine: the simultaneous-move MCTS (engines/search/simultaneous_mcts.hpp) over
// SearchGame (the game without surely losing actions), with a parameter set (evaluation weights, then
// engine_aggression, engine_hunt and engine_hunt_shot, then mcts_* knobs) and a seed, and its limits.
//
// Aggression (engine_aggression, a knob): the engine values closeness to the opponent for its own side,
// aggression x (kAggressionReach - distance) eval units, as chess engines' contempt values avoiding
// draws. The evaluation itself stays zero-sum and symmetric (eval.hpp); the search models the opponent
// as preferring distance. Without it a careful opponent is rarely met and most games are drawn.
//
// Hunt (engine_hunt, engine_hunt_shot; hunt.hpp): the search's tree sees a few rounds, and its model of
// the opponent dodges every bullet, so on its own it neither walks the 50-100 rounds to a firing lane on
// a large board nor shoots at a player that never moves. At each search the engine maps the firing
// time towards the square the opponent stands on (steps to the nearest square whose shot reaches it,
// plus the bullet's flight) and values, for its own side only, engine_hunt per round that time shrinks
// from the root and engine_hunt_shot once a bullet is on its way to that square (game.hpp:
// SearchGame::evaluate). The opponent's own model still dodges; the hunt only breaks the ties the
// zero-sum evaluation leaves, towards shooting at where the opponent is.
//
// Plan (analysis.hpp): while the opponent stands on its start square — where a player that never moves
// stands, and where the lab's own engines never stay past their first move — the engine plays the
// first step of the exact earliest hit on that square instead of searching: the plan walks among the
// bullets already flying, shoots once and waits clear of its own bullet, and from the start position
// it hits at the round the analysis states. The tree's hunt could not reach the firing squares of a
// dense board's pocket: its model of the opponent shoots back, so a dead end in the opponent's lane
// looks lost (docs/engines/bullets.md §5). Everywhere else the search decides as before, and a win the
// tree's bounds prove is played first. engine_plan 0 turns the plan off. The plan trusts that the
// opponent never moves or shoots, and with the safety on its step is checked against what the opponent
// may still do: against its moves and staying always (the dodger of the must-win suite stands on its
// start square until a bullet comes, then steps aside, and a step that its body could bounce back onto
// the engine's own bullet lost board 59 at round 75), and against its shots too once the board holds
// more than kPassiveBullets bullets — more than a game against a player that never acted has (the plan
// shoots once); a careful player that has come back to its start square shoots back (the clock match's
// pair 17: the release walked into the lane of the defaults standing there), and then it must also be
// what the safety's deepening plays with it first (clock-limit's pair 25: a step safe one joint move
// deep walked into a trap two deep). A step that fails the check leaves the move to the search and the
// safety.
//
// Safety (engine_safety, safety.hpp): the tree's choice is kept to the actions that the other side
// cannot answer so that the flying bullets doom the engine (over 64 rounds) within as many joint moves
// as the safety's iterative deepening reaches (safest()): the first of them in the tree's preference. The post-mortem of the
// release's losses to the defaults (gamelab analyse bullets --records) found the tree choosing a step
// that one shot dooms while safe ones were left, and traps two joint moves deep.
//
// Limits: nodes = MCTS iterations (deterministic: same seed, same position, same iterations, same
// answer); movetime in milliseconds (checked every 16 iterations, about a millisecond); neither: the
// template's default iterations. A depth means nothing to MCTS and is refused.
// The tournament gives 150 ms per move to a program started afresh every turn: the search's share of
// it is tournament_movetime_ms(), which keeps a margin for starting the process, reading the input,
// printing the answer and scheduling jitter.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "bullets/game.hpp"
#include "core/limits.hpp"
#include "core/params.hpp"
#include "search/simultaneous_mcts.hpp"

namespace gamelab::bullets {

// The template's result; `nodes` there counts tree nodes. positions: every position the search
// generated (the bounds, the tree's descents, rollouts), what the engine calls its nodes.
struct SearchResult : search::SimultaneousResult<Action> {
  std::uint64_t positions = 0;
  // Set when the answer is the first step of the exact hunt (analysis.hpp) instead of the tree's: the
  // round its plan hits a player that stays where it is.
  std::optional<std::uint32_t> plan_hit_round;
  // Set when the tree's choice was not safe (safety.hpp) and a safe action it searched was played instead.
  bool kept_safe = false;
};
using Mcts = search::SimultaneousMcts<SearchGame>;

// The most bullets on a board whose opponent, on its start square, may be a player that never acted
// (Engine::plan_trusted).
constexpr int kPassiveBullets = 4;

constexpr int kTournamentMoveMs = 150;
// What a move time leaves for the safety after the tree: a quarter of it, at most kSafetyReserveMs. Over
// the 5,342 positions of a 30-game match the safety took a median 2.5-5 ms and 16 at the 99th percentile
// on a loaded 2-core machine, with no deadline (safety.hpp); over 218 positions of two melees of the
// clock match clock-trusted, on an idle core, a median 2.4 ms, 7.6 at the 90th percentile and 20.2 at
// most. It was 12 ms until pair 41 of that match: at round 1,176 (350 bullets on a 17 x 25 board) the
// deepening needed 16.6 ms to tell the six actions safe eight joint moves deep from the one safe seven
// deep that the tree preferred; 12 ms, less on a loaded machine, stopped it at depth 7 and the release
// played that one, into the trap that hit it at round 1,234 (tests/bullets/safety_test.cpp). At the
// bot's 80 ms the tree now stops 20 ms early.
constexpr std::int64_t kSafetyReserveMs = 24;
constexpr std::int64_t safety_reserve_ms(std::int64_t movetime_ms) { return std::min(kSafetyReserveMs, movetime_ms / 4); }
// The bot's own start, parse and exit take 13-17 ms (median; 31 ms at worst) on a loaded 2-core
// machine; the rest of the margin is for the scheduler. With 45 ms, 5 answers in 1,000 came late
// (up to 204 ms) under load average 6, so the search now gets 150 - 70 ms less the start.
constexpr int kTournamentMarginMs = 70;

// The search's time when `already_ms` have passed since the process started (at least 1 ms).
std::int64_t tournament_movetime_ms(double already_ms, int move_ms = kTournamentMoveMs);

class Engine {
 public:
  using Learned = LearnedEval;

  // `params` must be a Bullets parameter set (default_params() or one loaded over it).
  Engine(const ParamSet& params, std::uint64_t seed);
  // Before the first search: the tree's leaves evaluated with `file` (Learned::load; game.hpp),
  // added to SearchGame's evaluation or, without `add_handmade`, instead of it; null: without.
  void set_learned_eval(std::shared_ptr<const learned::EvalFile> file, bool add_handmade);

  // The action for `side`; InputError for a depth limit. The state must not be over.
  SearchResult search(const State& state, Side side, const SearchLimits& limits);

 private:
  // Replaces the tree's choice by the first of its actions safe at the greatest depth (safety.hpp:
  // safest()), deepening no further past `deadline` when the search has a move time.
  static void keep_safe(const State& state, Side side, SearchResult& result,
                        std::optional<std::chrono::steady_clock::time_point> deadline);
  // Whether to play `step`, the plan's first, against an opponent on its start square (the plan above).
  bool plan_trusted(const State& state, Side side, Action step) const;
  // The tree's answer (the MCTS with the hunt's preferences).
  SearchResult tree_search(const State& state, Side side, const SearchLimits& limits);
  // One search per side the engine plays (its weights carry the aggression's sign), made on first use.
  Mcts& mcts_for(Side side);
  ParamSet params_;
  std::uint64_t seed_;
  bool hunt_weights_ = false;  // engine_hunt or engine_hunt_shot is not 0
  bool plan_ = true;           // engine_plan: the exact hunt against a player on its start square
  bool safety_ = true;         // engine_safety: never an action a reply dooms while a safe one is left
  std::optional<Mcts> mcts_[2];
  std::shared_ptr<const learned::EvalFile> learned_;  // null: SearchGame's evaluation alone
  bool learned_add_ = true;
};

// True if `side` stands on its start square (Red (1, 1), Blue (n - 2, m - 2); rules §1).
bool on_start_square(const State& state, Side side);

// "InputError unless the limits suit the MCTS": `what` names them in the message.
void check_limits(const SearchLimits& limits, const std::string& what);

// The root's mixed strategy of `side`, one action per item: "3:0.412" (pruned actions as "6:pruned").
std::string strategy_text(const SearchResult& result, Side side);

}  // namespace gamelab::bullets
