#include "tuner/train/campaign.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <ostream>
#include <variant>

#include "core/error.hpp"
#include "core/eval_file.hpp"
#include "core/progress.hpp"
#include "core/text_file.hpp"
#include "tuner/campaign_files.hpp"
#include "tuner/train/eval_export.hpp"

namespace gamelab::train {

using nlohmann::json;
using nlohmann::ordered_json;
using tuner::campaign_file;

namespace {

constexpr int kTrainFormat = 1;

// A warm start's file, read as the campaign's model must be: of the game, its input set, the form and
// the hidden size (InputError naming the field, and `who` for the hidden size).
learned::EvalFile read_init_file(const std::string& who, const std::string& path, const std::string& game, Form form,
                                 const std::string& inputs, std::uint32_t input_count, std::uint32_t hidden) {
  learned::EvalFile file = learned::read_eval_file(path, {game, to_string(form), inputs, input_count});
  if (const auto* n = std::get_if<learned::SparseNetwork>(&file.model); n && n->hidden != hidden) {
    throw InputError(who + ": hidden " + std::to_string(n->hidden) + ", but the network asked for has " + std::to_string(hidden) +
                     " hidden units per perspective (--hidden)");
  }
  return file;
}

std::string figure(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6f", value);
  return text;
}

}  // namespace

ordered_json TrainSettings::to_json() const {
  ordered_json j;
  j["kind"] = "train";
  j["format"] = kTrainFormat;
  j["game"] = game;
  j["inputs"] = inputs;
  j["input_count"] = input_count;
  j["max_active"] = max_active;
  if (data.size() == 1) j["data"] = data[0];
  else j["data"] = data;
  j["data_positions"] = data_positions;
  j["data_hash"] = tuner::hex_fingerprint(data_hash);
  j["form"] = to_string(form);
  j["hidden"] = form == Form::Network ? hidden : 0;
  j["epochs"] = epochs;
  j["batch"] = fit.batch;
  j["learning_rate"] = fit.learning_rate;
  j["lr_gamma"] = fit.lr_gamma;
  j["beta1"] = fit.beta1;
  j["beta2"] = fit.beta2;
  j["seed"] = fit.seed;
  j["threads"] = fit.threads;
  j["wdl"] = wdl;
  j["scale"] = scale;
  j["scale_source"] = scale_source;
  j["validation"] = validation;
  if (!base_params.empty()) {  // a campaign without a base writes the configuration it always did
    j["base"] = {{"params", base_params}, {"fingerprint", base_fingerprint}, {"units_per_logit", base_units}};
  }
  if (!init.empty()) j["init"] = {{"file", init}, {"fingerprint", init_fingerprint}};  // likewise
  return j;
}

TrainSettings TrainSettings::from_json(const json& j, const std::string& source) {
  TrainSettings s;
  try {
    if (j.at("kind").get<std::string>() != "train") throw InputError(source + ": not a training campaign");
    if (j.at("format").get<int>() != kTrainFormat) throw InputError(source + ": campaign format " + j.at("format").dump() + " unknown");
    s.game = j.at("game").get<std::string>();
    s.inputs = j.at("inputs").get<std::string>();
    s.input_count = j.at("input_count").get<std::uint32_t>();
    s.max_active = j.at("max_active").get<std::uint32_t>();
    const json& files = j.at("data");
    if (files.is_string()) s.data = {files.get<std::string>()};
    else s.data = files.get<std::vector<std::string>>();
    if (s.data.empty()) throw InputError(source + ": data names no file");
    s.data_positions = j.at("data_positions").get<std::uint64_t>();
    s.data_hash = std::stoull(j.at("data_hash").get<std::string>(), nullptr, 16);
    s.form = parse_form(j.at("form").get<std::string>());
    s.hidden = j.at("hidden").get<std::uint32_t>();
    s.epochs = j.at("epochs").get<int>();
    s.fit.batch = j.at("batch").get<std::size_t>();
    s.fit.learning_rate = j.at("learning_rate").get<double>();
    s.fit.lr_gamma = j.at("lr_gamma").get<double>();
    s.fit.beta1 = j.at("beta1").get<double>();
    s.fit.beta2 = j.at("beta2").get<double>();
    s.fit.seed = j.at("seed").get<std::uint64_t>();
    s.fit.threads = j.at("threads").get<int>();
    s.wdl = j.at("wdl").get<double>();
    s.scale = j.at("scale").get<int>();
    s.scale_source = j.at("scale_source").get<std::string>();
    s.validation = j.at("validation").get<double>();
    if (j.contains("base")) {
      const json& base = j.at("base");
      s.base_params = base.at("params").get<std::string>();
      s.base_fingerprint = base.at("fingerprint").get<std::string>();
      s.base_units = base.at("units_per_logit").get<double>();
    }
    if (j.contains("init")) {
      s.init = j.at("init").at("file").get<std::string>();
      s.init_fingerprint = j.at("init").at("fingerprint").get<std::string>();
    }
  } catch (const json::exception& e) {
    throw InputError(source + ": not a training campaign configuration (" + e.what() + ")");
  } catch (const std::logic_error&) {  // stoull
    throw InputError(source + ": data_hash is not hexadecimal");
  }
  if (s.epochs < 0 || s.fit.threads < 1 || s.fit.batch < 1 || !(s.fit.learning_rate > 0) || s.scale < 1 ||
      !(s.wdl >= 0 && s.wdl <= 1) || (s.form == Form::Network && (s.hidden < 1 || s.hidden > 1024))) {
    throw InputError(source + ": a setting is out of range (epochs >= 0, threads >= 1, batch >= 1, learning_rate > 0, "
                     "scale >= 1, wdl in [0, 1], hidden in [1, 1024])");
  }
  return s;
}

void check_residual_game(const GameEntry& game, const std::string& who) {
  if (!game.handmade_eval) {
    throw InputError(who + ": the hand-made evaluation of " + game.title + " is not one function of the position "
                     "(GameEntry::handmade_eval), so there is no base to fit a residual over");
  }
}

HandmadeEval residual_base(const GameEntry& game, const ParamSet& params, const std::string& who) {
  check_residual_game(game, who);
  return game.handmade_eval(params);
}

TrainSettings new_train_settings(const GameEntry& game, const TrainOptions& o, const std::vector<std::string>& data_paths,
                                 const TrainSet& data, std::ostream& notes) {
  TrainSettings s;
  s.game = game.name;
  s.inputs = game.sparse_inputs.name;
  s.input_count = game.sparse_inputs.count;
  s.max_active = game.sparse_inputs.max_active;
  for (const auto& path : data_paths) s.data.push_back(std::filesystem::absolute(path).string());
  s.data_positions = data.positions;
  s.data_hash = data.file_hash;
  s.form = o.form;
  s.hidden = o.hidden;
  s.epochs = o.epochs;
  s.fit.batch = o.batch;
  s.fit.learning_rate = o.learning_rate;
  s.fit.lr_gamma = o.lr_gamma;
  s.fit.seed = o.seed;
  s.fit.threads = o.threads;
  s.wdl = o.wdl;
  s.validation = o.validation;
  s.base_params = o.base_params;
  s.base_fingerprint = o.base_fingerprint;
  s.base_units = o.base_units;
  int init_scale = 0;
  if (!o.init.empty()) {
    const learned::EvalFile file =
        read_init_file("--init " + o.init, o.init, game.name, o.form, game.sparse_inputs.name, game.sparse_inputs.count, o.hidden);
    s.init = std::filesystem::absolute(o.init).string();
    s.init_fingerprint = file.fingerprint_hex();
    init_scale = file.scale();
  }
  if (o.scale > 0) {
    s.scale = o.scale;
    s.scale_source = "given";
  } else if (init_scale > 0) {
    // A warm start keeps the file's units per logit: the engine adds y x scale (to the hand-made
    // evaluation, in a residual fit over H / scale), so the same weights under another scale are another
    // evaluation, and epoch 0 would not be the file's.
    s.scale = init_scale;
    s.scale_source = "init";
  } else if (const double fitted = fit_score_scale(data.train, o.threads); fitted > 0) {
    s.scale = std::max(1, static_cast<int>(std::lround(fitted)));
    s.scale_source = "fitted";
  } else {
    s.scale = 100;
    s.scale_source = "default";
    notes << "train: scale 100 engine units per logit (the default): the data's decisive positions with search scores "
             "(at least " << kMinScaleRows << " needed) do not pin one down; --scale sets it\n";
  }
  if (o.wdl < 1 && !data.train.has_scores()) {
    notes << "train: " << (data_paths.size() == 1 ? data_paths[0] + " holds" : std::string("the data files hold")) << " no search scores; the targets are the outcomes alone\n";
  }
  return s;
}

Model warm_start_model(const TrainSettings& s) {
  const learned::EvalFile file = read_init_file(s.init, s.init, s.game, s.form, s.inputs, s.input_count, s.hidden);
  if (file.fingerprint_hex() != s.init_fingerprint) {
    throw InputError(s.init + ": its fingerprint is " + file.fingerprint_hex() + ", not the " + s.init_fingerprint +
                     " the campaign began from (the file changed since; config.json, /init)");
  }
  return dequantise(file);
}

void TrainCampaign::create(const std::string& dir, const TrainSettings& settings) {
  tuner::create_campaign_folder(dir, settings.to_json(), "gamelab train " + settings.game + " --campaign " + dir + " --resume");
}

TrainCampaign TrainCampaign::load(const std::string& dir, std::ostream& notes) {
  const std::string config_path = tuner::existing_campaign_config(dir);
  TrainCampaign campaign(dir, TrainSettings::from_json(read_json_file(config_path), config_path));
  const TrainSettings& s = campaign.settings_;
  const Model shape = initial_model(s.form, s.input_count, s.hidden, s.max_active, s.fit.seed);
  const std::string checkpoint_path = campaign_file(dir, "checkpoint.bin");
  if (std::filesystem::exists(checkpoint_path)) {
    campaign.state_ = read_checkpoint(checkpoint_path, shape);
  } else {
    campaign.state_.model = shape;
  }
  const TrainState& state = campaign.state_;
  tuner::reconcile_epoch_journal(campaign_file(dir, "journal.jsonl"), checkpoint_path, state.epoch, state.journal_line, notes);
  return campaign;
}

std::string TrainCampaign::serialize() const {
  return settings_.to_json().dump() + "\n" + (state_.epoch >= 0 ? checkpoint_bytes(state_) : std::string());
}

TrainCampaign TrainCampaign::deserialize(const std::string& dir, const std::string& bytes) {
  const std::size_t cut = bytes.find('\n');
  const std::string source = dir + " (sent by rank 0)";
  TrainCampaign campaign(dir, TrainSettings::from_json(nlohmann::json::parse(bytes.substr(0, cut)), source));
  const TrainSettings& s = campaign.settings_;
  const Model shape = initial_model(s.form, s.input_count, s.hidden, s.max_active, s.fit.seed);
  if (cut + 1 < bytes.size()) {
    campaign.state_ = parse_checkpoint(bytes.substr(cut + 1), source, shape);
  } else {
    campaign.state_.model = shape;
  }
  campaign.writes_ = false;
  return campaign;
}

void TrainCampaign::write_eval(const std::string& name) const {
  if (!writes_) return;
  ExportInfo info;
  info.game = settings_.game;
  info.inputs = settings_.inputs;
  info.max_active = settings_.max_active;
  info.scale = settings_.scale;
  info.note = "epoch " + std::to_string(state_.epoch) + ", train loss " + figure(state_.train_loss) + ", validation loss " +
              figure(state_.validation_loss) + ", data " + tuner::hex_fingerprint(settings_.data_hash);
  learned::write_eval_file(campaign_file(dir_, name), quantise(state_.model, info));
}

void TrainCampaign::save(bool improved) {
  if (!writes_) return;
  if (improved) write_eval("best.eval");
  write_eval("current.eval");
  write_checkpoint(campaign_file(dir_, "checkpoint.bin"), state_);
  tuner::append_journal_line(campaign_file(dir_, "journal.jsonl"), state_.journal_line);
}

void TrainCampaign::run(TrainSet& data, std::ostream* progress, const TrainRunOptions& options) {
  const TrainSettings& s = settings_;
  if (data.file_hash != s.data_hash || data.positions != s.data_positions) {
    throw InputError(data_files_text(s.data) + (s.data.size() == 1 ? ": the data file changed" : ": the data files changed") +
                     " since the campaign began (their hash or size differs)");
  }
  if (data.train.inputs != s.input_count) throw InputError("the data's inputs do not match the campaign's");
  set_targets(data.train, s.wdl, s.scale);
  set_targets(data.validation, s.wdl, s.scale);
  if (!s.base_params.empty()) {
    const double units = s.base_units > 0 ? s.base_units : s.scale;
    set_bases(data.train, units);
    set_bases(data.validation, units);
  }
  const bool validating = data.validation.rows() > 0;
  const int threads = s.fit.threads;

  std::optional<Progress> bar;
  if (progress) {
    ProgressOptions o;
    o.task = "train " + s.game;
    o.unit = "epochs";
    o.total = static_cast<std::uint64_t>(s.epochs);
    o.start = static_cast<std::uint64_t>(std::max(state_.epoch, 0));
    o.line_interval_s = options.progress_interval_s;
    bar.emplace(*progress, o);
  }
  double rate = 0;  // positions per second over the last epoch
  auto detail = [&](const std::string& within) {
    std::string text = within + "train " + figure(state_.train_loss) + "  validation " + figure(state_.validation_loss);
    if (rate > 0) {
      char figure_text[64];
      std::snprintf(figure_text, sizeof figure_text, "  %.2f M pos/s", rate / 1e6);
      text += figure_text;
    }
    return text;
  };

  if (state_.epoch < 0) {  // the starting weights are epoch 0
    state_.model = s.init.empty() ? initial_model(s.form, s.input_count, s.hidden, s.max_active, s.fit.seed) : warm_start_model(s);
    state_.adam = AdamState{};
    state_.epoch = 0;
    state_.train_loss = mean_loss(state_.model, data.train, threads);
    state_.validation_loss = validating ? mean_loss(state_.model, data.validation, threads) : 0;
    state_.best_epoch = 0;
    state_.best_loss = validating ? state_.validation_loss : state_.train_loss;
    ordered_json line;
    line["epoch"] = 0;
    line["train_loss"] = state_.train_loss;
    line["validation_loss"] = state_.validation_loss;
    line["scale"] = s.scale;
    state_.journal_line = line;
    save(true);
    if (bar) bar->update(0, detail(""));
  } else {
    write_eval("current.eval");  // a run killed after its checkpoint but before this file
  }
  const int last = options.max_epochs < 0 ? s.epochs : std::min(s.epochs, state_.epoch + options.max_epochs);
  for (int epoch = state_.epoch + 1; epoch <= last; ++epoch) {
    const std::uint64_t rows = data.train.rows();
    const auto on_batch = [&](std::uint64_t done) {
      if (bar) bar->update(static_cast<std::uint64_t>(epoch - 1), detail("epoch " + std::to_string(epoch) + " " +
                                                                          std::to_string(done * 100 / std::max<std::uint64_t>(rows, 1)) + "%  "));
    };
    const EpochReport report = train_epoch(state_.model, state_.adam, data.train, epoch, s.fit, on_batch);
    rate = report.seconds > 0 ? static_cast<double>(report.positions) / report.seconds : 0;
    state_.epoch = epoch;
    state_.train_loss = report.train_loss;
    state_.validation_loss = validating ? mean_loss(state_.model, data.validation, threads) : 0;
    const double loss = validating ? state_.validation_loss : state_.train_loss;
    const bool improved = loss < state_.best_loss;
    if (improved) {
      state_.best_loss = loss;
      state_.best_epoch = epoch;
    }
    ordered_json line;
    line["epoch"] = epoch;
    line["train_loss"] = state_.train_loss;
    line["validation_loss"] = state_.validation_loss;
    line["learning_rate"] = s.fit.learning_rate * std::pow(s.fit.lr_gamma, epoch - 1);
    line["positions_per_s"] = std::round(rate);
    line["seconds"] = std::round(report.seconds * 1000) / 1000;
    state_.journal_line = line;
    save(improved);
    if (bar) {
      if (epoch == last) bar->finish(static_cast<std::uint64_t>(epoch), detail(""));
      else bar->update(static_cast<std::uint64_t>(epoch), detail(""));
    }
  }
}

}  // namespace gamelab::train
