#pragma once
// Ataxx as seen by the generic searches in engines/search (perft, alpha-beta).
#include <cstdint>
#include <optional>
#include <string>

#include "ataxx/eval.hpp"
#include "ataxx/learned_eval.hpp"
#include "ataxx/movegen.hpp"
#include "ataxx/notation.hpp"
#include "ataxx/rules.hpp"
#include "ataxx/state.hpp"
#include "search/game_concepts.hpp"
#include "search/score.hpp"

namespace gamelab::ataxx {

// From this clock on the search's hash carries the clock (Game::hash): the draw is 100 - 60 = 40 plies
// away or less, within reach of a deep line, so the same board at two clock values may differ in
// value. Below it, no search reaches the draw and the clock stays out, so that transpositions through
// singles and jumps in a different order still meet in the table.
constexpr int kClockHashFrom = 60;

struct Game : search::TurnBasedAdapter<State, Move, MoveList> {
  static constexpr const char* kName = "ataxx";
  static constexpr std::size_t kHistorySize = (kPassSquare + 1) * (kPassSquare + 1);
  // A learned evaluation file, when an engine is given one (learned_eval.hpp; search::AlphaBeta::set_incremental).
  using Incremental = LearnedEval;

  // The lab's generic code (position files, random play, the conformance checks) sees these, and the
  // adapter base's: generate_moves, never empty for a live state (a side that cannot move has the pass).
  static State parse_position(const std::string& text, const std::string& source) { return parse_position_text(text, source); }
  static std::string position_text(const State& s) { return ataxx::position_text(s); }
  static State start_position() { return ataxx::start_position(); }
  static std::string move_text(const State&, const Move& m) { return ataxx::move_text(m); }
  // Perft's last ply (search/perft.hpp): popcounts instead of a list; 0 for a finished game.
  static int count_moves(const State& s) { return ataxx::count_moves(s); }
  static std::uint64_t hash(const State& s) {
    return s.halfmove >= kClockHashFrom ? s.hash ^ hash_keys().clock[s.halfmove] : s.hash;
  }

  // A finished game (docs/rules/ataxx.md §4) scores as a win or loss by distance, a draw as 0.
  static std::optional<int> terminal_score(const State& s, int ply) {
    if (!ataxx::ends_before_moves(s)) return std::nullopt;
    const Outcome outcome = result(s).outcome;
    if (outcome == Outcome::Draw) return 0;
    return (outcome == Outcome::XWins) == (s.side == X) ? search::win_in(ply) : search::loss_in(ply);
  }
  // Unreachable: a live state always has a move or the pass.
  static int no_move_score(const State&, int) { return 0; }

  // No Ataxx move is a "capture" to the search: nearly every move flips stones, so a search of captures
  // would be a full-width search, and the quiet-move machinery (killers, history, late-move
  // reductions) would hardly run. Measured with the default parameters on four positions (start, gaps,
  // two middle games): depth 9 took 4.4 M nodes with no captures and 62 M with flipping moves as
  // captures (ordered by flips, no quiescence); in 100 games at 20,000 nodes a move against no
  // captures, that scored 35.5%, and with the default 6 plies of quiescence 29%.
  static bool is_capture(const State&, const Move&) { return false; }
  // And a live state always has a move (the pass): a leaf is its static evaluation, with no move list.
  static constexpr bool kStaticLeaves = true;
  static int capture_value(const State& s, const Move& m) { return std::popcount(flips_of(s, m)); }
  // Non-zero (bit 16), unique per move.
  static std::uint32_t encode(const Move& m) { return m.from | (m.to << 8) | (1u << 16); }
  static std::size_t history_index(const Move& m) { return m.from * (kPassSquare + 1) + m.to; }
};

}  // namespace gamelab::ataxx
