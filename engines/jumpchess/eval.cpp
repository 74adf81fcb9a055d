#include "jumpchess/eval.hpp"

#include <algorithm>

#include "search/knobs.hpp"

namespace gamelab::jumpchess {

namespace {

constexpr Bitboard kNotColumn0 = ~kColumn0;
constexpr Bitboard kNotColumn7 = ~(kColumn0 << 7);

// Pieces of `set` with a piece of `others` orthogonally next to them.
Bitboard with_neighbour(Bitboard set, Bitboard others) {
  const Bitboard near = ((others << 1) & kNotColumn0) | ((others >> 1) & kNotColumn7) | (others << 8) | (others >> 8);
  return set & near;
}

// Pieces of `c` outside its target that can neither step nor hop toward it (one square or two along
// the row: Black goes right, White left). A piece on the edge column is in its target already.
int blocked_count(const State& s, Color c) {
  const Bitboard occupied = s.occupied();
  const Bitboard outside = s.pieces[c] & ~target_of(c);
  // Black: the square to the right is taken, and the one beyond is taken (or off the board, which
  // cannot happen outside the target: columns <= 5 have two squares to their right).
  const Bitboard ahead = c == Black ? (occupied >> 1) : (occupied << 1);
  const Bitboard beyond = c == Black ? (occupied >> 2) : (occupied << 2);
  return std::popcount(outside & ahead & beyond);
}

// What one side's move list says: the enemy pieces it can capture, and its best column gain.
struct MoveScan {
  int capturable = 0;
  int best_gain = 0;
};

MoveScan scan_moves(const MoveList& moves, Color mover) {
  Bitboard hit = 0;
  int best = 0;
  for (const Move& m : moves) {
    hit |= m.captured;
    if (!m.is_pass()) best = std::max(best, columns_to_target(mover, m.from) - columns_to_target(mover, m.to));
  }
  return {std::popcount(hit), best};
}

}  // namespace

int columns_to_target(Color c, int sq) {
  const int col = col_of(sq);
  return c == Black ? std::max(0, 6 - col) : std::max(0, col - 1);
}

void feature_counts(const State& s, std::array<int, kFeatureCount>& f) {
  MoveList ours;
  generate_moves(s, ours);
  feature_counts(s, ours, f);
}

void feature_counts(const State& s, const MoveList& ours, std::array<int, kFeatureCount>& f) {
  f.fill(0);
  const Color us = s.side, them = opponent(us);
  for (Color c : {us, them}) {
    const int sign = c == us ? 1 : -1;
    const Bitboard own = s.pieces[c];
    int distance = 0, rearmost = 0;
    for (Bitboard set = own; set; set &= set - 1) {
      const int d = columns_to_target(c, std::countr_zero(set));
      distance += d;
      rearmost = std::max(rearmost, d);
    }
    f[InTarget] += sign * std::popcount(own & target_of(c));
    f[Distance] += sign * distance;
    f[Material] += sign * std::popcount(own);
    f[Cohesion] += sign * std::popcount(with_neighbour(own, own));
    f[Straggler] += sign * rearmost;
    f[Blocked] += sign * blocked_count(s, c);
  }
  // The opponent's moves as if it were to move (the side to move does not enter move generation).
  State flipped = s;
  flipped.side = them;
  MoveList theirs;
  generate_moves(flipped, theirs);
  const MoveScan mine = scan_moves(ours, us), other = scan_moves(theirs, them);
  f[Threats] = mine.capturable;
  f[Attacked] = other.capturable;
  f[BestGain] = mine.best_gain;
  f[BestGainThem] = other.best_gain;
  f[Tempo] = 1;
}

std::vector<FeatureValue> features(const State& s) { return counted_features<kFeatureCount>(s); }

int evaluate(const State& s, const int* weights) {
  return counted_evaluation_listing_moves<kFeatureCount, MoveList>(weights, s);
}

int evaluate(const State& s, const int* weights, const MoveList& ours) {
  return counted_evaluation<kFeatureCount>(weights, s, ours);
}

ParamSet default_params() {
  // Hand-set weights, in units where a piece standing in its target is worth about 100 more than one
  // about to enter it. A column of progress is 25, so a piece's journey (6 columns) is 150 and entering
  // the target adds 50 more. A piece is worth 250 on top: capturing it removes its progress too, so a
  // piece taken at home still costs its owner about 100, one taken in the target about 300. A capture
  // the side to move can make now counts about a third of a piece (it moves first); one the opponent
  // threatens, less (the side to move may run or block). The rearmost piece costs extra, because
  // the game is won by the last piece home; a blocked piece costs a little, a piece next to a friend
  // gains a little (it is a ladder for hops). The best single move's gain counts for the side to move
  // (it can play it now) more than for the opponent.
  std::vector<Param> params = {
      {"eval_in_target", 50, -200, 400, 5, 0.002},
      {"eval_distance", -25, -200, 50, 2, 0.002},
      {"eval_material", 250, 0, 1000, 20, 0.002},
      {"eval_threats", 80, -100, 400, 8, 0.002},
      {"eval_attacked", -40, -400, 100, 8, 0.002},
      {"eval_cohesion", 4, -50, 100, 2, 0.002},
      {"eval_straggler", -10, -100, 50, 2, 0.002},
      {"eval_blocked", -8, -100, 50, 2, 0.002},
      {"eval_best_gain", 10, -50, 100, 2, 0.002},
      {"eval_best_gain_them", -5, -100, 50, 2, 0.002},
      {"eval_tempo", 20, -100, 200, 5, 0.002},
  };
  for (const auto& knob : search::AlphaBetaKnobs::default_params()) params.push_back(knob);
  return ParamSet("jumpchess", params);
}

}  // namespace gamelab::jumpchess
