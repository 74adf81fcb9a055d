#include "dcms/search_actions.hpp"

#include <algorithm>

#include "dcms/distances.hpp"
#include "dcms/eval.hpp"

namespace gamelab::dcms {

namespace {

// The `keep` best destinations by the evaluation with only this piece moved (blue maximises, red
// minimises), kept in digit order.
PieceOptions best_options(const State& s, int side, int rank, const PieceOptions& all, int keep, const int* weights) {
  if (all.count <= keep) return all;
  std::array<int, 9> score;
  std::array<int, 9> order;
  State moved = s;
  const int piece = piece_index(side, rank);
  for (int k = 0; k < all.count; ++k) {
    moved.pos[piece] = all.to[k];
    const int value = evaluate(moved, weights);
    score[k] = side == kBlue ? value : -value;
    order[k] = k;
  }
  std::stable_sort(order.begin(), order.begin() + all.count, [&](int a, int b) { return score[a] > score[b]; });
  std::sort(order.begin(), order.begin() + keep);
  PieceOptions out;
  for (int k = 0; k < keep; ++k) {
    out.to[k] = all.to[order[k]];
    out.digit[k] = all.digit[order[k]];
  }
  out.count = keep;
  return out;
}

}  // namespace

bool engaged(const State& s, int side, int rank) {
  const Square from = s.at(side, rank);
  if (from == kNoSquare || rank == kCheese) return false;
  const Distances& d = distances(s.board);
  const int enemy = other(side);
  for (int r = rank - 1; r <= rank + 1; ++r) {
    if (r < 0 || r >= kRanks) continue;
    const Square there = s.at(enemy, r);
    if (there == kNoSquare) continue;
    const int reach = r == kCheese ? 1 : 2;  // the cheeSe stays where it is
    if (d.at(from, there) <= reach) return true;
  }
  return false;
}

void search_actions(const State& s, int side, int quiet_moves, const int* weights, ActionList& actions) {
  if (quiet_moves <= 0 || quiet_moves >= 9) {
    generate_actions(s, side, actions);
    return;
  }
  PieceOptions options[3];
  for (int rank = kMouse; rank <= kDog; ++rank) {
    PieceOptions all = piece_options(s, side, rank);
    const bool quiet = all.count > quiet_moves && !engaged(s, side, rank);
    options[rank - 1] = quiet ? best_options(s, side, rank, all, quiet_moves, weights) : all;
  }
  product_actions(options[0], options[1], options[2], actions);
}

}  // namespace gamelab::dcms
