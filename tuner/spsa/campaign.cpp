#include "tuner/spsa/campaign.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <ostream>
#include <sstream>

#include "core/error.hpp"
#include "core/progress.hpp"
#include "core/rng.hpp"
#include "core/text_file.hpp"
#include "registry/game_registry.hpp"
#include "tuner/campaign_files.hpp"

namespace gamelab::tuner {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

constexpr int kSpsaFormat = 1;

// The base set must still be the game's parameter set (same names in the same order): a campaign
// made before the engine changed its parameters cannot go on with the new engine.
void check_against_registry(const ParamSet& base, const std::string& source) {
  for (const auto& game : game_registry()) {
    if (game.name != base.game() || !game.default_params) continue;
    const ParamSet defaults = game.default_params();
    bool same = defaults.size() == base.size();
    for (std::size_t i = 0; same && i < base.size(); ++i) same = defaults.at(i).name == base.at(i).name;
    if (!same) {
      throw InputError(source + ": the campaign's parameters are not " + base.game() +
                       "'s current parameter set (the engine changed since the campaign began)");
    }
  }
}

}  // namespace

std::vector<std::string> listed_parameter_names(const std::string& path) {
  const std::string text = read_text_file(path);
  std::vector<std::string> names;
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && text[first] == '{') {
    try {
      const json data = json::parse(text);
      for (const auto& item : data.at("params")) names.push_back(item.at("name").get<std::string>());
    } catch (const json::exception& e) {
      throw InputError(path + ": not a parameter file (" + e.what() + ")");
    }
    return names;
  }
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const auto start = line.find_first_not_of(" \t\r");
    if (start == std::string::npos || line[start] == '#') continue;
    const auto comma = line.find(',', start);
    std::string name = line.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.pop_back();
    names.push_back(name);
  }
  return names;
}

ordered_json SpsaSettings::to_json() const {
  ordered_json j;
  j["kind"] = "spsa";
  j["format"] = kSpsaFormat;
  j["game"] = game;
  j["seed"] = seed;
  j["iterations"] = schedule.iterations;
  j["pairs_per_iteration"] = pairs_per_iteration;
  j["limits"] = limits;
  j["concurrency"] = concurrency;
  j["schedule"] = {{"alpha", schedule.alpha}, {"gamma", schedule.gamma}, {"A", schedule.big_a}};
  j["tuned"] = tuned;
  j["params_file"] = params_source;
  j["openings_from"] = openings_source;
  j["verify"] = {{"games", verify_games},
                 {"sprt", verify_sprt ? sprt_json(*verify_sprt) : ordered_json(nullptr)},
                 {"limits", verification_limits()}};
  if (external()) j["bot"] = {{"command", bot_command}, {"protocol", bot_protocol}, {"timelimit", bot_time_limit_s}};
  if (!learned.empty()) j["eval"] = {{"file", learned.file}, {"add", learned.add}};  // only then: older campaigns stay as they were
  j["base"] = ordered_json::parse(base.to_json());
  return j;
}

SearchLimits campaign_limits(const std::string& text, const std::string& what) {
  return text == "clock" ? SearchLimits{} : parse_limits(text, what);
}

eval::EngineArg SpsaSettings::engine(const std::string& name, const ParamSet& params, const std::string& limits) const {
  const SearchLimits parsed = campaign_limits(limits, "campaign limits");
  if (!external()) {
    eval::EngineArg arg = eval::lab_engine(name, params, parsed);
    if (!learned.empty()) {
      arg.player.learned = learned;
      arg.params_hash += "+eval";
    }
    return arg;
  }
  PlayerSpec bot;
  bot.command = bot_command;
  bot.protocol = bot_protocol;
  bot.time_limit_s = bot_time_limit_s;
  return eval::external_engine(name, bot, params, parsed);
}

SpsaSettings SpsaSettings::from_json(const json& j, const std::string& source) {
  SpsaSettings s;
  try {
    if (j.at("kind").get<std::string>() != "spsa") throw InputError(source + ": not an SPSA campaign");
    if (j.at("format").get<int>() != kSpsaFormat) {
      throw InputError(source + ": campaign format " + j.at("format").dump() + ", this gamelab reads " +
                       std::to_string(kSpsaFormat));
    }
    s.game = j.at("game").get<std::string>();
    s.seed = j.at("seed").get<std::uint64_t>();
    s.schedule.iterations = j.at("iterations").get<int>();
    s.pairs_per_iteration = j.at("pairs_per_iteration").get<int>();
    s.limits = j.at("limits").get<std::string>();
    s.concurrency = j.at("concurrency").get<int>();
    s.schedule.alpha = j.at("schedule").at("alpha").get<double>();
    s.schedule.gamma = j.at("schedule").at("gamma").get<double>();
    s.schedule.big_a = j.at("schedule").at("A").get<double>();
    s.tuned = j.at("tuned").get<std::vector<std::string>>();
    s.params_source = j.at("params_file").get<std::string>();
    s.openings_source = j.at("openings_from").get<std::string>();
    s.verify_games = j.at("verify").at("games").get<int>();
    if (!j.at("verify").at("sprt").is_null()) s.verify_sprt = sprt_from_json(j.at("verify").at("sprt"));
    // Campaigns made before two-stage verification have no "limits" there: they verify at the tuning limits.
    if (j.at("verify").contains("limits")) s.verify_limits = j.at("verify").at("limits").get<std::string>();
    if (j.contains("bot")) {
      s.bot_command = j.at("bot").at("command").get<std::string>();
      s.bot_protocol = j.at("bot").at("protocol").get<std::string>();
      s.bot_time_limit_s = j.at("bot").at("timelimit").get<double>();
    }
    if (j.contains("eval")) {
      s.learned.file = j.at("eval").at("file").get<std::string>();
      s.learned.add = j.at("eval").at("add").get<bool>();
    }
    s.base = params_from_json(j.at("base"), source + ": base");
  } catch (const json::exception& e) {
    throw InputError(source + ": not an SPSA campaign configuration (" + e.what() + ")");
  }
  if (s.schedule.iterations < 1 || s.pairs_per_iteration < 1 || s.concurrency < 1) {
    throw InputError(source + ": iterations, pairs_per_iteration and concurrency must be at least 1");
  }
  if (s.base.game() != s.game) throw InputError(source + ": base parameters are for " + s.base.game());
  for (const std::string* text : {&s.limits, &s.verify_limits}) {
    if (s.external() && (*text == "clock" || (!text->empty() && campaign_limits(*text, source + ": limits").nodes))) continue;
    if (!text->empty() && !parse_limits(*text, source + ": limits").reproducible()) {
      throw InputError(source + ": limits '" + *text + "' must be nodes=N or depth=D (reproducible)");
    }
  }
  return s;
}

SpsaCampaign::SpsaCampaign(std::string dir, SpsaSettings settings, Positions positions)
    : dir_(std::move(dir)), settings_(std::move(settings)), positions_(std::move(positions)),
      spsa_(settings_.base, settings_.tuned, settings_.schedule, settings_.seed) {
  if (positions_.empty()) throw InputError("an SPSA campaign needs at least one position to play from");
  history_.push_back(spsa_.start());
}

std::uint64_t SpsaCampaign::pair_seed() const { return derive_seed(settings_.seed, 0x5350534103ULL); }

void SpsaCampaign::create(const std::string& dir, const SpsaSettings& settings, const Positions& positions) {
  const std::string config = campaign_file(dir, "config.json");
  if (std::filesystem::exists(config)) {
    throw InputError(dir + " already holds a campaign; continue it with: gamelab tune resume " + dir);
  }
  SpsaCampaign check(dir, settings, positions);  // validates settings before anything is written
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) throw InputError(dir + ": cannot create the campaign folder (" + error.message() + ")");
  ordered_json suite;
  suite["game"] = settings.game;
  suite["made_by"] = "gamelab tune spsa: " + settings.openings_source + ", in the campaign's seeded order";
  suite["positions"] = ordered_json::array();
  for (const auto& p : positions) suite["positions"].push_back(p.first);
  write_file_atomic(campaign_file(dir, "openings.json"), suite.dump(1) + "\n");
  write_file_atomic(config, settings.to_json().dump(2) + "\n");
}

SpsaCampaign SpsaCampaign::load(const std::string& dir, std::ostream& notes) {
  const std::string config_path = campaign_file(dir, "config.json");
  if (!std::filesystem::exists(config_path)) throw InputError(dir + ": no campaign here (no config.json)");
  SpsaSettings settings = SpsaSettings::from_json(read_json_file(config_path), config_path);
  if (!settings.external()) check_against_registry(settings.base, config_path);  // a bot declares its own
  const std::string openings_path = campaign_file(dir, "openings.json");
  Positions positions;
  try {
    const json suite = read_json_file(openings_path);
    int k = 0;
    for (const auto& p : suite.at("positions")) {
      positions.push_back({p.get<std::string>(), openings_path + ": positions[" + std::to_string(k++) + "]"});
    }
  } catch (const json::exception& e) {
    throw InputError(openings_path + ": not an opening suite (" + e.what() + ")");
  }
  SpsaCampaign campaign(dir, std::move(settings), std::move(positions));
  const Journal journal = read_journal(campaign_file(dir, "journal.jsonl"));
  if (journal.truncated_line) notes << truncation_note(journal) << "\n";
  for (std::size_t i = 0; i < journal.lines.size(); ++i) {
    campaign.apply_journal_line(journal.lines[i], located(journal.path, journal.line_numbers[i], 0, ""));
  }
  repair_journal(journal);
  return campaign;
}

void SpsaCampaign::apply_journal_line(const json& line, const std::string& where) {
  const int k = done() + 1;
  const auto& params = spsa_.params();
  try {
    if (line.at("iteration").get<int>() != k) {
      throw InputError(where + "iteration " + line.at("iteration").dump() + " where " + std::to_string(k) +
                       " was expected (lines must count 1, 2, 3, ...)");
    }
    if (k > iterations()) throw InputError(where + "iteration " + std::to_string(k) + " beyond the campaign's " +
                                           std::to_string(iterations()));
    const auto& theta_json = line.at("theta");
    const auto flip = line.at("flip").get<std::vector<int>>();
    if (flip.size() != params.size() || theta_json.size() != params.size()) {
      throw InputError(where + "expected " + std::to_string(params.size()) + " tuned parameters");
    }
    const auto wdl = line.at("wdl").get<std::vector<std::uint64_t>>();
    if (wdl.size() != 3 || wdl[0] + wdl[1] + wdl[2] != 2ULL * settings_.pairs_per_iteration) {
      throw InputError(where + "\"wdl\" must count the iteration's " + std::to_string(2 * settings_.pairs_per_iteration) +
                       " games");
    }
    std::vector<double> theta;
    for (const auto& p : params) {
      const double v = theta_json.at(p.name).get<double>();
      if (!(v >= p.min && v <= p.max)) throw InputError(where + "theta of " + p.name + " is out of its bounds");
      theta.push_back(v);
    }
    history_.push_back(std::move(theta));
  } catch (const json::exception& e) {
    throw InputError(where + "malformed journal line (" + e.what() + ")");
  }
}

ParamSet SpsaCampaign::best() const {
  const int k = done();
  if (k == 0) return current();
  const int count = (k + 1) / 2;
  std::vector<double> mean(theta().size(), 0.0);
  for (int i = k - count + 1; i <= k; ++i) {
    for (std::size_t j = 0; j < mean.size(); ++j) mean[j] += history_[i][j];
  }
  for (auto& m : mean) m /= count;
  return spsa_.rounded(mean);
}

void SpsaCampaign::write_parameter_files() const {
  if (dir_.empty()) return;
  current().save_file(campaign_file(dir_, "current.json"));
  best().save_file(campaign_file(dir_, "best.json"));
}

std::string SpsaCampaign::serialize() const {
  ordered_json j;
  j["config"] = settings_.to_json();
  j["positions"] = ordered_json::array();
  for (const auto& p : positions_) j["positions"].push_back({p.first, p.second});
  j["done"] = done();
  j["theta"] = theta();
  return j.dump();
}

SpsaCampaign SpsaCampaign::deserialize(const std::string& text) {
  const json j = json::parse(text);
  Positions positions;
  for (const auto& p : j.at("positions")) positions.push_back({p.at(0).get<std::string>(), p.at(1).get<std::string>()});
  SpsaCampaign campaign("", SpsaSettings::from_json(j.at("config"), "campaign from rank 0"), std::move(positions));
  // Ranks other than 0 only need the current point: pad the history so done() agrees.
  const auto theta = j.at("theta").get<std::vector<double>>();
  const int done = j.at("done").get<int>();
  campaign.history_.assign(static_cast<std::size_t>(done) + 1, theta);
  return campaign;
}

void SpsaCampaign::run(const PairPlayer& player, const ProcessGroup& group, std::ostream* progress,
                       const SpsaRunOptions& options) {
  const int first = done() + 1;
  const int last = options.max_iterations < 0 ? iterations() : std::min(iterations(), done() + options.max_iterations);
  const int pairs = settings_.pairs_per_iteration;
  const auto& params = spsa_.params();
  const std::string journal_path = dir_.empty() ? "" : campaign_file(dir_, "journal.jsonl");
  std::optional<Progress> bar;
  if (progress && group.root()) {
    ProgressOptions o;
    o.task = "spsa " + settings_.game;
    o.unit = "iter";
    o.total = static_cast<std::uint64_t>(iterations());
    o.start = static_cast<std::uint64_t>(first - 1);
    o.line_interval_s = options.progress_interval_s;
    bar.emplace(*progress, o);
  }
  for (int k = first; k <= last; ++k) {
    const Perturbation perturbation = spsa_.perturb(k, theta());
    PairJob job{k, pair_seed(), perturbation.plus, perturbation.minus};
    // This rank's share of the iteration's pairs; outcomes come back as (pair, first, second) triples.
    std::vector<std::uint64_t> mine;
    for (int j = 0; j < pairs; ++j) {
      if (j % group.size() == group.rank()) mine.push_back(static_cast<std::uint64_t>(k - 1) * pairs + j);
    }
    const std::vector<PairOutcome> played = player(job, mine);
    if (played.size() != mine.size()) throw std::logic_error("the pair player returned a wrong number of outcomes");
    std::vector<double> flat;
    for (std::size_t i = 0; i < mine.size(); ++i) {
      flat.insert(flat.end(), {static_cast<double>(mine[i]), played[i].first, played[i].second});
    }
    const std::vector<double> all = group.all_gather(flat);
    std::vector<PairOutcome> outcomes(static_cast<std::size_t>(pairs));
    for (std::size_t i = 0; i + 2 < all.size(); i += 3) {
      outcomes[static_cast<std::size_t>(all[i]) - static_cast<std::size_t>(k - 1) * pairs] = {all[i + 1], all[i + 2]};
    }
    const IterationResults results = count_results(outcomes);
    // Rank 0's arithmetic is the campaign's, whatever the other machines' floating point does.
    const std::vector<double> next = group.broadcast(spsa_.step(k, theta(), perturbation.flip, results));
    history_.push_back(next);
    if (!group.root()) continue;

    if (!journal_path.empty()) {
      ordered_json line;
      line["iteration"] = k;
      line["flip"] = perturbation.flip;
      line["wdl"] = {results.wdl.wins, results.wdl.draws, results.wdl.losses};
      line["penta"] = results.penta.cells;
      line["result"] = static_cast<long long>(results.result());
      ordered_json theta_json;
      for (std::size_t i = 0; i < params.size(); ++i) theta_json[params[i].name] = next[i];
      line["theta"] = theta_json;
      append_journal_line(journal_path, line);
      write_parameter_files();
    }
    if (bar) {
      char text[160];
      std::snprintf(text, sizeof text, "games %d/%d  last W-D-L %llu-%llu-%llu ", 2 * pairs * k, 2 * pairs * iterations(),
                    static_cast<unsigned long long>(results.wdl.wins), static_cast<unsigned long long>(results.wdl.draws),
                    static_cast<unsigned long long>(results.wdl.losses));
      std::string detail = text;
      for (std::size_t i = 0; i < params.size(); ++i) {
        char item[128];
        std::snprintf(item, sizeof item, " %s %.2f", params[i].name.c_str(), next[i]);
        detail += item;
      }
      if (k == last) bar->finish(static_cast<std::uint64_t>(k), detail);
      else bar->update(static_cast<std::uint64_t>(k), detail);
    }
  }
}

}  // namespace gamelab::tuner
