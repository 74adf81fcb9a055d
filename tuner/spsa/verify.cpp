#include "tuner/spsa/verify.hpp"

#include <cctype>
#include <filesystem>
#include <ostream>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "eval/stats/elo.hpp"
#include "tuner/campaign_files.hpp"

namespace gamelab::tuner {

std::string verify_file_stem(const SpsaSettings& settings, const std::string& limits) {
  if (limits == settings.verification_limits()) return "verify";
  std::string stem = "verify-";
  for (const char c : limits) stem += std::isalnum(static_cast<unsigned char>(c)) ? c : '-';
  return stem;
}

VerifyReport verify_campaign(const SpsaCampaign& campaign, const VerifyOptions& options, std::ostream& progress) {
  const SpsaSettings& s = campaign.settings();
  if (campaign.dir().empty()) throw std::logic_error("verify_campaign needs the campaign's folder");
  const std::string limits_text = options.limits.empty() ? s.verification_limits() : options.limits;
  const SearchLimits limits = campaign_limits(limits_text, options.limits.empty() ? campaign.dir() + "/config.json: limits" : "--limit");
  if (s.external() && !limits.nodes) {
    progress << "verify: the bot plays on its own clock (no node budget): the games, and so the verdict, vary from run to run\n";
  } else if (!limits.reproducible()) {
    // The campaign's own verification stays reproducible; a timed limit is asked for by name (--limit
    // movetime=MS, the bot's real time per move on this machine) and measures, game by game, what the
    // clock gives.
    if (options.limits.empty()) throw InputError(campaign.dir() + "/config.json: limits: verification needs nodes=N or depth=D");
    progress << "verify: --limit " << options.limits << " is timed: the games, and so the verdict, vary from run to run\n";
  }
  std::string stem = verify_file_stem(s, limits.any() ? to_string(limits) : limits_text);
  if (!options.suite.empty()) stem += "-" + std::filesystem::path(options.suite).stem().string();
  const ParamSet tuned = options.best ? campaign.best() : campaign.current();
  VerifyReport report;
  eval::MatchConfig& config = report.config;
  config.game = s.game;
  const std::string limits_shown = limits.any() ? to_string(limits) : limits_text;
  config.engines = {s.engine("tuned", tuned, limits_shown), s.engine("base", s.base, limits_shown)};
  config.games = options.games > 0 ? options.games : s.verify_games > 0 ? s.verify_games : 1000;
  config.concurrency = options.concurrency > 0 ? options.concurrency : s.concurrency;
  config.seed = derive_seed(s.seed, 0x5350534105ULL);
  if (options.suite.empty()) config.openings = campaign_file(campaign.dir(), "openings.json");
  else config.suite = options.suite;  // every band of the tournament's range, results per band
  config.sprt = options.sprt ? options.sprt : s.verify_sprt ? s.verify_sprt : eval::SprtConfig{0, 10, 0.05, 0.05};
  config.records = campaign_file(campaign.dir(), stem + ".jsonl");
  const std::string verdict_path = campaign_file(campaign.dir(), stem + ".json");
  // Resume a match of the same two engines; start afresh when the tuned parameters changed since.
  if (std::filesystem::exists(config.records) && std::filesystem::file_size(config.records) > 0) {
    const eval::RecordsFile old = eval::read_records(config.records);
    const bool same = !old.records.empty() && old.records[0].engines[0].params_hash == config.engines[0].params_hash &&
                      old.records[0].engines[1].params_hash == config.engines[1].params_hash &&
                      old.records[0].seed == derive_seed(config.seed, old.records[0].pair);
    if (same) {
      config.resume = true;
    } else {
      progress << "verify: the tuned parameters changed since " << config.records << " was played; starting a new match\n";
      std::filesystem::remove(config.records);
      std::filesystem::remove(verdict_path);
    }
  }
  progress << "verify: " << (options.best ? "best.json" : "current.json") << " (tuned) against the base parameters, "
           << config.games << " games at " << limits_shown << " (tuned at " << s.limits << "), SPRT elo0=" << config.sprt->elo0
           << " elo1=" << config.sprt->elo1 << "\n";
  report.summary = eval::run_match(config, progress);

  const eval::MatchSummary& m = report.summary;
  const eval::EloEstimate elo = eval::estimate_elo(m.penta);
  nlohmann::ordered_json& v = report.verdict;
  v["candidate"] = options.best ? "best.json" : "current.json";
  v["iterations_done"] = campaign.done();
  v["limits"] = limits_shown;
  v["tuning_limits"] = s.limits;
  v["games"] = m.wdl.games();
  v["wdl"] = {m.wdl.wins, m.wdl.draws, m.wdl.losses};
  v["penta"] = m.penta.cells;
  v["score"] = elo.score;
  v["elo"] = elo.elo;
  v["elo_lower"] = elo.elo_lower;
  v["elo_upper"] = elo.elo_upper;
  v["los"] = elo.los;
  v["sprt"] = {{"elo0", config.sprt->elo0}, {"elo1", config.sprt->elo1}, {"alpha", config.sprt->alpha},
               {"beta", config.sprt->beta}, {"model", std::string(eval::to_string(config.sprt->model))}};
  v["llr"] = m.llr ? nlohmann::ordered_json(*m.llr) : nlohmann::ordered_json(nullptr);
  v["verdict"] = m.verdict ? std::string(eval::to_string(*m.verdict)) : "no SPRT";
  if (!config.suite.empty()) {
    v["suite"] = config.suite;
    v["bands"] = eval::band_results_json(m.bands);
  }
  v["tuned_hash"] = config.engines[0].params_hash;
  v["base_hash"] = config.engines[1].params_hash;
  v["records"] = stem + ".jsonl";
  write_file_atomic(verdict_path, v.dump(2) + "\n");
  return report;
}

}  // namespace gamelab::tuner
