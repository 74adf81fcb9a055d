#include "dcms/actions.hpp"

#include <cassert>

namespace gamelab::dcms {

namespace {

void move_side(State& next, int side, const Action& action) {
  for (int k = 0; k < 3; ++k) {
    const Square to = action.to[k];
    if (to == kNoSquare) continue;
    const int piece = piece_index(side, k + 1);
    const Square from = next.pos[piece];
    assert(from != kNoSquare);
    if (from == to) continue;
    next.hash ^= piece_key(piece, from) ^ piece_key(piece, to);
    next.pos[piece] = to;
  }
}

}  // namespace

PieceOptions piece_options(const State& state, int side, int rank) {
  PieceOptions out;
  const Square from = state.at(side, rank);
  if (from == kNoSquare || rank >= rank_count(state.variant)) {
    out.to[0] = kNoSquare;
    out.digit[0] = 0;
    out.count = 1;
    return out;
  }
  for (int digit = 1; digit <= 9; ++digit) {
    const Square to = digit == 5 ? from : static_cast<Square>(from + digit_offset(digit));
    if (digit != 5 && state.board->is_wall(to)) continue;  // merged with staying
    out.to[out.count] = to;
    out.digit[out.count] = static_cast<std::uint8_t>(digit);
    ++out.count;
  }
  return out;
}

void product_actions(const PieceOptions& mouse, const PieceOptions& cat, const PieceOptions& dog, ActionList& actions) {
  actions.clear();
  Action action;
  for (int d = 0; d < dog.count; ++d) {
    action.to[2] = dog.to[d];
    action.digit[2] = dog.digit[d];
    for (int c = 0; c < cat.count; ++c) {
      action.to[1] = cat.to[c];
      action.digit[1] = cat.digit[c];
      for (int m = 0; m < mouse.count; ++m) {
        action.to[0] = mouse.to[m];
        action.digit[0] = mouse.digit[m];
        actions.push_back(action);
      }
    }
  }
}

void generate_actions(const State& state, int side, ActionList& actions) {
  product_actions(piece_options(state, side, kMouse), piece_options(state, side, kCat), piece_options(state, side, kDog),
                  actions);
}

std::size_t action_count(const State& state, int side) {
  std::size_t count = 1;
  for (int rank = kMouse; rank <= kDog; ++rank) count *= static_cast<std::size_t>(piece_options(state, side, rank).count);
  return count;
}

Action stay_action(const State& state, int side) { return action_from_digits(state, side, {5, 5, 5}); }

Action action_from_digits(const State& state, int side, const std::array<std::uint8_t, 3>& digits) {
  Action action;
  for (int k = 0; k < 3; ++k) {
    const int rank = k + 1;
    const Square from = state.at(side, rank);
    if (from == kNoSquare || rank >= rank_count(state.variant)) continue;
    int digit = digits[k] == 0 ? 5 : digits[k];
    Square to = static_cast<Square>(from + digit_offset(digit));
    if (state.board->is_wall(to)) {
      to = from;
      digit = 5;
    }
    action.to[k] = to;
    action.digit[k] = static_cast<std::uint8_t>(digit);
  }
  return action;
}

void resolve_captures(State& state) {
  for (int rank = 0; rank < kRanks; ++rank) {
    bool removed[2] = {false, false};
    for (int side = 0; side < 2; ++side) {
      const Square sq = state.at(side, rank);
      if (sq == kNoSquare) continue;
      const int enemy = other(side);
      removed[side] = state.at(enemy, rank) == sq || (rank + 1 < kRanks && state.at(enemy, rank + 1) == sq);
    }
    for (int side = 0; side < 2; ++side) {
      if (removed[side]) remove_piece(state, piece_index(side, rank));
    }
  }
}

State play(const State& state, const Action& blue, const Action& red) {
  State next = state;
  move_side(next, kBlue, blue);
  move_side(next, kRed, red);
  resolve_captures(next);
  next.hash ^= turn_key(next.turn) ^ turn_key(next.turn + 1);
  ++next.turn;
  return next;
}

}  // namespace gamelab::dcms
