#pragma once
// The one game interface (docs/design.md §3): what every game's adapter, `struct Game` in
// engines/<game>/game.hpp, gives the lab's generic code, as C++20 concepts layered by shape. Perft, the
// searches, the play loops, the registry's generic entries and the conformance suite
// (registry/random_game.hpp, tests/conformance/) are written against these and nothing else of a game.
//
//   Game                every game: its state, its name, when it is over before any move, its
//                       position file (docs/rules/common.md §3) both ways, its Zobrist hash kept by
//                       play and computed from scratch, and its end in words;
//   TurnBasedGame       a Game whose side to move plays one Move: the legal moves (each distinct move
//                       once; a forced pass is a move), the successor (copy-make), a move's text;
//   SimultaneousGame    a Game whose two sides each choose an Action every step: each side's actions
//                       (actions of the same effect merged), the successor of a joint step, its text.
// The searches refine the move shapes with what they need of an evaluation (search::AlphaBetaGame in
// alphabeta.hpp, search::SimultaneousSearchGame in simultaneous_mcts.hpp); perft needs only the moves
// (search::TurnBasedPerftGame, search::SimultaneousPerftGame).
#include <concepts>
#include <cstdint>
#include <string>

namespace gamelab::search {

template <class G>
concept Game = requires(const typename G::State& s, const std::string& text) {
  { G::kName } -> std::convertible_to<const char*>;
  { G::ends_before_moves(s) } -> std::convertible_to<bool>;
  { G::parse_position(text, text) } -> std::same_as<typename G::State>;  // strict, InputError "source:line:col: ..."
  { G::position_text(s) } -> std::convertible_to<std::string>;
  { G::zobrist(s) } -> std::convertible_to<std::uint64_t>;               // kept incrementally by play
  { G::zobrist_from_scratch(s) } -> std::convertible_to<std::uint64_t>;  // the same, computed afresh
  { G::end_text(s) } -> std::convertible_to<std::string>;                // the result and its reason, once over
};

template <class G>
concept TurnBasedGame = Game<G> && requires(const typename G::State& s, typename G::MoveList& list,
                                            const typename G::Move& m) {
  G::generate_moves(s, list);
  { G::play(s, m) } -> std::same_as<typename G::State>;
  { G::move_text(s, m) } -> std::convertible_to<std::string>;  // the tournament's notation, made from s
};

template <class G>
concept SimultaneousGame = Game<G> && requires(const typename G::State& s, typename G::ActionList& list,
                                               const typename G::Action& a) {
  G::generate_actions(s, 0, list);
  { G::play(s, a, a) } -> std::same_as<typename G::State>;
  { G::joint_text(s, a, a) } -> std::convertible_to<std::string>;  // side 0's action, then side 1's
};

// A game's end in words, "<outcome>: <reason>", from its rules' Result (every game's rules give one,
// with to_string for its Outcome and EndReason, found by argument-dependent lookup).
template <class Result>
std::string end_text_of(const Result& r) {
  return std::string(to_string(r.outcome)) + ": " + to_string(r.reason);
}

}  // namespace gamelab::search
