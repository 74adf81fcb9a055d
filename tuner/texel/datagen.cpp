#include "tuner/texel/datagen.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <nlohmann/json.hpp>
#include <ostream>

#include "core/error.hpp"
#include "core/progress.hpp"
#include "core/rng.hpp"
#include "eval/distributed/ordered_jobs.hpp"
#include "registry/game_registry.hpp"
#include "tuner/campaign_files.hpp"
#include "tuner/texel/data_file.hpp"

namespace gamelab::tuner {

namespace {

// What a self-play game needs, on any rank.
struct DatagenJob {
  const GameEntry& game;
  DatagenRequest request;  // all but the opening and the seed
  std::vector<std::string> openings;
  std::uint64_t seed = 1;
};

DatagenJob datagen_job(const GameEntry& game, const DatagenSettings& settings, const ParamSet& params) {
  DatagenJob job{game, {}, settings.openings, settings.seed};
  job.request.params = params;
  job.request.limits = settings.limits;
  job.request.random_plies = settings.random_plies;
  job.request.skip_tactical = settings.skip_tactical;
  job.request.limit_games = settings.limit_games;
  job.request.adjudication_tables = settings.adjudication_tables;
  job.request.learned = settings.learned;
  return job;
}

std::string datagen_job_text(const DatagenJob& job, const std::vector<std::uint64_t>& games, int concurrency) {
  const DatagenRequest& r = job.request;
  return nlohmann::json{{"game", job.game.name},
                        {"params", nlohmann::json::parse(r.params.to_json())},
                        {"limits", to_string(r.limits)},
                        {"random_plies", r.random_plies},
                        {"skip_tactical", r.skip_tactical},
                        {"limit_games", static_cast<int>(r.limit_games)},
                        {"adjudication_tables", r.adjudication_tables},
                        {"eval", r.learned.file},
                        {"eval_add", r.learned.add},
                        {"openings", job.openings},
                        {"seed", job.seed},
                        {"games", games},
                        {"concurrency", concurrency}}
      .dump();
}

// Game g of the run, its positions as JSON text ([[position, result, score or null], ...]).
std::string play_datagen_game(const DatagenJob& job, std::uint64_t g) {
  DatagenRequest request = job.request;
  if (!job.openings.empty()) request.opening = job.openings[g % job.openings.size()];
  request.seed = derive_seed(job.seed, g);
  nlohmann::json out = nlohmann::json::array();
  for (const auto& p : job.game.datagen_game(request)) {
    out.push_back({p.position, p.result, p.score ? nlohmann::json(*p.score) : nlohmann::json()});
  }
  return out.dump();
}

std::vector<LabelledPosition> positions_from_text(const std::string& text) {
  std::vector<LabelledPosition> out;
  for (const auto& p : nlohmann::json::parse(text)) {
    LabelledPosition lp;
    lp.position = p[0].get<std::string>();
    lp.result = p[1].get<double>();
    if (!p[2].is_null()) lp.score = p[2].get<int>();
    out.push_back(std::move(lp));
  }
  return out;
}

}  // namespace

void serve_datagen(const std::string& text) {
  const auto j = nlohmann::json::parse(text);
  const GameEntry& game = find_game(j.at("game").get<std::string>());
  DatagenSettings settings;
  settings.limits = parse_limits(j.at("limits").get<std::string>(), "datagen job");
  settings.random_plies = j.at("random_plies").get<int>();
  settings.skip_tactical = j.at("skip_tactical").get<bool>();
  settings.limit_games = static_cast<LimitGames>(j.at("limit_games").get<int>());
  settings.adjudication_tables = j.at("adjudication_tables").get<std::string>();
  settings.learned.file = j.at("eval").get<std::string>();
  settings.learned.add = j.at("eval_add").get<bool>();
  settings.openings = j.at("openings").get<std::vector<std::string>>();
  settings.seed = j.at("seed").get<std::uint64_t>();
  const ParamSet params = ParamSet::from_json(j.at("params").dump(), game.default_params(), "datagen job");
  const DatagenJob job = datagen_job(game, settings, params);
  dist::run_ordered(dist::ProcessGroup::world(), j.at("games").get<std::vector<std::uint64_t>>(), j.at("concurrency").get<int>(),
                    [&job](std::uint64_t g) { return play_datagen_game(job, g); }, nullptr);
}

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
  std::vector<std::pair<std::string, std::string>> header = {{"games", std::to_string(settings.games)}, {"seed", std::to_string(settings.seed)},
                     {"limit", to_string(settings.limits)}, {"random_plies", std::to_string(settings.random_plies)},
                     {"skip_tactical", settings.skip_tactical ? "1" : "0"},
                     {"limit_games", settings.limit_games == LimitGames::Drop       ? "drop"
                                     : settings.limit_games == LimitGames::Material ? "material"
                                                                                    : "draw"},
                     {"params", params.fingerprint_hex()},
                     {"adjudication_tables", settings.adjudication_tables.empty() ? "none" : settings.adjudication_tables}};
  // A learned evaluation is named only when one plays: the files of hand-made engines stay as they were.
  if (!settings.learned.empty()) {
    if (settings.learned.file.find_first_of(" \t\n") != std::string::npos) {
      throw InputError("--eval '" + settings.learned.file + "': a file name without blanks, please (it goes into the data file's header)");
    }
    header.push_back({"eval", settings.learned.file + (settings.learned.add ? "" : "+replace")});
  }
  DataWriter writer(settings.out, game.name, header, settings.resume);
  ProgressOptions bar;
  bar.task = "datagen " + game.name;
  bar.unit = "games";
  bar.total = static_cast<std::uint64_t>(settings.games);
  bar.start = std::min<std::uint64_t>(writer.resume_from(), bar.total);
  bar.line_interval_s = settings.progress_interval_s;
  Progress progress_bar(progress, bar);
  DatagenSummary summary;
  summary.games = bar.start;
  // The games go over the ranks and threads; rank 0 writes them in game order (ordered_jobs.hpp).
  const DatagenJob job = datagen_job(game, settings, params);
  std::vector<std::uint64_t> items;
  for (std::uint64_t g = summary.games; g < static_cast<std::uint64_t>(settings.games); ++g) items.push_back(g);
  const dist::ProcessGroup& group = dist::ProcessGroup::world();
  dist::send_job(group, {"datagen", datagen_job_text(job, items, settings.concurrency)});
  dist::run_ordered(group, items, settings.concurrency, [&job](std::uint64_t g) { return play_datagen_game(job, g); },
                    [&](std::uint64_t g, std::string&& text) {
                      writer.add_game(g, positions_from_text(text));
                      ++summary.games;
                      const std::string detail = "positions " + std::to_string(writer.positions());
                      if (summary.games == static_cast<std::uint64_t>(settings.games)) progress_bar.finish(summary.games, detail);
                      else progress_bar.update(summary.games, detail);
                      return true;
                    });
  writer.finish();
  summary.positions = writer.positions();
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return summary;
}

}  // namespace gamelab::tuner
