#pragma once
// Raichu as seen by the generic searches in engines/search (perft, alpha-beta).
#include <optional>

#include "raichu/eval.hpp"
#include "raichu/learned_eval.hpp"
#include "raichu/movegen.hpp"
#include "raichu/notation.hpp"
#include "raichu/rules.hpp"
#include "raichu/state.hpp"
#include "search/game_concepts.hpp"
#include "search/score.hpp"

namespace gamelab::raichu {

struct Game : search::TurnBasedAdapter<State, Move, MoveList> {
  static constexpr const char* kName = "raichu";
  static constexpr std::size_t kHistorySize = kSquares * kSquares;
  // A learned evaluation file, when an engine is given one (learned_eval.hpp; search::AlphaBeta::set_incremental).
  using Incremental = LearnedEval;

  // The one game interface's texts and hashes (search/game_concepts.hpp).
  static State parse_position(const std::string& text, const std::string& source) { return parse_position_text(text, source); }
  static std::string position_text(const State& s) { return position_line(s); }
  static std::string board_text(const State& s) { return board_string(s); }  // the tournament's board form
  static std::string move_text(const State& s, const Move& m) { return raichu::move_text(m, s); }

  // docs/rules/raichu.md end rules before any move: no pieces (a loss for that side), the ply limit (a draw).
  static std::optional<int> terminal_score(const State& s, int ply) {
    if (s.piece_count(s.side) == 0) return search::loss_in(ply);
    if (s.piece_count(opponent(s.side)) == 0) return search::win_in(ply);
    if (s.ply >= s.ply_limit) return 0;
    return std::nullopt;
  }
  static int no_move_score(const State&, int ply) { return search::loss_in(ply); }
  static int evaluate(const State& s, const int* weights) { return raichu::evaluate(s, weights); }
  static int evaluate(const State& s, const int* weights, const MoveList& moves) {
    return raichu::evaluate(s, weights, moves);
  }

  static bool is_capture(const State&, const Move& m) { return m.is_capture(); }
  // Victim value (most valuable victim first), promotions a little above.
  static int capture_value(const State& s, const Move& m) {
    static constexpr int kValue[4] = {0, 100, 300, 900};
    return kValue[type_of(s.board[m.over])] + (m.is_promotion() ? 50 : 0);
  }
  static std::uint32_t encode(const Move& m) {
    return m.from | (m.to << 8) | (m.over << 16) | (static_cast<std::uint32_t>(m.flags) << 24);
  }
  static std::size_t history_index(const Move& m) { return m.from * kSquares + m.to; }
};

}  // namespace gamelab::raichu
