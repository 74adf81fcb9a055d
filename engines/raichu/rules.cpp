#include "raichu/rules.hpp"

#include "core/enum_names.hpp"
#include "raichu/movegen.hpp"

namespace gamelab::raichu {

State play(const State& state, const Move& move) {
  State next = state;
  const Piece mover = static_cast<Piece>(next.board[move.from]);
  remove_piece(next, move.from);
  if (move.is_capture()) remove_piece(next, move.over);
  put_piece(next, move.to, move.is_promotion() ? make_piece(state.side, Raichu) : mover);
  next.side = opponent(state.side);
  next.hash ^= side_to_move_key();
  ++next.ply;
  return next;
}

namespace {
Outcome win_for(Color c) { return c == White ? Outcome::WhiteWins : Outcome::BlackWins; }
}  // namespace

bool ends_before_moves(const State& state) {
  return state.piece_count(state.side) == 0 || state.piece_count(opponent(state.side)) == 0 ||
         state.ply >= state.ply_limit;
}

Result result(const State& state) {
  if (state.piece_count(state.side) == 0) return {win_for(opponent(state.side)), EndReason::NoPieces};
  if (state.piece_count(opponent(state.side)) == 0) return {win_for(state.side), EndReason::NoPieces};
  if (state.ply >= state.ply_limit) return {Outcome::Draw, EndReason::PlyLimit};
  MoveList moves;
  generate_moves(state, moves);
  if (moves.empty()) return {win_for(opponent(state.side)), EndReason::NoLegalMove};
  return {};
}

const char* to_string(Outcome outcome) { return name_in(outcome, {"ongoing", "white wins", "black wins", "draw"}); }  // the enum's order
const char* to_string(EndReason reason) { return name_in(reason, {"none", "no pieces left", "no legal move", "ply limit"}); }  // the enum's order

}  // namespace gamelab::raichu
