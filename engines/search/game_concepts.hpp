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

// The free functions of a game's namespace that its adapter forwards to, called by argument-dependent
// lookup on the state (from here, where no member of an adapter hides them).
namespace by_adl {
template <class S>
bool ends(const S& s) { return ends_before_moves(s); }
template <class S>
std::uint64_t hash_from_scratch(const S& s) { return compute_hash(s); }
template <class S>
std::string end(const S& s) { return end_text_of(result(s)); }
template <class S, class L>
void moves(const S& s, L& list) { generate_moves(s, list); }
template <class S, class... A>
S next(const S& s, const A&... a) { return play(s, a...); }
template <class S, class L>
void actions(const S& s, int side, L& list) { generate_actions(s, side, list); }
template <class S>
int value(const S& s, const int* weights) { return evaluate(s, weights); }
}  // namespace by_adl

// What every game's adapter says the same way, written once: a game's `struct Game` derives from
// TurnBasedAdapter<State, Move, MoveList> or SimultaneousAdapter<State, Action, ActionList> and
// writes only the rest (a member of its own hides the one here: every overload of that name). Each
// member forwards to the free function of the game's namespace by the rules' name: ends_before_moves,
// compute_hash (the Zobrist hash from scratch; `State::hash` is the one `play` keeps), result (the
// end, end_text_of), generate_moves or generate_actions, play, evaluate.
template <class S>
struct AdapterBase {
  using State = S;
  static bool ends_before_moves(const State& s) { return by_adl::ends(s); }
  static std::uint64_t zobrist(const State& s) { return s.hash; }
  static std::uint64_t zobrist_from_scratch(const State& s) { return by_adl::hash_from_scratch(s); }
  static std::string end_text(const State& s) { return by_adl::end(s); }
};

template <class S, class M, class L>
struct TurnBasedAdapter : AdapterBase<S> {
  using Move = M;
  using MoveList = L;
  static void generate_moves(const S& s, L& list) { by_adl::moves(s, list); }
  static S play(const S& s, const M& m) { return by_adl::next(s, m); }
  static std::uint64_t hash(const S& s) { return s.hash; }  // the search's key: the Zobrist hash
  static int evaluate(const S& s, const int* weights) { return by_adl::value(s, weights); }
};

template <class S, class A, class L>
struct SimultaneousAdapter : AdapterBase<S> {
  using Action = A;
  using ActionList = L;
  static void generate_actions(const S& s, int side, L& list) { by_adl::actions(s, side, list); }
  static S play(const S& s, const A& first, const A& second) { return by_adl::next(s, first, second); }
};

}  // namespace gamelab::search
