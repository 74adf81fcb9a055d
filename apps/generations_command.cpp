// gamelab generations <game>: learned evaluations made one from another, unattended and resumable
// (tuner/generations/). Wiring only: the flags become the campaign's settings, or are checked against
// them on --resume.
#include <filesystem>
#include <optional>
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "core/error.hpp"
#include "eval/distributed/process_group.hpp"
#include "eval/match/engine_arg.hpp"
#include "registry/game_registry.hpp"
#include "sprt_arg.hpp"
#include "tuner/campaign_files.hpp"
#include "tuner/generations/campaign.hpp"
#include "tuner/train/campaign.hpp"

namespace gamelab::cli {

namespace {

using namespace gamelab::generations;

struct GenerationsArgs {
  std::string campaign, params, eval_mode = "add", start_eval, stop_after;
  int generations = 3, threads = 1, concurrency = 1;
  std::uint64_t seed = 1;
  // data
  int games = 1000, random_plies = 8;
  std::string data_limit = "nodes=2000", data_openings;
  bool keep_tactical = false;
  // train
  std::string form = "network";
  int hidden = 32, epochs = 10, batch = 16384, scale = 0, data_window = 1;
  double learning_rate = 0.01, lr_gamma = 0.9, wdl = 0.5, validation = 0.1;
  bool residual = false, warm_start = false;
  // match
  std::string match_limit = "nodes=8000", openings, boards, suite, sprt = "elo0=0,elo1=10", undecided = "positive";
  int match_games = 400;
  bool resume = false;
};

// The settings the flags make, and the parameters they name.
GenerationsSettings settings_from_args(const GameEntry& game, const GenerationsArgs& a, ParamSet& params) {
  GenerationsSettings s;
  s.game = game.name;
  s.generations = a.generations;
  s.seed = a.seed;
  params = a.params.empty() ? game.default_params() : ParamSet::load_file(a.params, game.default_params());
  s.params_file = a.params;
  s.params_fingerprint = params.fingerprint_hex();
  s.eval_add = a.eval_mode != "replace";
  if (!a.start_eval.empty()) {
    s.start_eval_file = a.start_eval;
    s.start_eval_fingerprint = eval::check_learned_eval(a.start_eval, game);  // another game's or a broken file: refused here
  }
  s.data.games = a.games;
  s.data.limit = a.data_limit;
  s.data.openings = a.data_openings;
  s.data.random_plies = a.random_plies;
  s.data.keep_tactical = a.keep_tactical;
  s.train.form = train::parse_form(a.form);
  s.train.hidden = static_cast<std::uint32_t>(a.hidden);
  s.train.epochs = a.epochs;
  s.train.batch = static_cast<std::size_t>(a.batch);
  s.train.learning_rate = a.learning_rate;
  s.train.lr_gamma = a.lr_gamma;
  s.train.wdl = a.wdl;
  s.train.scale = a.scale;
  s.train.validation = a.validation;
  s.data_window = a.data_window;
  s.residual = a.residual;
  s.warm_start = a.warm_start;
  s.match.limit = a.match_limit;
  s.match.games = a.match_games;
  s.match.openings = a.openings;
  s.match.boards = a.boards;
  s.match.suite = a.suite;
  s.match.sprt = parse_sprt_arg(a.sprt);
  s.match.undecided = parse_undecided(a.undecided, "--undecided");
  return GenerationsSettings::from_json(s.to_json(), "the command line");  // the same checks as a stored campaign's
}

void run(const GameEntry& game, CLI::App* command, const GenerationsArgs& a) {
  if (dist::ProcessGroup::world().size() > 1) {
    throw InputError("gamelab generations runs on one process (its training runs on every rank, its self-play and "
                     "matches are driven by rank 0); run it without mpirun");
  }
  check_generations_game(game);
  const std::string config = tuner::campaign_file(a.campaign, "config.json");
  ParamSet params;
  const GenerationsSettings asked = settings_from_args(game, a, params);
  if (asked.residual) train::check_residual_game(game, "gamelab generations " + game.name + " --residual");
  if (a.resume) {
    const GenerationsSettings stored = read_settings(a.campaign);
    if (stored.game != game.name) throw InputError(a.campaign + ": a campaign of " + stored.game + ", not " + game.name);
    std::vector<std::string> given;
    for (const SettingFlag& f : setting_flags()) {
      if (command->count(f.flag) > 0) given.push_back(f.flag);
    }
    check_resume_flags(stored, asked, given, config);
    ResumeChanges changes;
    if (command->count("--generations") > 0 && a.generations != stored.generations) changes.generations = a.generations;
    if (command->count("--data-window") > 0 && a.data_window != stored.data_window) changes.data_window = a.data_window;
    if (command->count("--warm-start") > 0 && a.warm_start != stored.warm_start) changes.warm_start = a.warm_start;
    if (changes.any()) set_resume_settings(a.campaign, changes);
  } else {
    if (std::filesystem::exists(config)) throw InputError(a.campaign + " already holds a campaign; continue it with --resume");
    create_campaign(a.campaign, asked, params);
  }
  RunOptions options;
  options.threads = a.threads;
  options.concurrency = a.concurrency;
  if (!a.stop_after.empty()) options.stop_after = parse_step(a.stop_after, "--stop-after");
  const RunReport report = run_campaign(a.campaign, options, std::cerr);
  std::cout << journal_summary(report.journal);
  const std::string best_file = generation_eval(report.settings, report.next.best);
  const std::string best = generation_name(report.next.best) + ", " +
                           (best_file.empty() ? generation_description(report.settings, 0)
                                              : tuner::campaign_file(a.campaign, best_file));
  if (report.finished) {
    const int done = report.next.generation - 1;
    std::cout << "generations " << game.name << ": " << done << (done == 1 ? " generation" : " generations") << " done; best: " << best << "\n";
  } else {
    std::cout << "generations " << game.name << ": stopped before generation " << report.next.generation << "'s "
              << to_string(report.next.step) << " step; best so far: " << best << "; continue with: gamelab generations "
              << game.name << " --campaign " << a.campaign << " --resume\n";
  }
}

}  // namespace

void add_generations_command(CLI::App& app) {
  auto* generations = app.add_subcommand(
      "generations", "learned evaluations made one from another: self-play with the current best, training, an SPRT "
                     "match against it, promotion; resumable");
  generations->require_subcommand(1);
  for (const auto& game : game_registry()) {
    if (!game.datagen_game || !game.play_game) continue;
    const bool ready = game.learned_eval && game.sparse_inputs.active;
    auto* command = generations->add_subcommand(
        game.name, "generations of " + game.title + (ready ? "" : " (not yet: its engine plays no learned evaluation files)"));
    auto a = std::make_shared<GenerationsArgs>();
    command->add_option("--campaign", a->campaign, "campaign folder (made; with --resume, the one to continue)")->required();
    command->add_flag("--resume", a->resume, "continue the campaign after a stop or a kill (its settings; a flag that differs is refused)");
    command->add_option("--generations", a->generations, "generations to run (default 3; may grow on --resume)")
        ->check(CLI::Range(1, 1000));
    command->add_option("--seed", a->seed, "seed of every step of every generation (default 1)");
    command->add_option("--params", a->params, "engine parameters of every engine (default: the engine's)");
    command->add_option("--start-eval", a->start_eval,
                        "generation 0 plays with this learned evaluation file besides --params (e.g. "
                        "engines/" + game.name + "/release.eval), in the campaign's eval mode; copied into the campaign")
        ->check(CLI::ExistingFile);
    command->add_option("--eval-mode", a->eval_mode, "add (default): the learned output added to the hand-made evaluation; replace: instead of it")
        ->check(CLI::IsMember({"add", "replace"}));
    command->add_option("--games", a->games, "data: self-play games a generation (default 1000)")->check(CLI::Range(1, 100000000));
    command->add_option("--data-limit", a->data_limit, "data: the engine's limit per move, nodes=N or depth=D (default nodes=2000)");
    command->add_option("--data-openings", a->data_openings, "data: an opening suite to start from (default: the game's start)");
    command->add_option("--random-plies", a->random_plies, "data: seeded random plies before the engine plays (default 8)")
        ->check(CLI::Range(0, 1000));
    command->add_flag("--keep-tactical", a->keep_tactical, "data: keep positions inside tactics (captures pending)");
    command->add_option("--form", a->form, "train: network (default) or linear")->check(CLI::IsMember({"linear", "network"}));
    command->add_option("--hidden", a->hidden, "train: hidden units per perspective (default 32)")->check(CLI::Range(1, 1024));
    command->add_option("--epochs", a->epochs, "train: epochs a generation (default 10)")->check(CLI::Range(1, 1000000));
    command->add_option("--batch", a->batch, "train: positions per Adam step (default 16384)")->check(CLI::Range(1, 1 << 24));
    command->add_option("--learning-rate", a->learning_rate, "train: Adam's step size (default 0.01)")->check(CLI::PositiveNumber);
    command->add_option("--lr-gamma", a->lr_gamma, "train: learning rate factor per epoch (default 0.9)")->check(CLI::Range(0.0, 1.0));
    command->add_option("--wdl", a->wdl, "train: target = wdl x result + (1 - wdl) x sigmoid(score / scale) (default 0.5)")
        ->check(CLI::Range(0.0, 1.0));
    command->add_option("--scale", a->scale, "train: engine units per logit (default: fitted to each generation's data)")
        ->check(CLI::Range(1, 100000));
    command->add_option("--validation", a->validation, "train: fraction of games held out (default 0.1)")->check(CLI::Range(0.0, 0.99));
    command->add_option("--data-window", a->data_window,
                        "train: generation K trains on the data of generations K-N+1..K (default 1: its own; may change "
                        "on --resume, for the generations still to train)")
        ->check(CLI::Range(1, 1000));
    command->add_flag("--warm-start", a->warm_start,
                      "train: each generation starts from the weights of the best so far (the file that played its "
                      "data) instead of random ones; may change on --resume (--warm-start=false), for the generations "
                      "still to train");
    command->add_flag("--residual", a->residual,
                      "train: fit each network over the hand-made evaluation of --params, which it is added to "
                      "(gamelab train --base; eval mode add)");
    command->add_option("--match-limit", a->match_limit, "match: both engines' limit, nodes=N or depth=D (default nodes=8000)");
    command->add_option("--match-games", a->match_games, "match: the cap, in games (default 400)")->check(CLI::Range(2, 100000000));
    command->add_option("--openings", a->openings, "match: opening suite (default: the match runner's for the game)");
    command->add_option("--boards", a->boards, "match: folder of board files (simultaneous games)");
    command->add_option("--suite", a->suite, "match: a band suite, e.g. datasets/gate/" + game.name + ".json");
    command->add_option("--sprt", a->sprt, "match: elo0=0,elo1=10 (default)[,alpha=0.05,beta=0.05,model=logistic|normalized]");
    command->add_option("--undecided", a->undecided,
                        "match: at the cap without a verdict, positive (default: promote when the Elo is above 0) or keep")
        ->check(CLI::IsMember({"keep", "positive"}));
    command->add_option("--threads", a->threads, "train: threads (default 1; the weights do not depend on it)")->check(CLI::Range(1, 512));
    command->add_option("--concurrency", a->concurrency, "data and match: games at once (default 1; the games do not depend on it)")
        ->check(CLI::Range(1, 512));
    command->add_option("--stop-after", a->stop_after, "stop once a step of this kind is done: data, train or match (continue with --resume)")
        ->check(CLI::IsMember({"data", "train", "match"}));
    command->callback([&game, command, a] { run(game, command, *a); });
  }
}

}  // namespace gamelab::cli
