#include "jumpchess/rules.hpp"

#include "core/enum_names.hpp"

namespace gamelab::jumpchess {

State play(const State& state, const Move& move) {
  State next = state;
  const Color us = state.side, them = opponent(us);
  if (!move.is_pass()) {
    next.pieces[us] ^= bit(move.from) | bit(move.to);
    next.hash ^= piece_key(us, move.from) ^ piece_key(us, move.to);
    next.pieces[them] &= ~move.captured;
    for (Bitboard set = move.captured; set; set &= set - 1) next.hash ^= piece_key(them, std::countr_zero(set));
  }
  ++next.moves_made[us];
  next.side = them;
  next.hash ^= side_to_move_key();
  return next;
}

int score(const State& state, Color c) { return std::popcount(state.pieces[c] & target_of(c)); }

bool all_in_target(const State& state, Color c) {
  return state.pieces[c] != 0 && (state.pieces[c] & ~target_of(c)) == 0;
}

bool ends_before_moves(const State& state) {
  return all_in_target(state, Black) || all_in_target(state, White) ||
         (state.moves_made[Black] >= kMoveLimit && state.moves_made[White] >= kMoveLimit);
}

Result result(const State& state) {
  Result r;
  r.black_score = score(state, Black);
  r.white_score = score(state, White);
  const bool black_done = all_in_target(state, Black), white_done = all_in_target(state, White);
  if (black_done && white_done) {
    r.reason = EndReason::BothInTarget;
  } else if (black_done) {
    r.reason = EndReason::BlackInTarget;
  } else if (white_done) {
    r.reason = EndReason::WhiteInTarget;
  } else if (state.moves_made[Black] >= kMoveLimit && state.moves_made[White] >= kMoveLimit) {
    r.reason = EndReason::MoveLimit;
  } else {
    return r;
  }
  r.outcome = r.black_score > r.white_score   ? Outcome::BlackWins
              : r.white_score > r.black_score ? Outcome::WhiteWins
                                              : Outcome::Draw;
  return r;
}

const char* to_string(Outcome outcome) { return name_in(outcome, {"ongoing", "black wins", "white wins", "draw"}); }  // the enum's order
const char* to_string(EndReason reason) { return name_in(reason, {"none", "every black piece is in Black's target", "every white piece is in White's target", "every piece of both sides is in its target", "each side has made 200 moves"}); }  // the enum's order

}  // namespace gamelab::jumpchess
