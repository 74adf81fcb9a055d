#pragma once
// Maximum-likelihood ratings of many engines under BayesElo's draw-elo model.
//
// For a game between engine i in the first seat (the seat that moves first) and engine j in the
// second seat, with f(x) = 1 / (1 + 10^(-x / 400)) and Delta = r_i - r_j + advantage:
//   P(first seat wins) = f(Delta - draw_elo)
//   P(first seat loses) = f(-Delta - draw_elo)
//   P(draw) = 1 - P(win) - P(loss)
// (Coulom's BayesElo; the same as an ordered logit with thresholds -+draw_elo.) The ratings, the
// first seat's advantage and draw_elo are all fitted by maximum likelihood, as BayesElo's "mm 1 1"
// does, but without its prior unless `prior_draws` > 0. Ratings are on this model's scale: a difference
// D means P(win) / (1 - P(win)) = 10^((D - draw_elo) / 400) at equal seats; with draws this is wider
// than the logistic Elo of the expected score: near 0, 9/8 times as wide at a 1/3 draw rate and 4/3
// times at 1/2 (BayesElo's scale).
//
// The log-likelihood is concave in (ratings, advantage, draw_elo) (Pratt 1981 for ordered logit), so a
// damped Newton iteration finds the maximum. The maximum is finite only if every group of engines
// scored at least a draw against the rest and conceded one to it; otherwise fit_draw_elo_model throws
// an InputError naming the engines (virtual draws, `prior_draws`, are the usual remedy).
#include <array>
#include <string>
#include <vector>

namespace gamelab::eval {

// One game for the fit: engine indices and the first seat's score (0, 0.5 or 1).
struct RatedGame {
  int first = 0;
  int second = 0;
  double score = 0.5;
};

// Win, draw and loss probabilities of the first seat.
std::array<double, 3> draw_elo_probabilities(double rating_difference, double advantage, double draw_elo);

struct DrawEloFit {
  std::vector<double> ratings;  // by engine index; the anchor holds anchor_rating
  double advantage = 0;         // Elo added to the first seat
  double draw_elo = 0;          // 0 when there is no draw; +infinity when every game is a draw
  double log_likelihood = 0;
  int iterations = 0;
};

// `names` label the engines (for messages); games index into it. `prior_draws` virtual draws are
// added between every two engines that met, half with each in the first seat.
DrawEloFit fit_draw_elo_model(const std::vector<std::string>& names, const std::vector<RatedGame>& games, int anchor,
                              double anchor_rating, double prior_draws = 0);

}  // namespace gamelab::eval
