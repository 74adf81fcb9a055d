#pragma once
// Jump chess as seen by the generic searches in engines/search (perft, alpha-beta).
#include <bit>
#include <cstdint>
#include <optional>

#include "jumpchess/eval.hpp"
#include "jumpchess/learned_eval.hpp"
#include "jumpchess/movegen.hpp"
#include "jumpchess/notation.hpp"
#include "jumpchess/rules.hpp"
#include "jumpchess/state.hpp"
#include "search/game_concepts.hpp"
#include "search/score.hpp"

namespace gamelab::jumpchess {

// The key mixed into the search's hash when the move limit is within the search's reach (see Game::hash).
std::uint64_t plies_left_key(int plies_left);

// The number of plies until the move limit ends the game (both sides at kMoveLimit moves).
inline int plies_left(const State& s) {
  return (kMoveLimit - s.moves_made[Black]) + (kMoveLimit - s.moves_made[White]);
}

// The score of a finished game for the side to move, `ply` plies from the root. A decided game scores
// as a win or loss by distance, adjusted by the end score difference (pieces in target, ours minus
// theirs, `margin`): win_in(ply) - (9 - margin) for a win and loss_in(ply) + (9 + margin) for a loss. So
// a bigger win and a smaller loss are preferred, one point of margin weighing as much as one ply of
// distance (a win by 9 at ply p scores exactly win_in(p)). Every such score stays beyond kWinBound. An
// equal score is a draw: 0.
int end_score(const State& s, int ply);

struct Game : search::TurnBasedAdapter<State, Move, MoveList> {
  static constexpr const char* kName = "jumpchess";
  static constexpr std::size_t kHistorySize = kSquares * kSquares;
  // A learned evaluation file, when an engine is given one (learned_eval.hpp; search::AlphaBeta::set_incremental).
  using Incremental = LearnedEval;

  // generate_moves (the adapter base's) is never empty for a live state: a side without a piece or a
  // legal move has the pass.

  // The one game interface's texts and hashes (search/game_concepts.hpp).
  static State parse_position(const std::string& text, const std::string& source) { return parse_position_text(text, source); }
  static std::string position_text(const State& s) { return jumpchess::position_text(s); }
  static State start_position() { return jumpchess::start_position(); }
  static std::string board_text(const State& s) { return board_digits(s); }  // the one-line board of 64 digits
  static std::string move_text(const State&, const Move& m) { return jumpchess::move_text(m); }

  // The Zobrist hash of the pieces and the side to move, so that a board seen again (pieces stepping
  // back and forth) is a repetition. The move counts are left out, except when the move limit is
  // within the search's reach (kMaxPly plies): there the plies left are mixed in, because the same
  // board then has a different value, and a transposition must not carry a score across them (nor is
  // a repeated board a repetition any more: the limit, not the shuffle, decides).
  static std::uint64_t hash(const State& s) {
    const int left = plies_left(s);
    return left <= search::kMaxPly ? s.hash ^ plies_left_key(left) : s.hash;
  }

  static std::optional<int> terminal_score(const State& s, int ply) {
    if (!jumpchess::ends_before_moves(s)) return std::nullopt;
    return end_score(s, ply);
  }
  // Unreachable: a side without a legal move has the pass (docs/rules/jumpchess.md §3 Skips).
  static int no_move_score(const State&, int) { return 0; }
  static int evaluate(const State& s, const int* weights) { return jumpchess::evaluate(s, weights); }
  static int evaluate(const State& s, const int* weights, const MoveList& moves) {
    return jumpchess::evaluate(s, weights, moves);
  }

  // A hop chain over enemy pieces captures them: quiescence follows these, most pieces taken first,
  // then the longest stride toward the target.
  static bool is_capture(const State&, const Move& m) { return m.captured != 0; }
  static int capture_value(const State& s, const Move& m) {
    return 100 * std::popcount(m.captured) + columns_to_target(s.side, m.from) - columns_to_target(s.side, m.to);
  }
  // Codes only order moves (TT move, killers): (from, to, kind) exactly, the captured set folded into
  // 17 bits; bit 31 keeps the code non-zero (a pass). Two moves of one position share a code only if
  // they have the same ends and their captured sets fold alike, which costs ordering, never legality.
  static std::uint32_t encode(const Move& m) {
    const std::uint64_t folded = (m.captured * 0x9E3779B97F4A7C15ULL) >> 47;
    return m.from | (m.to << 6) | (static_cast<std::uint32_t>(m.kind) << 12) |
           (static_cast<std::uint32_t>(folded) << 14) | (1u << 31);
  }
  static std::size_t history_index(const Move& m) { return m.from * kSquares + m.to; }
};

}  // namespace gamelab::jumpchess
