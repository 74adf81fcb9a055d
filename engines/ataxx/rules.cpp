#include "ataxx/rules.hpp"

#include "core/enum_names.hpp"

namespace gamelab::ataxx {

State play(const State& state, const Move& move) {
  const HashKeys& keys = hash_keys();
  State next = state;
  const Color us = state.side, them = opponent(us);
  next.side = them;
  next.hash ^= keys.side;
  next.fullmove += us == O;
  ++next.halfmove;
  if (move.is_pass()) return next;
  const Bitboard flips = kRings.one[move.to] & state.stones[them];
  next.stones[us] |= bit(move.to) | flips;
  next.stones[them] ^= flips;
  next.hash ^= keys.stone[us][move.to];
  if (move.is_jump()) {
    next.stones[us] ^= bit(move.from);
    next.hash ^= keys.stone[us][move.from];
  } else {
    next.halfmove = 0;
  }
  for (Bitboard b = flips; b; b &= b - 1) next.hash ^= keys.flip[std::countr_zero(b)];
  return next;
}

namespace {

Outcome by_stones(const State& s) {
  const int x = s.stone_count(X), o = s.stone_count(O);
  return x > o ? Outcome::XWins : o > x ? Outcome::OWins : Outcome::Draw;
}

}  // namespace

Result result(const State& s) {
  if (s.stones[X] == 0 || s.stones[O] == 0) return {by_stones(s), EndReason::NoStones};
  if ((within_two(s.stones[X] | s.stones[O]) & s.empty()) == 0) return {by_stones(s), EndReason::NoMoves};
  if (s.halfmove >= kHalfmoveLimit) return {Outcome::Draw, EndReason::HalfmoveClock};
  return {};
}

const char* to_string(Outcome outcome) { return name_in(outcome, {"ongoing", "x wins", "o wins", "draw"}); }  // the enum's order
const char* to_string(EndReason reason) { return name_in(reason, {"none", "a side has no stones", "neither side can move", "halfmove clock at 100"}); }  // the enum's order

}  // namespace gamelab::ataxx
