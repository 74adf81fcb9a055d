#include "tuner/generations/campaign.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <ostream>

#include "core/error.hpp"
#include "core/json_file.hpp"
#include "core/text_file.hpp"
#include "eval/match/engine_arg.hpp"
#include "eval/match/match_runner.hpp"
#include "eval/stats/elo.hpp"
#include "registry/game_registry.hpp"
#include "tuner/campaign_files.hpp"
#include "tuner/generations/promotion.hpp"
#include "tuner/texel/data_file.hpp"
#include "tuner/texel/datagen.hpp"
#include "tuner/train/campaign.hpp"

namespace gamelab::generations {

namespace fs = std::filesystem;
using nlohmann::json;
using nlohmann::ordered_json;
using tuner::campaign_file;

std::string data_file(int k) { return "data/gen-" + std::to_string(k) + ".data"; }
std::string train_folder(int k) { return "gen-" + std::to_string(k) + "/train"; }
std::string eval_file(int k) { return k == 0 ? "" : train_folder(k) + "/best.eval"; }
std::string start_eval_file() { return "gen-0/best.eval"; }
std::string generation_eval(const GenerationsSettings& settings, int k) {
  if (k > 0) return eval_file(k);
  return settings.start_eval_file.empty() ? "" : start_eval_file();
}
std::string match_records(int k) { return "gen-" + std::to_string(k) + "/match.jsonl"; }
std::string generation_name(int k) { return "gen" + std::to_string(k); }
std::string generation_description(const GenerationsSettings& settings, int k) {
  if (k == 0 && settings.start_eval_file.empty()) return "the hand-made evaluation";
  if (k == 0) return start_eval_file() + ", a copy of " + settings.start_eval_file;
  return eval_file(k);
}

namespace {

double rounded(double x, double unit) { return std::round(x / unit) * unit; }

std::string fixed(double x, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", digits, x);
  return text;
}

std::string signed_fixed(double x, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, "%+.*f", digits, x);
  return text;
}

// What every step reads.
struct Context {
  std::string dir;
  GenerationsSettings settings;
  const GameEntry& game;
  ParamSet params;
  RunOptions options;
  std::ostream& progress;

  std::string path(const std::string& relative) const { return campaign_file(dir, relative); }
  // "generations raichu, generation 2/3, data: "
  std::string prefix(int k, Step step) const {
    return "generations " + game.name + ", generation " + std::to_string(k) + "/" + std::to_string(settings.generations) +
           ", " + std::string(to_string(step)) + ": ";
  }
};

// A .partial data file that datagen can continue: one whose header line was written. A file cut off
// before it holds no game and goes.
bool resumable_partial(const std::string& partial) {
  if (!fs::exists(partial)) return false;
  const std::string text = read_text_file(partial);
  if (text.find('\n') != std::string::npos) return true;
  fs::remove(partial);
  return false;
}

// Plays generation k's self-play with generation `played_by`'s evaluation into data/gen-k.data,
// continuing a stopped run's .partial file; a complete file is left as it is.
void make_data(const Context& c, int k, int played_by) {
  const GenerationsSettings& s = c.settings;
  const std::string out = c.path(data_file(k));
  if (fs::exists(out)) return;
  fs::create_directories(fs::path(out).parent_path());
  tuner::DatagenSettings d;
  d.game = c.game.name;
  d.games = s.data.games;
  d.seed = step_seed(s.seed, k, Step::Data);
  d.limits = parse_limits(s.data.limit, "data.limit");
  d.params = c.params;
  if (!s.data.openings.empty()) {
    eval::MatchConfig suite;
    suite.game = c.game.name;
    suite.openings = s.data.openings;
    for (const auto& p : eval::load_match_positions(suite)) d.openings.push_back(p.first);
  }
  d.random_plies = s.data.random_plies;
  d.skip_tactical = !s.data.keep_tactical;
  // The file's header names the evaluation by its path: the canonical one, so that the same folder
  // gives the same data file whatever path the command was given.
  const std::string file = generation_eval(s, played_by);
  if (!file.empty()) d.learned = {fs::weakly_canonical(c.path(file)).string(), s.eval_add};
  d.concurrency = c.options.concurrency;
  d.out = out;
  d.resume = resumable_partial(out + ".partial");
  d.progress_interval_s = c.options.progress_interval_s;
  try {
    tuner::run_datagen(d, c.progress);
  } catch (const InputError& e) {
    if (!d.resume) throw;
    throw InputError("generation " + std::to_string(k) + "'s data: cannot continue " + out + ".partial (" + e.what() +
                     "); delete it and run again to play the data from the start");
  }
}

struct DataFacts {
  std::uint64_t positions = 0, hash = 0;
};

DataFacts read_data_facts(const Context& c, int k) {
  DataFacts facts;
  tuner::read_data_file(c.path(data_file(k)), c.game.name, 1 << 16,
                        [&facts](std::vector<tuner::DataRow>& rows) { facts.positions += rows.size(); }, &facts.hash);
  return facts;
}

ordered_json data_step(const Context& c, int k, int best) {
  const GenerationsSettings& s = c.settings;
  c.progress << c.prefix(k, Step::Data) << s.data.games << " self-play games at " << s.data.limit << " by "
             << generation_name(best) << " (" << generation_description(s, best) << ")" << std::endl;
  make_data(c, k, best);
  const DataFacts facts = read_data_facts(c, k);
  ordered_json line;
  line["generation"] = k;
  line["step"] = "data";
  line["played_by"] = best;
  line["seed"] = step_seed(s.seed, k, Step::Data);
  line["games"] = s.data.games;
  line["positions"] = facts.positions;
  line["data_hash"] = tuner::hex_fingerprint(facts.hash);
  line["file"] = data_file(k);
  c.progress << c.prefix(k, Step::Data) << "done, " << facts.positions << " positions (hash " << tuner::hex_fingerprint(facts.hash)
             << ")" << std::endl;
  return line;
}

// The training's data: made again from its seed when it went (data/ is not committed), and checked
// against the hash its journal line recorded.
void ensure_data(const Context& c, int training, int k, const json& data_line) {
  if (fs::exists(c.path(data_file(k)))) return;
  c.progress << c.prefix(training, Step::Train) << data_file(k) << " is missing; playing it again from its seed" << std::endl;
  make_data(c, k, data_line.at("played_by").get<int>());
  const std::string hash = tuner::hex_fingerprint(read_data_facts(c, k).hash);
  if (hash != data_line.at("data_hash").get<std::string>()) {
    throw InputError(c.path(data_file(k)) + ": made again, its hash is " + hash + ", not the journal's " +
                     data_line.at("data_hash").get<std::string>() + " (the engine or the datagen changed since)");
  }
}

// The journal's data line of generation k.
const json& data_line_of(const std::vector<json>& journal, int k) {
  for (const json& line : journal) {
    if (line.value("step", "") == "data" && line.value("generation", 0) == k) return line;
  }
  throw InputError("journal.jsonl: no data step of generation " + std::to_string(k));
}

ordered_json train_step(const Context& c, int k, const std::vector<json>& journal) {
  const GenerationsSettings& s = c.settings;
  // The data of the generations of the window, oldest first (train.md §9).
  const int first = std::max(1, k - s.data_window + 1);
  std::vector<std::string> data, data_names;
  for (int j = first; j <= k; ++j) {
    data.push_back(c.path(data_file(j)));
    data_names.push_back(data_file(j));
  }
  const std::string folder = c.path(train_folder(k));
  const int threads = c.options.threads;
  c.progress << c.prefix(k, Step::Train) << train::to_string(s.train.form)
             << (s.train.form == train::Form::Network ? " 2 x " + std::to_string(s.train.hidden) : std::string()) << ", "
             << s.train.epochs << " epochs, campaign " << train_folder(k);
  if (first < k) c.progress << ", on the data of generations " << first << "-" << k;
  if (s.residual) c.progress << ", residual over the hand-made evaluation of params.json";
  // A warm start begins at the weights of the evaluation that played this generation's data: the best
  // so far (none when that is the hand-made evaluation alone).
  const std::string init = s.warm_start ? generation_eval(s, data_line_of(journal, k).at("played_by").get<int>()) : "";
  if (!init.empty()) c.progress << ", from the weights of " << init;
  c.progress << std::endl;
  for (int j = first; j <= k; ++j) ensure_data(c, k, j, data_line_of(journal, j));
  std::optional<train::TrainCampaign> campaign;
  std::optional<train::TrainSet> set;
  // A residual fit goes over the hand-made evaluation of the campaign's parameters (params.json).
  std::optional<HandmadeEval> base;
  if (s.residual) base = train::residual_base(c.game, c.params, "gamelab generations " + c.game.name + " --residual");
  const train::HandmadeValue base_value = base ? base->value : nullptr;
  if (!fs::exists(campaign_file(folder, "config.json"))) {
    train::TrainOptions o = s.train;
    o.seed = step_seed(s.seed, k, Step::Train);
    o.threads = threads;
    if (!init.empty()) o.init = c.path(init);
    if (base) {
      o.base_params = fs::absolute(c.path("params.json")).string();
      o.base_fingerprint = c.params.fingerprint_hex();
      o.base_units = base->units_per_logit;
    }
    set.emplace(train::load_train_set(c.game, data, o.validation, o.seed, threads, c.progress, base_value));
    train::TrainCampaign::create(folder, train::new_train_settings(c.game, o, data, *set, c.progress));
    campaign.emplace(train::TrainCampaign::load(folder, c.progress));
  } else {
    campaign.emplace(train::TrainCampaign::load(folder, c.progress));
    const train::TrainSettings& t = campaign->settings();
    set.emplace(train::load_train_set(c.game, data, t.validation, t.fit.seed, threads, c.progress,
                                      t.base_params.empty() ? nullptr : base_value));
  }
  campaign->settings().fit.threads = threads;
  train::TrainRunOptions run;
  run.progress_interval_s = c.options.progress_interval_s;
  campaign->run(*set, &c.progress, run);

  const train::TrainState& state = campaign->state();
  const tuner::Journal epochs = tuner::read_journal(campaign_file(folder, "journal.jsonl"));
  double train_loss = state.train_loss, validation_loss = state.validation_loss, start_validation = 0;
  for (const auto& line : epochs.lines) {
    const int epoch = line.value("epoch", -1);
    if (epoch == 0) start_validation = line.value("validation_loss", 0.0);
    if (epoch == state.best_epoch) {
      train_loss = line.value("train_loss", 0.0);
      validation_loss = line.value("validation_loss", 0.0);
    }
  }
  const std::string fingerprint = eval::check_learned_eval(c.path(eval_file(k)), c.game);
  ordered_json line;
  line["generation"] = k;
  line["step"] = "train";
  line["data"] = data_names;
  // Only for a warm start (the journals of campaigns before it are unchanged): the file of epoch 0, as the
  // training campaign recorded it, relative to the campaign folder.
  if (const std::string& from = campaign->settings().init; !from.empty()) {
    line["init"] = fs::relative(from, fs::absolute(c.dir)).generic_string();
  }
  line["epochs"] = state.epoch;
  line["best_epoch"] = state.best_epoch;
  line["train_loss"] = train_loss;
  line["validation_loss"] = validation_loss;
  line["start_validation_loss"] = start_validation;
  line["scale"] = campaign->settings().scale;
  line["scale_source"] = campaign->settings().scale_source;
  line["eval"] = eval_file(k);
  line["fingerprint"] = fingerprint;
  c.progress << c.prefix(k, Step::Train) << "done, best epoch " << state.best_epoch << " of " << state.epoch << ", training loss "
             << fixed(train_loss, 6) << ", validation loss " << fixed(validation_loss, 6) << " (from " << fixed(start_validation, 6)
             << "), " << eval_file(k) << " " << fingerprint << std::endl;
  return line;
}

eval::EngineArg generation_engine(const Context& c, int k, const SearchLimits& limits) {
  eval::EngineArg engine = eval::lab_engine(generation_name(k), c.params, limits);
  const std::string file = generation_eval(c.settings, k);
  if (!file.empty()) eval::add_learned_eval(engine, c.game, c.path(file), c.settings.eval_add);
  return engine;
}

ordered_json match_step(const Context& c, int k, int best) {
  const MatchSettings& s = c.settings.match;
  c.progress << c.prefix(k, Step::Match) << generation_name(k) << " against " << generation_name(best) << " at " << s.limit
             << ", SPRT elo0=" << s.sprt.elo0 << " elo1=" << s.sprt.elo1 << ", at most " << s.games << " games, records "
             << match_records(k) << std::endl;
  const SearchLimits limits = parse_limits(s.limit, "match.limit");
  eval::MatchConfig m;
  m.game = c.game.name;
  m.engines = {generation_engine(c, k, limits), generation_engine(c, best, limits)};
  m.games = s.games;
  m.concurrency = c.options.concurrency;
  m.seed = step_seed(c.settings.seed, k, Step::Match);
  m.openings = s.openings;
  m.boards = s.boards;
  m.suite = s.suite;
  m.sprt = s.sprt;
  m.records = c.path(match_records(k));
  m.resume = fs::exists(m.records) && fs::file_size(m.records) > 0;
  m.progress_interval_s = c.options.progress_interval_s;
  const eval::MatchSummary summary = eval::run_match(m, c.progress);

  const eval::EloEstimate elo = eval::estimate_elo(summary.penta);
  const eval::SprtVerdict verdict = summary.verdict.value_or(eval::SprtVerdict::Continue);
  const Promotion promotion = decide_promotion(verdict, elo.elo, s.undecided);
  const int best_after = promotion.promoted ? k : best;
  ordered_json line;
  line["generation"] = k;
  line["step"] = "match";
  line["candidate"] = generation_name(k);
  line["opponent"] = generation_name(best);
  line["limit"] = s.limit;
  line["games"] = summary.wdl.games();
  line["wins"] = summary.wdl.wins;
  line["draws"] = summary.wdl.draws;
  line["losses"] = summary.wdl.losses;
  line["pentanomial"] = summary.penta.cells;
  line["elo"] = rounded(elo.elo, 0.01);
  line["elo_lower"] = rounded(elo.elo_lower, 0.01);
  line["elo_upper"] = rounded(elo.elo_upper, 0.01);
  line["llr"] = summary.llr ? json(rounded(*summary.llr, 0.001)) : json();
  line["verdict"] = verdict == eval::SprtVerdict::Continue ? "undecided" : std::string(eval::to_string(verdict));
  line["promoted"] = promotion.promoted;
  line["reason"] = promotion.reason;
  line["best"] = best_after;
  line["best_eval"] = generation_eval(c.settings, best_after);
  c.progress << c.prefix(k, Step::Match) << "done, W-D-L " << summary.wdl.wins << "-" << summary.wdl.draws << "-"
             << summary.wdl.losses << ", Elo " << signed_fixed(elo.elo, 1) << " [" << signed_fixed(elo.elo_lower, 1) << ", "
             << signed_fixed(elo.elo_upper, 1) << "], " << (summary.llr ? "LLR " + fixed(*summary.llr, 2) + ", " : std::string())
             << line["verdict"].get<std::string>() << ": " << (promotion.promoted ? generation_name(k) + " is the best now" : generation_name(best) + " stays the best")
             << " (" << promotion.reason << ")" << std::endl;
  return line;
}

}  // namespace

void create_campaign(const std::string& dir, const GenerationsSettings& settings, const ParamSet& params) {
  const std::string resume = "gamelab generations " + settings.game + " --campaign " + dir + " --resume";
  if (fs::exists(campaign_file(dir, "config.json"))) throw InputError(dir + " already holds a campaign; continue it with: " + resume);
  // config.json last: a folder that holds it holds the rest.
  std::error_code error;
  fs::create_directories(dir, error);
  if (error) throw InputError(dir + ": cannot create the campaign folder (" + error.message() + ")");
  write_file_atomic(campaign_file(dir, "params.json"), params.to_json() + "\n");
  if (!settings.start_eval_file.empty()) {
    // The campaign keeps its own copy: the file given (a release's, a campaign's best.eval) may change.
    fs::create_directories(fs::path(campaign_file(dir, start_eval_file())).parent_path());
    write_file_atomic(campaign_file(dir, start_eval_file()), read_text_file(settings.start_eval_file));
  }
  write_file_atomic(campaign_file(dir, ".gitignore"),
                    "# The self-play data of each generation: large, and rebuilt from config.json's seeds.\ndata/\n"
                    "# The training checkpoints (the float weights and Adam's moments, 1.75 MB for a 2 x 32 network):\n"
                    "# the training rebuilds them bit for bit from the data and the seeds; the .eval files are kept.\n"
                    "gen-*/train/checkpoint.bin\n");
  tuner::create_campaign_folder(dir, settings.to_json(), resume);
}

GenerationsSettings read_settings(const std::string& dir) {
  const std::string path = tuner::existing_campaign_config(dir);
  return GenerationsSettings::from_json(read_json_file(path), path);
}

void set_resume_settings(const std::string& dir, const ResumeChanges& changes) {
  GenerationsSettings s = read_settings(dir);
  if (changes.generations) s.generations = *changes.generations;
  if (changes.data_window) s.data_window = *changes.data_window;
  if (changes.warm_start) s.warm_start = *changes.warm_start;
  const std::string path = campaign_file(dir, "config.json");
  GenerationsSettings::from_json(s.to_json(), path);  // still in range
  write_file_atomic(path, s.to_json().dump(2) + "\n");
}

RunReport run_campaign(const std::string& dir, const RunOptions& options, std::ostream& progress) {
  const GenerationsSettings settings = read_settings(dir);
  const GameEntry& game = find_game(settings.game);
  check_generations_game(game);
  const std::string params_path = campaign_file(dir, "params.json");
  const ParamSet params =
      tuner::load_recorded_params(params_path, game.default_params(), settings.params_fingerprint, "the campaign's", "config.json");
  if (!settings.start_eval_file.empty()) {
    const std::string copy = campaign_file(dir, start_eval_file());
    const std::string fingerprint = eval::check_learned_eval(copy, game);
    if (fingerprint != settings.start_eval_fingerprint) {
      throw InputError(copy + ": fingerprint " + fingerprint + ", but config.json records start_eval.fingerprint " +
                       settings.start_eval_fingerprint + ": generation 0's evaluation was replaced after the campaign began");
    }
  }
  const Context c{dir, settings, game, params, options, progress};

  const std::string journal_path = campaign_file(dir, "journal.jsonl");
  const tuner::Journal journal = tuner::read_journal(journal_path);
  if (journal.truncated_line) progress << tuner::truncation_note(journal) << std::endl;
  tuner::repair_journal(journal);
  RunReport report;
  report.settings = settings;
  report.journal = journal.lines;
  report.next = replay_journal(journal);
  JournalPosition& at = report.next;
  while (at.generation <= settings.generations) {
    const Step step = at.step;
    const int k = at.generation;
    ordered_json line;
    if (step == Step::Data) {
      line = data_step(c, k, at.best);
    } else if (step == Step::Train) {
      line = train_step(c, k, report.journal);
    } else {
      line = match_step(c, k, at.best);
    }
    tuner::append_journal_line(journal_path, line);
    report.journal.push_back(json(line));
    advance(at, report.journal.back());
    if (options.stop_after == step) break;
  }
  report.finished = at.generation > settings.generations;
  return report;
}

}  // namespace gamelab::generations
