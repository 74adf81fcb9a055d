#include "tuner/texel/datagen.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <mutex>
#include <ostream>

#include "core/error.hpp"
#include "core/progress.hpp"
#include "core/rng.hpp"
#include "registry/game_registry.hpp"
#include "tuner/campaign_files.hpp"
#include "tuner/texel/data_file.hpp"

namespace gamelab::tuner {

DatagenSummary run_datagen(const DatagenSettings& settings, std::ostream& progress) {
  const auto start = std::chrono::steady_clock::now();
  const GameEntry& game = find_game(settings.game);
  if (!game.datagen_game) throw InputError("game " + game.name + " has no self-play data generator yet");
  if (settings.games < 1) throw InputError("--games must be at least 1");
  if (settings.concurrency < 1) throw InputError("--concurrency must be at least 1");
  if (!settings.limits.reproducible()) {
    throw InputError("datagen needs node or depth limits (reproducible), not " + to_string(settings.limits));
  }
  if (settings.out.empty()) throw InputError("datagen needs --out FILE");
  if (!settings.adjudication_tables.empty() && !game.tablebase) {
    throw InputError("--adjudicate-tables: " + game.name + " has no endgame tables");
  }
  if (settings.adjudication_tables.find_first_of(" \t\n") != std::string::npos) {
    throw InputError("--adjudicate-tables '" + settings.adjudication_tables + "': a folder name without blanks, please (it goes into the data file's header)");
  }
  const ParamSet params = settings.params.size() ? settings.params : game.default_params();
  DataWriter writer(settings.out, game.name,
                    {{"games", std::to_string(settings.games)}, {"seed", std::to_string(settings.seed)},
                     {"limit", to_string(settings.limits)}, {"random_plies", std::to_string(settings.random_plies)},
                     {"skip_tactical", settings.skip_tactical ? "1" : "0"},
                     {"limit_games", settings.limit_games == LimitGames::Drop       ? "drop"
                                     : settings.limit_games == LimitGames::Material ? "material"
                                                                                    : "draw"},
                     {"params", params.fingerprint_hex()},
                     {"adjudication_tables", settings.adjudication_tables.empty() ? "none" : settings.adjudication_tables}});
  // Games are played in chunks, each chunk in parallel, then written in game order.
  const int chunk = std::max(16, 8 * settings.concurrency);
  ProgressOptions bar;
  bar.task = "datagen " + game.name;
  bar.unit = "games";
  bar.total = static_cast<std::uint64_t>(settings.games);
  bar.line_interval_s = settings.progress_interval_s;
  Progress progress_bar(progress, bar);
  DatagenSummary summary;
  for (int first = 0; first < settings.games; first += chunk) {
    const int count = std::min(chunk, settings.games - first);
    std::vector<std::vector<LabelledPosition>> played(static_cast<std::size_t>(count));
    std::exception_ptr failure;
    std::mutex lock;
#pragma omp parallel for schedule(dynamic, 1) num_threads(settings.concurrency)
    for (int i = 0; i < count; ++i) {
      try {
        const std::uint64_t g = static_cast<std::uint64_t>(first + i);
        DatagenRequest request;
        if (!settings.openings.empty()) request.opening = settings.openings[g % settings.openings.size()];
        request.seed = derive_seed(settings.seed, g);
        request.params = params;
        request.limits = settings.limits;
        request.random_plies = settings.random_plies;
        request.skip_tactical = settings.skip_tactical;
        request.limit_games = settings.limit_games;
        request.adjudication_tables = settings.adjudication_tables;
        played[static_cast<std::size_t>(i)] = game.datagen_game(request);
      } catch (...) {
        std::lock_guard<std::mutex> guard(lock);
        if (!failure) failure = std::current_exception();
      }
    }
    if (failure) std::rethrow_exception(failure);
    for (int i = 0; i < count; ++i) writer.add_game(static_cast<std::uint64_t>(first + i), played[static_cast<std::size_t>(i)]);
    summary.games += static_cast<std::uint64_t>(count);
    const std::string detail = "positions " + std::to_string(writer.positions());
    if (first + count == settings.games) progress_bar.finish(summary.games, detail);
    else progress_bar.update(summary.games, detail);
  }
  writer.finish();
  summary.positions = writer.positions();
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return summary;
}

}  // namespace gamelab::tuner
