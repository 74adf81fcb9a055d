#include "tuner/texel/campaign.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <ostream>

#include "core/error.hpp"
#include "core/progress.hpp"
#include "core/text_file.hpp"
#include "tuner/campaign_files.hpp"
#include "tuner/spsa/campaign.hpp"

namespace gamelab::tuner {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

constexpr int kTexelFormat = 1;

ordered_json journal_line(const TexelCheckpoint& s) {
  ordered_json line;
  line["epoch"] = s.epoch;
  if (s.epoch == 0) line["k"] = s.k;
  line["train_mse"] = s.train_mse;
  line["validation_mse"] = s.validation_mse;
  return line;
}

}  // namespace

ordered_json TexelSettings::to_json() const {
  ordered_json j;
  j["kind"] = "texel";
  j["format"] = kTexelFormat;
  j["game"] = game;
  j["data"] = data;
  j["data_positions"] = data_positions;
  j["data_hash"] = hex_fingerprint(data_hash);
  j["eval_weights"] = eval_weights;
  j["epochs"] = epochs;
  j["learning_rate"] = learning_rate;
  j["beta1"] = beta1;
  j["beta2"] = beta2;
  j["validation"] = validation;
  j["seed"] = seed;
  j["concurrency"] = concurrency;
  j["lambda"] = lambda;
  j["params_file"] = params_source;
  j["base"] = ordered_json::parse(base.to_json());
  return j;
}

TexelSettings TexelSettings::from_json(const json& j, const std::string& source) {
  TexelSettings s;
  try {
    if (j.at("kind").get<std::string>() != "texel") throw InputError(source + ": not a Texel campaign");
    if (j.at("format").get<int>() != kTexelFormat) throw InputError(source + ": campaign format " + j.at("format").dump() + " unknown");
    s.game = j.at("game").get<std::string>();
    s.data = j.at("data").get<std::string>();
    s.data_positions = j.at("data_positions").get<std::uint64_t>();
    s.data_hash = std::stoull(j.at("data_hash").get<std::string>(), nullptr, 16);
    s.eval_weights = j.at("eval_weights").get<std::size_t>();
    s.epochs = j.at("epochs").get<int>();
    s.learning_rate = j.at("learning_rate").get<double>();
    s.beta1 = j.at("beta1").get<double>();
    s.beta2 = j.at("beta2").get<double>();
    s.validation = j.at("validation").get<double>();
    s.seed = j.at("seed").get<std::uint64_t>();
    s.concurrency = j.at("concurrency").get<int>();
    s.lambda = j.value("lambda", 1.0);  // campaigns made before blended labels fit the results alone
    s.params_source = j.at("params_file").get<std::string>();
    s.base = params_from_json(j.at("base"), source + ": base");
  } catch (const json::exception& e) {
    throw InputError(source + ": not a Texel campaign configuration (" + e.what() + ")");
  } catch (const std::logic_error& e) {  // stoull
    throw InputError(source + ": data_hash is not hexadecimal");
  }
  if (s.eval_weights == 0 || s.eval_weights > s.base.size()) throw InputError(source + ": eval_weights out of range");
  if (!(s.lambda >= 0 && s.lambda <= 1)) throw InputError(source + ": lambda must be in [0, 1]");
  if (s.epochs < 0 || s.concurrency < 1 || !(s.learning_rate > 0)) {
    throw InputError(source + ": epochs >= 0, concurrency >= 1 and learning_rate > 0 are required");
  }
  return s;
}

void TexelCampaign::create(const std::string& dir, const TexelSettings& settings) {
  create_campaign_folder(dir, settings.to_json(), "gamelab tune resume " + dir);
}

TexelCampaign TexelCampaign::load(const std::string& dir, std::ostream& notes) {
  const std::string config_path = existing_campaign_config(dir);
  TexelCampaign campaign(dir, TexelSettings::from_json(read_json_file(config_path), config_path));
  const std::size_t p = campaign.settings_.eval_weights;
  const std::string checkpoint_path = campaign_file(dir, "checkpoint.json");
  TexelCheckpoint& s = campaign.state_;
  if (std::filesystem::exists(checkpoint_path)) {
    const json c = read_json_file(checkpoint_path);
    try {
      s.epoch = c.at("epoch").get<int>();
      s.k = c.at("k").get<double>();
      s.blend_k = c.value("blend_k", 0.0);
      s.weights = c.at("weights").get<std::vector<double>>();
      s.adam.m = c.at("adam_m").get<std::vector<double>>();
      s.adam.v = c.at("adam_v").get<std::vector<double>>();
      s.adam.t = c.at("adam_t").get<std::uint64_t>();
      s.train_mse = c.at("train_mse").get<double>();
      s.validation_mse = c.at("validation_mse").get<double>();
      s.best_epoch = c.at("best_epoch").get<int>();
      s.best_error = c.at("best_error").get<double>();
      s.best_weights = c.at("best_weights").get<std::vector<double>>();
    } catch (const json::exception& e) {
      throw InputError(checkpoint_path + ": not a Texel checkpoint (" + e.what() + ")");
    }
    if (s.weights.size() != p || s.best_weights.size() != p || (s.adam.t > 0 && (s.adam.m.size() != p || s.adam.v.size() != p))) {
      throw InputError(checkpoint_path + ": expected " + std::to_string(p) + " weights");
    }
  }
  reconcile_epoch_journal(campaign_file(dir, "journal.jsonl"), checkpoint_path, s.epoch, journal_line(s), notes);
  return campaign;
}

ParamSet TexelCampaign::params_with(const std::vector<double>& weights) const {
  std::vector<Param> params = settings_.base.all();
  for (std::size_t j = 0; j < weights.size(); ++j) {
    params[j].value = std::clamp(static_cast<int>(std::lround(weights[j])), params[j].min, params[j].max);
  }
  return ParamSet(settings_.base.game(), params);
}

void TexelCampaign::write_parameter_files() const {
  if (state_.epoch < 0) return;
  params_with(state_.weights).save_file(campaign_file(dir_, "current.json"));
  params_with(state_.best_weights).save_file(campaign_file(dir_, "best.json"));
}

void TexelCampaign::save(const ordered_json& line, bool parameter_files) {
  ordered_json c;
  c["epoch"] = state_.epoch;
  c["k"] = state_.k;
  c["blend_k"] = state_.blend_k;
  c["weights"] = state_.weights;
  c["adam_m"] = state_.adam.m;
  c["adam_v"] = state_.adam.v;
  c["adam_t"] = state_.adam.t;
  c["train_mse"] = state_.train_mse;
  c["validation_mse"] = state_.validation_mse;
  c["best_epoch"] = state_.best_epoch;
  c["best_error"] = state_.best_error;
  c["best_weights"] = state_.best_weights;
  write_file_atomic(campaign_file(dir_, "checkpoint.json"), c.dump() + "\n");
  append_journal_line(campaign_file(dir_, "journal.jsonl"), line);
  if (parameter_files) write_parameter_files();
}

void TexelCampaign::run(TexelDataset& data, std::ostream* progress, const TexelRunOptions& options) {
  const TexelSettings& s = settings_;
  if (data.file_hash != s.data_hash || data.positions != s.data_positions) {
    throw InputError(s.data + ": the data file changed since the campaign began (its hash or size differs)");
  }
  if (data.train.weights != s.eval_weights) throw InputError("the data's features do not match the campaign's weights");
  const std::size_t p = s.eval_weights;
  const int threads = s.concurrency;
  std::vector<double> lower(p), upper(p);
  for (std::size_t j = 0; j < p; ++j) {
    lower[j] = s.base.at(j).min;
    upper[j] = s.base.at(j).max;
  }
  const bool validating = data.validation.rows() > 0;
  auto errors = [&](TexelCheckpoint& state) {
    state.train_mse = texel_mse(data.train, state.weights, state.k, threads);
    state.validation_mse = validating ? texel_mse(data.validation, state.weights, state.k, threads) : 0;
  };
  std::optional<Progress> bar;
  if (progress) {
    ProgressOptions o;
    o.task = "texel " + s.game;
    o.unit = "epochs";
    o.total = static_cast<std::uint64_t>(s.epochs);
    o.start = static_cast<std::uint64_t>(std::max(state_.epoch, 0));
    o.line_interval_s = options.progress_interval_s;
    bar.emplace(*progress, o);
  }
  auto print = [&](int epoch, bool final) {
    if (!bar) return;
    char line[256];
    std::snprintf(line, sizeof line, "train %.6f  validation %.6f  K %.6g  best epoch %d", state_.train_mse,
                  state_.validation_mse, state_.k, state_.best_epoch);
    if (final) bar->finish(static_cast<std::uint64_t>(epoch), line);
    else bar->update(static_cast<std::uint64_t>(epoch), line);
  };

  // The search scores become expected results through blend_k, the K that fits the decisive games
  // alone: on mostly drawn data the K of all results is tiny (0.000125 on Raichu self-play at 1,000
  // nodes, where 0.0075 fits the decisive games) and would turn every score into 0.5. The objective's
  // K is then fitted on the blended labels.
  blend_labels(data.train, 1, 0);
  if (state_.epoch < 0) {  // first run: fit K on the starting weights
    state_.weights.clear();
    for (std::size_t j = 0; j < p; ++j) state_.weights.push_back(s.base.value(j));
    state_.blend_k = 0;
    if (s.lambda < 1) {
      const TexelData decisive = decisive_rows(data.train);
      state_.blend_k = fit_k(decisive.rows() > 0 ? decisive : data.train, state_.weights, threads);
    }
    blend_labels(data.train, s.lambda, state_.blend_k);
    state_.k = fit_k(data.train, state_.weights, threads);
    state_.epoch = 0;
    state_.adam = Adam{};
    blend_labels(data.validation, s.lambda, state_.blend_k);
    errors(state_);
    state_.best_epoch = 0;
    state_.best_error = validating ? state_.validation_mse : state_.train_mse;
    state_.best_weights = state_.weights;
    save(journal_line(state_), true);
    print(0, s.epochs == 0);
  }
  blend_labels(data.train, s.lambda, state_.blend_k);
  blend_labels(data.validation, s.lambda, state_.blend_k);
  write_parameter_files();  // a run killed since the last ones were written
  state_.adam.learning_rate = s.learning_rate;
  state_.adam.beta1 = s.beta1;
  state_.adam.beta2 = s.beta2;
  auto last_files = std::chrono::steady_clock::now();
  const int first = state_.epoch + 1;
  const int last = options.max_epochs < 0 ? s.epochs : std::min(s.epochs, state_.epoch + options.max_epochs);
  std::vector<double> gradient;
  for (int epoch = first; epoch <= last; ++epoch) {
    texel_mse_gradient(data.train, state_.weights, state_.k, threads, gradient);
    state_.adam.step(state_.weights, gradient, lower, upper);
    state_.epoch = epoch;
    errors(state_);
    const double error = validating ? state_.validation_mse : state_.train_mse;
    if (error < state_.best_error) {
      state_.best_error = error;
      state_.best_epoch = epoch;
      state_.best_weights = state_.weights;
    }
    const auto now = std::chrono::steady_clock::now();
    const bool files = epoch == last || std::chrono::duration<double>(now - last_files).count() >= 5;
    if (files) last_files = now;
    save(journal_line(state_), files);
    print(epoch, epoch == last);
  }
}

}  // namespace gamelab::tuner
