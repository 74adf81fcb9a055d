#pragma once
// Rating lists: every engine of a set of match records rated at once (draw-elo model, see
// draw_elo_model.hpp), with error bars from a parametric bootstrap, anchored on one engine.
//
// Error bars: the fitted model replays every game of the records `bootstrap` times (same engines,
// same seats; outcomes drawn from the fitted probabilities with gamelab::Rng seeded by
// derive_seed(seed, replicate)), the model is refitted on each replay, and each engine's 95% interval
// is the 2.5% and 97.5% quantile of its refitted ratings (the anchor's rating is fixed, so its error is
// 0 and the others' errors are relative to it). Replays without a finite maximum (possible with very
// few games) are counted and left out; the command warns when there are any.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "eval/ratings/draw_elo_model.hpp"
#include "eval/records.hpp"

namespace gamelab::eval {

struct GameTable {
  std::vector<std::string> names;      // in order of first appearance
  std::vector<std::string> params;     // params_hash of each engine
  std::vector<RatedGame> games;

  int index_of(const std::string& name) const;  // -1 if unknown
  int add_engine(const std::string& name, const std::string& params_hash);
};

// Every game of every record. The same name with two different params_hash values is an InputError
// naming both places (two different engines must not be merged under one name).
GameTable game_table(const std::vector<RecordsFile>& files);

struct RatingOptions {
  std::optional<std::string> anchor;  // default: the first engine of the table
  double anchor_rating = 0;
  int bootstrap = 200;                // replays for the error bars; 0: none
  std::uint64_t seed = 1;
  double prior_draws = 0;             // virtual draws between engines that met (0: pure maximum likelihood)
};

struct EngineRating {
  std::string name;
  double rating = 0;
  double lower = 0, upper = 0;  // 95% bootstrap interval (equal to rating without bootstrap)
  double error = 0;             // (upper - lower) / 2
  std::uint64_t games = 0, wins = 0, draws = 0, losses = 0;
  double points = 0;
};

struct RatingList {
  std::vector<EngineRating> engines;  // best first (ties by name)
  std::string anchor;
  double anchor_rating = 0;
  double advantage = 0, advantage_error = 0;  // the first seat's advantage, Elo
  double draw_elo = 0, draw_elo_error = 0;
  int replicates = 0;         // bootstrap replays fitted
  int failed_replicates = 0;  // replays without a finite maximum, left out
  std::uint64_t seed = 0;
  double prior_draws = 0;
  double log_likelihood = 0;
};

RatingList rate_engines(const GameTable& table, const RatingOptions& options);

// The q-quantile (0 <= q <= 1) of `values` with linear interpolation between order statistics.
double quantile(std::vector<double> values, double q);

}  // namespace gamelab::eval
