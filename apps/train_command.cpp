// gamelab train <game>: a learned evaluation fitted to self-play data (tuner/train/). Wiring only.
#include <cmath>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <vector>

#include "commands.hpp"
#include "core/error.hpp"
#include "core/eval_file.hpp"
#include "core/json_file.hpp"
#include "core/text_file.hpp"
#include "distributed.hpp"
#include "registry/game_registry.hpp"
#include "tuner/campaign_files.hpp"
#include "tuner/train/campaign.hpp"

namespace gamelab::cli {

namespace {

using namespace gamelab::train;

struct TrainArgs {
  std::vector<std::string> data;
  std::string campaign, form = "network", base, init;
  int hidden = 32, epochs = 10, threads = 1, batch = 16384, scale = 0;
  double learning_rate = 0.01, lr_gamma = 0.9, wdl = 1.0, validation = 0.1;
  std::uint64_t seed = 1;
  bool resume = false;
};

std::string games_with_inputs() {
  std::string names;
  for (const auto& g : game_registry()) {
    if (g.sparse_inputs.active) names += (names.empty() ? "" : ", ") + g.name;
  }
  return names.empty() ? "none" : names;
}

// A new campaign's options from the arguments.
TrainOptions train_options(const TrainArgs& a) {
  TrainOptions o;
  o.form = parse_form(a.form);
  o.hidden = static_cast<std::uint32_t>(a.hidden);
  o.epochs = a.epochs;
  o.batch = static_cast<std::size_t>(a.batch);
  o.learning_rate = a.learning_rate;
  o.lr_gamma = a.lr_gamma;
  o.wdl = a.wdl;
  o.scale = a.scale;
  o.validation = a.validation;
  o.seed = a.seed;
  o.threads = a.threads;
  o.init = a.init;
  return o;
}

// The residual fit's base of a campaign with `settings` (its parameter file read again, checked
// against the fingerprint it had), or none.
HandmadeValue campaign_base(const GameEntry& game, const TrainSettings& s, const std::string& dir) {
  if (s.base_params.empty()) return nullptr;
  const ParamSet params = tuner::load_recorded_params(s.base_params, game.default_params(), s.base_fingerprint,
                                                     "those the campaign " + dir + " was fitted over");
  return residual_base(game, params, "gamelab train " + game.name).value;
}

// Runs the campaign in `dir` to its last epoch on every rank of `group` (rank 0 reads and writes its
// files; every rank reads the data files, tuner/train/fit.hpp). `data` is the campaign's data when rank
// 0 has just read it (a new campaign). threads > 0 and epochs >= 0 replace the campaign's.
void run_campaign(const dist::ProcessGroup& group, const std::string& dir, int threads, int epochs, TrainSet* data) {
  std::optional<TrainCampaign> campaign;
  if (group.root()) {
    campaign = TrainCampaign::load(dir, std::cerr);
    if (epochs >= 0 && epochs != campaign->settings().epochs) {  // --resume --epochs N: a longer (or shorter) run
      campaign->settings().epochs = epochs;
      TrainSettings stored = TrainSettings::from_json(read_json_file(tuner::campaign_file(dir, "config.json")), dir);
      stored.epochs = epochs;
      write_file_atomic(tuner::campaign_file(dir, "config.json"), stored.to_json().dump(2) + "\n");
    }
  }
  const std::string bytes = group.broadcast(group.root() ? campaign->serialize() : std::string());
  if (!group.root()) campaign = TrainCampaign::deserialize(dir, bytes);
  TrainSettings& s = campaign->settings();
  if (threads > 0) s.fit.threads = threads;
  std::optional<TrainSet> loaded;
  if (!data) {
    std::ostringstream quiet;
    const GameEntry& game = find_game(s.game);
    loaded = load_train_set(game, s.data, s.validation, s.fit.seed, s.fit.threads,
                            group.root() ? static_cast<std::ostream&>(std::cerr) : quiet, campaign_base(game, s, dir));
    data = &*loaded;
  }
  const Model& m = campaign->state().model;
  if (group.root()) {
    std::cerr << "train " << s.game << ": " << to_string(s.form) << " over " << s.input_count << " inputs (" << s.inputs << ")";
    if (s.form == Form::Network) std::cerr << " -> 2 x " << s.hidden << " -> 1";
    std::cerr << ", " << m.size() << " parameters; " << data->train.rows() << " training and " << data->validation.rows()
              << " validation positions; scale " << s.scale << " (" << s.scale_source << "), wdl " << s.wdl << "; ";
    if (!s.base_params.empty()) std::cerr << "residual over the hand-made evaluation of " << s.base_params << "; ";
    if (!s.init.empty()) std::cerr << "starting from the weights of " << s.init << " (" << s.init_fingerprint << "); ";
    if (group.size() > 1) std::cerr << group.size() << " ranks x ";
    std::cerr << s.fit.threads << (s.fit.threads == 1 ? " thread" : " threads") << std::endl;
  }
  campaign->run(*data, group.root() ? &std::cerr : nullptr, {});
  if (!group.root()) return;
  const TrainState& state = campaign->state();
  std::cout << "train " << s.game << ": epoch " << state.epoch << "/" << s.epochs << ", train loss " << state.train_loss
            << ", validation loss " << state.validation_loss << "; best epoch " << state.best_epoch << " (loss "
            << state.best_loss << ")\n";
  const auto best = learned::read_eval_file(tuner::campaign_file(dir, "best.eval"));
  std::cout << "wrote " << tuner::campaign_file(dir, "best.eval") << " (fingerprint " << tuner::hex_fingerprint(best.fingerprint())
            << ") and " << tuner::campaign_file(dir, "current.eval") << "\n";
}

}  // namespace

void add_train_command(CLI::App& app) {
  auto* train = app.add_subcommand("train", "a learned evaluation (linear or a small network over sparse inputs) fitted "
                                             "to self-play data");
  train->require_subcommand(1);
  for (const auto& game : game_registry()) {
    if (!game.datagen_game) continue;
    const bool ready = static_cast<bool>(game.sparse_inputs.active);
    auto* command = train->add_subcommand(
        game.name, "train an evaluation for " + game.title + (ready ? "" : " (no sparse inputs yet)"));
    auto a = std::make_shared<TrainArgs>();
    command->add_option("--data", a->data, "labelled positions (gamelab datagen): one file, or several trained on as one set")
        ->expected(1, 1 << 16);
    command->add_option("--campaign", a->campaign, "campaign folder (made; with --resume, the one to continue)")->required();
    command->add_flag("--resume", a->resume, "continue the campaign in --campaign after a stop or a kill (its settings)");
    command->add_option("--form", a->form, "network (default) or linear")->check(CLI::IsMember({"linear", "network"}));
    command->add_option("--hidden", a->hidden, "network: hidden units per perspective (default 32)")->check(CLI::Range(1, 1024));
    command->add_option("--epochs", a->epochs, "passes over the training positions (default 10)")->check(CLI::Range(0, 1000000));
    command->add_option("--batch", a->batch, "positions per Adam step (default 16384)")->check(CLI::Range(1, 1 << 24));
    command->add_option("--learning-rate", a->learning_rate, "Adam's step size (default 0.01)")->check(CLI::PositiveNumber);
    command->add_option("--lr-gamma", a->lr_gamma, "the learning rate is multiplied by this after each epoch (default 0.9)")
        ->check(CLI::Range(0.0, 1.0));
    command->add_option("--wdl", a->wdl,
                        "target = wdl x result + (1 - wdl) x sigmoid(score / scale), where the data has search scores "
                        "(default 1: the result alone)")
        ->check(CLI::Range(0.0, 1.0));
    command->add_option("--scale", a->scale,
                        "engine units per logit (default: fitted to the data's search scores, else 100)")
        ->check(CLI::Range(1, 100000));
    command->add_option("--base", a->base,
                        "fit the residual over the hand-made evaluation of these parameters (a parameter or release "
                        "file), which the engine adds the file to (evalmode=add); default: none")
        ->check(CLI::ExistingFile);
    command->add_option("--init", a->init,
                        "start from this evaluation file's weights (of the game, the form and --hidden) instead of "
                        "random ones: a warm start, to go on training a network on new data; default: none")
        ->check(CLI::ExistingFile);
    command->add_option("--validation", a->validation, "fraction of games held out (default 0.1)")->check(CLI::Range(0.0, 0.99));
    command->add_option("--seed", a->seed, "seed of the split, the initial weights and the order (default 1)");
    command->add_option("--threads", a->threads, "threads (default 1; the weights do not depend on it)")->check(CLI::Range(1, 512));
    command->callback([&game, command, a] {
      const dist::ProcessGroup& group = dist::ProcessGroup::world();
      on_group(group, [&] {
        if (!game.sparse_inputs.active) {
          throw InputError("gamelab train " + game.name + ": " + game.title +
                           " has no sparse inputs yet (GameEntry::sparse_inputs); games that have them: " + games_with_inputs());
        }
        const int threads = command->count("--threads") ? a->threads : 0;
        if (a->resume) {
          if (group.root()) {
            for (const char* flag : {"--data", "--form", "--hidden", "--batch", "--learning-rate", "--lr-gamma", "--wdl",
                                     "--scale", "--validation", "--seed", "--base", "--init"}) {
              if (command->count(flag) > 0) {
                throw InputError(std::string(flag) + ": --resume continues with the campaign's settings (only --threads and "
                                 "--epochs may change)");
              }
            }
            const TrainSettings s = TrainSettings::from_json(
                read_json_file(tuner::campaign_file(a->campaign, "config.json")), a->campaign + "/config.json");
            if (s.game != game.name) throw InputError(a->campaign + ": a campaign of " + s.game + ", not " + game.name);
          }
          run_campaign(group, a->campaign, threads, command->count("--epochs") ? a->epochs : -1, nullptr);
          return;
        }
        std::optional<TrainSet> data;  // rank 0 reads it to fingerprint it and fit the scale; the others in run_campaign
        if (group.root()) {
          if (a->data.empty()) throw InputError("--data: give the labelled positions (gamelab datagen), or --resume");
          if (std::filesystem::exists(tuner::campaign_file(a->campaign, "config.json"))) {
            throw InputError(a->campaign + " already holds a campaign; continue it with --resume");
          }
          TrainOptions options = train_options(*a);
          HandmadeValue base;
          if (!a->base.empty()) {
            check_residual_game(game, "gamelab train " + game.name + " --base");
            const ParamSet params = ParamSet::load_file(a->base, game.default_params());
            const HandmadeEval handmade = residual_base(game, params, "gamelab train " + game.name + " --base");
            options.base_params = std::filesystem::absolute(a->base).string();
            options.base_fingerprint = params.fingerprint_hex();
            options.base_units = handmade.units_per_logit;
            base = handmade.value;
          }
          data = load_train_set(game, a->data, a->validation, a->seed, a->threads, std::cerr, base);
          TrainCampaign::create(a->campaign, new_train_settings(game, options, a->data, *data, std::cerr));
        }
        run_campaign(group, a->campaign, 0, -1, data ? &*data : nullptr);
      });
    });
  }
}

}  // namespace gamelab::cli
