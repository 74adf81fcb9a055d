#include "eval/ratings/rating_list.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"

namespace gamelab::eval {

int GameTable::index_of(const std::string& name) const {
  const auto it = std::find(names.begin(), names.end(), name);
  return it == names.end() ? -1 : static_cast<int>(it - names.begin());
}

int GameTable::add_engine(const std::string& name, const std::string& params_hash) {
  const int index = index_of(name);
  if (index >= 0) return index;
  names.push_back(name);
  params.push_back(params_hash);
  return static_cast<int>(names.size()) - 1;
}

GameTable game_table(const std::vector<RecordsFile>& files) {
  GameTable table;
  std::map<std::string, std::string> first_seen;  // engine -> "file:line" where its params_hash was first read
  for (const auto& file : files) {
    for (std::size_t r = 0; r < file.records.size(); ++r) {
      const PairRecord& record = file.records[r];
      const std::string where = file.path + ":" + std::to_string(file.record_lines[r]);
      for (const auto& engine : record.engines) {
        const int index = table.index_of(engine.name);
        if (index < 0) {
          table.add_engine(engine.name, engine.params_hash);
          first_seen[engine.name] = where;
        } else if (table.params[index] != engine.params_hash) {
          throw InputError(where + ": engine \"" + engine.name + "\" has params_hash " + engine.params_hash +
                           " but " + table.params[index] + " at " + first_seen[engine.name] +
                           ": two different engines share a name");
        }
      }
      if (!scored(record)) continue;  // a referee's fault: recorded, never scored
      for (const auto& game : record.games) {
        table.games.push_back({table.index_of(game.seats[0]), table.index_of(game.seats[1]), game.score});
      }
    }
  }
  return table;
}

double quantile(std::vector<double> values, double q) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const double h = (static_cast<double>(values.size()) - 1) * q;
  const auto low = static_cast<std::size_t>(std::floor(h));
  const std::size_t high = std::min(low + 1, values.size() - 1);
  return values[low] + (h - static_cast<double>(low)) * (values[high] - values[low]);
}

RatingList rate_engines(const GameTable& table, const RatingOptions& options) {
  if (table.games.empty()) throw InputError("no games to rate");
  int anchor = 0;
  if (options.anchor) {
    anchor = table.index_of(*options.anchor);
    if (anchor < 0) throw InputError("--anchor " + *options.anchor + ": no such engine in the records");
  }
  if (options.bootstrap < 0) throw InputError("--bootstrap must be 0 or more");
  if (!std::isfinite(options.anchor_rating)) throw InputError("--anchor-rating must be a finite number");
  const DrawEloFit fit =
      fit_draw_elo_model(table.names, table.games, anchor, options.anchor_rating, options.prior_draws);

  RatingList list;
  list.anchor = table.names[anchor];
  list.anchor_rating = options.anchor_rating;
  list.advantage = fit.advantage;
  list.draw_elo = fit.draw_elo;
  list.seed = options.seed;
  list.prior_draws = options.prior_draws;
  list.log_likelihood = fit.log_likelihood;

  // Parametric bootstrap: replay every game from the fitted model, refit.
  const int n = static_cast<int>(table.names.size());
  std::vector<std::vector<double>> samples(n);
  std::vector<double> advantage_samples, draw_samples;
  std::vector<std::array<double, 3>> probabilities;  // win, draw, loss of the first seat, per game
  for (const auto& g : table.games) {
    probabilities.push_back(std::isinf(fit.draw_elo) ? std::array<double, 3>{0, 1, 0}
                                                     : draw_elo_probabilities(fit.ratings[g.first] - fit.ratings[g.second],
                                                                              fit.advantage, fit.draw_elo));
  }
  std::vector<RatedGame> replay = table.games;
  for (int b = 0; b < options.bootstrap; ++b) {
    Rng rng(derive_seed(options.seed, static_cast<std::uint64_t>(b)));
    for (std::size_t k = 0; k < replay.size(); ++k) {
      const double u = rng.unit();
      const auto& p = probabilities[k];
      replay[k].score = u < p[0] ? 1.0 : u < p[0] + p[1] ? 0.5 : 0.0;
    }
    try {
      const DrawEloFit refit = fit_draw_elo_model(table.names, replay, anchor, options.anchor_rating, options.prior_draws);
      for (int e = 0; e < n; ++e) samples[e].push_back(refit.ratings[e]);
      advantage_samples.push_back(refit.advantage);
      if (std::isfinite(refit.draw_elo)) draw_samples.push_back(refit.draw_elo);
      ++list.replicates;
    } catch (const InputError&) {
      ++list.failed_replicates;
    }
  }
  if (list.replicates > 0) {
    list.advantage_error = (quantile(advantage_samples, 0.975) - quantile(advantage_samples, 0.025)) / 2;
    if (!draw_samples.empty()) list.draw_elo_error = (quantile(draw_samples, 0.975) - quantile(draw_samples, 0.025)) / 2;
  }

  for (int e = 0; e < n; ++e) {
    EngineRating r;
    r.name = table.names[e];
    r.rating = fit.ratings[e];
    r.lower = r.upper = r.rating;
    if (list.replicates > 0 && e != anchor) {
      r.lower = quantile(samples[e], 0.025);
      r.upper = quantile(samples[e], 0.975);
      r.error = (r.upper - r.lower) / 2;
    }
    list.engines.push_back(r);
  }
  for (const auto& g : table.games) {
    for (int seat = 0; seat < 2; ++seat) {
      EngineRating& r = list.engines[seat == 0 ? g.first : g.second];
      const double score = seat == 0 ? g.score : 1 - g.score;
      ++r.games;
      r.points += score;
      (score == 1 ? r.wins : score == 0 ? r.losses : r.draws) += 1;
    }
  }
  std::stable_sort(list.engines.begin(), list.engines.end(), [](const EngineRating& a, const EngineRating& b) {
    return a.rating != b.rating ? a.rating > b.rating : a.name < b.name;
  });
  return list;
}

}  // namespace gamelab::eval
