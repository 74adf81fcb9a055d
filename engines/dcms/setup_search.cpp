#include "dcms/setup_search.hpp"

#include <algorithm>
#include <cmath>

#include "dcms/distances.hpp"
#include "dcms/eval.hpp"
#include "search/regret_matching.hpp"

namespace gamelab::dcms {

namespace {

constexpr int kMouseSquares = 4;       // full variant (the mouse variant keeps more: it has nothing else)
constexpr int kMouseSquaresAlone = 8;
constexpr int kCatSquares = 3;
constexpr int kDogSquares = 2;
constexpr int kFar = 2 * kReach;       // an unreachable square counts as this far

int capped(int distance) { return std::min(distance, kFar); }

// Flipping rows (r <-> rows-1-r) maps the board onto itself.
bool row_symmetric(const Board& board) {
  for (int r = 0; r < board.rows(); ++r) {
    for (int c = 0; c < board.cols(); ++c) {
      if (board.is_wall(r, c) != board.is_wall(board.rows() - 1 - r, c)) return false;
    }
  }
  return true;
}

struct Scored {
  Square square;
  double score;
};

// The `keep` best squares, ties in row-major order.
std::vector<Square> best(std::vector<Scored> scored, int keep) {
  std::stable_sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) { return a.score > b.score; });
  std::vector<Square> out;
  for (std::size_t k = 0; k < scored.size() && static_cast<int>(k) < keep; ++k) out.push_back(scored[k].square);
  return out;
}

int nearest(const Distances& d, Square to, const std::vector<Square>& from) {
  int out = kFar;
  for (const Square f : from) out = std::min(out, capped(d.at(f, to)));
  return out;
}

double mean_distance(const Distances& d, Square to, const std::vector<Square>& from) {
  double sum = 0;
  for (const Square f : from) sum += capped(d.at(f, to));
  return from.empty() ? 0.0 : sum / static_cast<double>(from.size());
}

int open_neighbours(const Board& board, Square sq) {
  int count = 0;
  for (int digit = 1; digit <= 9; ++digit) count += digit != 5 && !board.is_wall(static_cast<Square>(sq + digit_offset(digit)));
  return count;
}

// CheeSe squares far from the enemy's start squares (the nearest counts most) with few entrances.
std::vector<Square> cheese_squares(const Board& board, const Distances& d, const std::vector<Square>& own,
                                   const std::vector<Square>& enemy, int keep) {
  const bool symmetric = row_symmetric(board);
  std::vector<Scored> scored;
  for (const Square sq : own) {
    if (symmetric && row_of(sq) > board.rows() - 1 - row_of(sq)) continue;  // its mirror image is kept
    scored.push_back({sq, 16.0 * nearest(d, sq, enemy) + mean_distance(d, sq, enemy) - 3.0 * open_neighbours(board, sq)});
  }
  return best(std::move(scored), keep);
}

// Attackers (Mouse, Dog): squares near the squares where the enemy likely keeps its cheeSe.
std::vector<Square> attack_squares(const Distances& d, const std::vector<Square>& own, const std::vector<Square>& targets,
                                   int keep) {
  std::vector<Scored> scored;
  for (const Square sq : own) scored.push_back({sq, -mean_distance(d, sq, targets)});
  return best(std::move(scored), keep);
}

// Guards (Cat): one step from the cheeSe on its way from the enemy half, best when it bars every path.
std::vector<Square> guard_squares(const Distances& d, Square cheese, const std::vector<Square>& own,
                                  const std::vector<Square>& enemy, int keep) {
  Square door = enemy.empty() ? cheese : enemy[0];  // the enemy start square nearest the cheeSe
  for (const Square e : enemy) {
    if (capped(d.at(e, cheese)) < capped(d.at(door, cheese))) door = e;
  }
  const int direct = capped(d.at(door, cheese));
  std::vector<Scored> scored;
  for (const Square sq : own) {
    if (sq == cheese) continue;  // a Cat on the cheeSe does not save it (rank 0 goes first)
    const int detour = capped(d.at(door, sq)) + capped(d.at(sq, cheese)) - direct;
    const bool bars = d.avoiding(door, cheese, &sq, 1) == kUnreachable && direct < kFar;
    scored.push_back({sq, 20.0 * bars - 4.0 * std::abs(capped(d.at(sq, cheese)) - 1) - 2.0 * detour});
  }
  return best(std::move(scored), keep);
}

Placement flipped(const Placement& p, const Board& board) {
  Placement out = p;
  for (int rank = 0; rank < p.count; ++rank) out.cells[rank].row = board.rows() - 1 - p.cells[rank].row;
  return out;
}

Placement make_placement(Variant variant, std::initializer_list<Square> squares) {
  Placement p;
  p.count = rank_count(variant);
  int rank = 0;
  for (const Square sq : squares) {
    if (rank < p.count) p.cells[rank++] = {row_of(sq), col_of(sq)};
  }
  return p;
}

std::size_t pick(const std::vector<double>& strategy, int final_choice, Rng& rng) {
  if (final_choice == 1) return static_cast<std::size_t>(std::max_element(strategy.begin(), strategy.end()) - strategy.begin());
  double x = rng.unit();
  std::size_t last = 0;
  for (std::size_t k = 0; k < strategy.size(); ++k) {
    if (strategy[k] <= 0) continue;
    last = k;
    x -= strategy[k];
    if (x < 0) return k;
  }
  return last;
}

// The indices of the `keep` largest values, in their original order.
std::vector<std::size_t> top_indices(const std::vector<double>& values, int keep) {
  std::vector<std::size_t> order(values.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] > values[b]; });
  order.resize(std::min<std::size_t>(order.size(), static_cast<std::size_t>(keep)));
  std::sort(order.begin(), order.end());
  return order;
}

// The opponent model: with weight `model` the opponent plays its candidate with the best mean payoff
// (what a heuristic bot that scores placements on average picks), otherwise its equilibrium strategy.
// The answer is our candidate with the best payoff against that mixture; ties go to the one our
// equilibrium plays more, then the first.
std::size_t best_response(const PlacementSearch& found, const std::vector<std::vector<double>>& payoff,
                          const std::vector<std::size_t>& rows, const std::vector<std::size_t>& cols, int side,
                          double model) {
  const int them = other(side);
  const std::size_t ours = found.candidates[side].size(), theirs = found.candidates[them].size();
  // payoff for `side` of our k-th against their l-th candidate.
  auto value = [&](std::size_t k, std::size_t l) {
    const double blue = side == kBlue ? payoff[rows[k]][cols[l]] : payoff[rows[l]][cols[k]];
    return side == kBlue ? blue : 1.0 - blue;
  };
  std::size_t likely = 0;
  double likely_mean = -1;
  for (std::size_t l = 0; l < theirs; ++l) {
    double mean = 0;
    for (std::size_t k = 0; k < ours; ++k) mean += (1.0 - value(k, l)) / static_cast<double>(ours);
    if (mean > likely_mean + 1e-12) {
      likely_mean = mean;
      likely = l;
    }
  }
  std::size_t best = 0;
  double best_value = -1;
  for (std::size_t k = 0; k < ours; ++k) {
    double v = model * value(k, likely);
    for (std::size_t l = 0; l < theirs; ++l) v += (1.0 - model) * found.strategy[them][l] * value(k, l);
    if (v > best_value + 1e-9 || (v > best_value - 1e-9 && found.strategy[side][k] > found.strategy[side][best])) {
      best_value = std::max(best_value, v);
      best = k;
    }
  }
  return best;
}

}  // namespace

std::vector<Placement> placement_candidates(const Board& board, Variant variant, int side, const EngineKnobs& knobs) {
  const Board* interned = intern(board);
  const Distances& d = distances(interned);
  const std::vector<Square> own = setup_squares(board, side), enemy = setup_squares(board, other(side));
  const std::vector<Square> cheeses = cheese_squares(board, d, own, enemy, knobs.setup_cheese);
  // Where the enemy likely keeps its cheeSe: the same choice, made for it.
  const std::vector<Square> targets = cheese_squares(board, d, enemy, own, knobs.setup_cheese);
  const bool full = variant == Variant::Full;
  const std::vector<Square> mice = attack_squares(d, own, targets, full ? kMouseSquares : kMouseSquaresAlone);
  std::vector<Placement> out;
  if (!full) {
    for (const Square s : cheeses) {
      for (const Square m : mice) out.push_back(make_placement(variant, {s, m}));
    }
    return out;
  }
  const std::vector<Square> dogs = attack_squares(d, own, targets, kDogSquares);
  for (const Square s : cheeses) {
    const std::vector<Square> cats = guard_squares(d, s, own, enemy, kCatSquares);
    for (const Square m : mice) {
      for (const Square c : cats) {
        for (const Square g : dogs) out.push_back(make_placement(variant, {s, m, c, g}));
      }
    }
  }
  return out;
}

PlacementSearch search_placement(const State& setup, int side, const int* weights, const EngineKnobs& knobs,
                                 const search::MctsKnobs& mcts, Rng& rng, Deadline deadline) {
  const auto start = std::chrono::steady_clock::now();
  const Board& board = *setup.board;
  PlacementSearch out;
  std::vector<Placement> all[2];
  for (int p = 0; p < 2; ++p) all[p] = placement_candidates(board, setup.variant, p, knobs);
  const double scale = std::max(mcts.eval_scale, 1);
  auto value = [&](const Placement& blue, const Placement& red) {
    ++out.nodes;
    return 1.0 / (1.0 + std::exp(-evaluate(place_pieces(setup, blue, red), weights) / scale));
  };
  // On a board symmetric top-bottom each candidate stands for itself and its flipped image, each
  // played half the time (a symmetric game has such an equilibrium): the payoff of two candidates is
  // the mean over the relative flip, and the placement chosen is flipped with probability 1/2.
  const bool symmetric = row_symmetric(board);
  // payoff[i][j]: blue's value when blue places all[0][i] and red all[1][j].
  std::vector<std::vector<double>> payoff(all[0].size(), std::vector<double>(all[1].size()));
  for (std::size_t i = 0; i < all[0].size(); ++i) {
    if (deadline && std::chrono::steady_clock::now() >= *deadline) {
      out.out_of_time = true;
      break;
    }
    for (std::size_t j = 0; j < all[1].size(); ++j) {
      payoff[i][j] = symmetric ? 0.5 * (value(all[0][i], all[1][j]) + value(all[0][i], flipped(all[1][j], board)))
                               : value(all[0][i], all[1][j]);
    }
  }
  if (out.out_of_time || all[0].empty() || all[1].empty()) {
    for (int p = 0; p < 2; ++p) {
      out.candidates[p] = all[p];
      out.strategy[p].assign(all[p].size(), 0.0);
      if (!all[p].empty()) out.strategy[p][0] = 1.0;
    }
    if (!all[side].empty()) out.placement = all[side][0];
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
  }
  // Prune each side to the candidates with the best mean payoff against all of the other's.
  std::vector<double> row_mean(all[0].size(), 0.0), col_mean(all[1].size(), 0.0);
  for (std::size_t i = 0; i < all[0].size(); ++i) {
    for (std::size_t j = 0; j < all[1].size(); ++j) {
      row_mean[i] += payoff[i][j] / static_cast<double>(all[1].size());
      col_mean[j] += (1.0 - payoff[i][j]) / static_cast<double>(all[0].size());
    }
  }
  const std::vector<std::size_t> rows = top_indices(row_mean, knobs.setup_candidates);
  const std::vector<std::size_t> cols = top_indices(col_mean, knobs.setup_candidates);
  for (const std::size_t i : rows) out.candidates[0].push_back(all[0][i]);
  for (const std::size_t j : cols) out.candidates[1].push_back(all[1][j]);

  // Full-information regret matching on the reduced game.
  search::RegretMatching blue(rows.size()), red(cols.size());
  std::vector<double> x, y, blue_values(rows.size()), red_values(cols.size());
  for (int round = 0; round < knobs.setup_rounds; ++round) {
    blue.strategy(x);
    red.strategy(y);
    std::fill(blue_values.begin(), blue_values.end(), 0.0);
    std::fill(red_values.begin(), red_values.end(), 0.0);
    for (std::size_t a = 0; a < rows.size(); ++a) {
      for (std::size_t b = 0; b < cols.size(); ++b) {
        const double v = payoff[rows[a]][cols[b]];
        blue_values[a] += v * y[b];
        red_values[b] += (1.0 - v) * x[a];
      }
    }
    blue.update_full(blue_values, x);
    red.update_full(red_values, y);
  }
  out.strategy[0] = blue.average();
  out.strategy[1] = red.average();
  out.value = 0;
  for (std::size_t a = 0; a < rows.size(); ++a) {
    for (std::size_t b = 0; b < cols.size(); ++b) out.value += out.strategy[0][a] * out.strategy[1][b] * payoff[rows[a]][cols[b]];
  }
  if (knobs.setup_model > 0) {
    out.placement = out.candidates[side][best_response(out, payoff, rows, cols, side, knobs.setup_model / 100.0)];
  } else {
    out.placement = out.candidates[side][pick(out.strategy[side], mcts.final_choice, rng)];
  }
  if (symmetric && rng.below(2) == 1) out.placement = flipped(out.placement, board);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace gamelab::dcms
