// gamelab tune spsa|texel|resume|verify: tuning campaigns (tuner/). Wiring only.
#include <filesystem>
#include <limits>
#include <set>
#include <type_traits>
#include <iostream>
#include <memory>
#include <optional>

#include "commands.hpp"
#include "core/error.hpp"
#include "core/json_file.hpp"
#include "core/text_file.hpp"
#include "eval/match/engine_arg.hpp"
#include "eval/match/referee_game.hpp"
#include "registry/game_registry.hpp"
#include "sprt_arg.hpp"
#include "tuner/campaign_files.hpp"
#include "distributed.hpp"
#include "tuner/spsa/campaign.hpp"
#include "tuner/spsa/registry_player.hpp"
#include "tuner/spsa/verify.hpp"
#include "tuner/texel/campaign.hpp"

namespace gamelab::cli {

namespace {

using namespace gamelab::tuner;
using dist::ProcessGroup;

struct SpsaArgs {
  bool resume = false;
  std::string game;  // recipes only (the command names it)
  std::string params, limit, verify_limit, campaign, openings, boards, sprt = "elo0=0,elo1=10";
  std::string engine;  // an external bot to tune (cmd=...), instead of the lab's engine
  std::string eval_file;  // the lab's engine evaluates with this learned evaluation file
  int iterations = 0, pairs = 4, concurrency = 1, verify_games = 2000;
  std::uint64_t seed = 1;
};

struct TexelArgs {
  bool resume = false;
  std::string data, params, campaign;
  int epochs = 1000, concurrency = 1;
  double learning_rate = 1.0, validation = 0.1, lambda = 1.0;
  std::uint64_t seed = 1;
};

struct ResumeArgs {
  std::string campaign;
  int concurrency = 0;
  bool no_verify = false;
};

struct RecipeArgs {
  std::string recipe, campaign;
  int concurrency = 0;
  bool no_verify = false;
};

struct VerifyArgs {
  std::string campaign, sprt, limit, suite;
  int games = 0, concurrency = 0;
  bool best = false;
};

void print_verify(const VerifyReport& report) {
  std::cout << eval::summary_text(report.summary, report.config);
  std::string verdict_file = report.config.records;
  verdict_file.resize(verdict_file.size() - std::string_view(".jsonl").size());
  std::cout << "verdict " << report.verdict["verdict"].get<std::string>() << " at " << report.verdict["limits"].get<std::string>()
            << " (" << report.config.records << ", " << verdict_file << ".json)\n";
}

// A campaign of a game played by its referee (docs/tools/referee.md) keeps the referee's definition
// in config.json ("referee"); every rank registers it before the game is looked up by name. Nothing
// for a campaign of the lab's own games. With `share`, rank 0 sends it to the others (which must all
// call this); without, only the caller reads it (the serving ranks of a match learn it from its job).
void register_campaign_referee(const ProcessGroup& group, const std::string& dir, bool share = true) {
  std::string text;
  if (group.root() || !share) {
    const std::string config = campaign_file(dir, "config.json");
    if (std::filesystem::exists(config)) {
      const auto data = read_json_file(config);
      if (data.is_object() && data.contains("referee")) text = data["referee"].dump();
    }
  }
  if (share) text = group.broadcast(text);
  if (!text.empty()) {
    eval::register_referee_game(eval::referee_spec_from_json(nlohmann::json::parse(text), dir + "/config.json: referee"));
  }
}

// Plays the campaign in `dir` to its end on every rank of `group`, then (rank 0) verifies it.
void run_spsa(const ProcessGroup& group, const std::string& dir, int concurrency, bool verify) {
  register_campaign_referee(group, dir);
  std::optional<SpsaCampaign> campaign;
  if (group.root()) {
    campaign = SpsaCampaign::load(dir, std::cerr);
    campaign->write_parameter_files();
  }
  const std::string text = group.broadcast(group.root() ? campaign->serialize() : std::string());
  if (!group.root()) campaign = SpsaCampaign::deserialize(text);
  if (concurrency > 0) campaign->settings().concurrency = concurrency;
  const SpsaSettings& s = campaign->settings();
  const PairPlayer player = registry_pair_player(s, campaign->positions(), s.concurrency);
  if (group.root()) {
    std::cerr << "spsa " << s.game << ": " << s.tuned.size() << " parameters, iteration " << campaign->done() << "/"
              << campaign->iterations() << ", " << s.pairs_per_iteration << " pairs per iteration at " << s.limits << ", "
              << group.size() << (group.size() == 1 ? " process" : " ranks") << " x " << s.concurrency << " threads"
              << std::endl;
  }
  campaign->run(player, group, group.root() ? &std::cerr : nullptr, {});
  drive(group, [&] {  // the report and the verification match: rank 0 drives it, the others serve
    std::cout << "spsa " << s.game << ": " << campaign->done() << "/" << campaign->iterations() << " iterations ("
              << 2LL * s.pairs_per_iteration * campaign->done() << " games); " << dir << "/current.json:\n";
    const ParamSet current = campaign->current();
    for (const auto& name : s.tuned) {
      std::cout << "  " << name << " " << s.base.value(name) << " -> " << current.value(name) << "\n";
    }
    const bool verified = std::filesystem::exists(campaign_file(dir, "verify.json"));
    if (verify && s.verify_games > 0 && campaign->done() == campaign->iterations() && !verified) {
      VerifyOptions options;
      options.concurrency = concurrency;
      print_verify(verify_campaign(*campaign, options, std::cerr));
    }
  });
}

// The verification limit of a two-stage campaign must be longer than the tuning limit: fishtest
// verifies at 6-8 times its tuning time control, because a change that wins short games often does
// not win long ones. With nodes, at least 8 times; with depth, deeper.
void check_verify_limit(const SearchLimits& tuning, const std::string& text) {
  const SearchLimits verify = parse_limits(text, "--verify-limit");
  if (!verify.reproducible()) throw InputError("--verify-limit: verification needs nodes=N or depth=D (reproducible), not movetime");
  if (tuning.nodes && verify.nodes && *verify.nodes < 8 * *tuning.nodes) {
    throw InputError("--verify-limit " + text + ": at least 8 x the tuning limit (nodes=" + std::to_string(8 * *tuning.nodes) +
                     ") or leave it out to verify at the tuning limit");
  }
  if (tuning.depth && verify.depth && *verify.depth <= *tuning.depth) {
    throw InputError("--verify-limit " + text + ": deeper than the tuning limit (depth=" + std::to_string(*tuning.depth) + ")");
  }
}

// Writes a new SPSA campaign's folder from the command's (or a recipe's) arguments.
void create_spsa_campaign(const GameEntry& game, const SpsaArgs& a) {
  SpsaSettings s;
  s.game = game.name;
  s.seed = a.seed;
  s.pairs_per_iteration = a.pairs;
  if (!a.engine.empty()) {
    // A team's own bot: the lab hands it each game's values ({params}, GAMELAB_PARAMS) and its node
    // budget ({nodes}, GAMELAB_NODES); it declares its parameters in --params.
    const eval::EngineArg bot = eval::parse_engine_arg("name=bot," + a.engine, game);
    if (!bot.player.external()) throw InputError("--engine '" + a.engine + "': give the bot's command, cmd=\"...\"");
    if (bot.player.params.size() || bot.player.limits.any()) {
      throw InputError("--engine '" + a.engine + "': the parameters come from --params and the node budget from --limit");
    }
    if (a.params.empty()) throw InputError("--engine: give the bot's parameters with --params (an OpenBench SPSA text)");
    s.bot_command = bot.player.command;
    s.bot_protocol = bot.player.protocol;
    s.bot_time_limit_s = bot.player.time_limit_s;
  }
  if (s.external() && !a.eval_file.empty()) {
    throw InputError("--eval is the lab's engine's: a bot (--engine) evaluates as it likes");
  }
  // A release file as --params plays with its learned evaluation, as its bots do (--eval none: without).
  if (const LearnedEvalSpec learned = s.external() ? LearnedEvalSpec{} : eval::chosen_eval(a.eval_file, "", a.params, "--eval");
      !learned.empty()) {
    eval::check_learned_eval(learned.file, game);
    s.learned.file = std::filesystem::absolute(learned.file).string();  // a resume may start elsewhere
    s.learned.add = learned.add;
  }
  const bool clock = s.external() && a.limit == "clock";
  const SearchLimits limits = clock ? SearchLimits{} : parse_limits(a.limit, "--limit");
  if (s.external() && !clock && (!limits.nodes || limits.depth || limits.movetime_ms)) {
    throw InputError("--limit " + a.limit + ": a bot is tuned at nodes=N (its node budget, reproducible) or at clock "
                     "(its own time limit; the games vary from run to run)");
  }
  if (!s.external() && !limits.reproducible()) {
    throw InputError("--limit: tuning needs nodes=N or depth=D (reproducible), not movetime");
  }
  s.limits = clock ? "clock" : to_string(limits);
  if (!a.verify_limit.empty()) {
    if (clock || (s.external() && a.verify_limit == "clock")) {
      throw InputError("--verify-limit: a bot tuned on its clock is verified on its clock; leave --verify-limit out");
    }
    check_verify_limit(limits, a.verify_limit);
    s.verify_limits = to_string(parse_limits(a.verify_limit, "--verify-limit"));
  }
  s.concurrency = a.concurrency;
  s.schedule = SpsaSchedule::for_iterations(a.iterations);
  if (s.external()) {
    s.base = ParamSet::declared_file(a.params, game.name);
  } else {
    s.base = a.params.empty() ? game.default_params() : ParamSet::load_file(a.params, game.default_params());
  }
  const ParamSet& defaults = s.base;
  s.params_source = a.params.empty() ? "(defaults)" : a.params;
  std::vector<std::string> listed;
  if (a.params.empty() || s.external()) {
    for (const auto& p : defaults.all()) listed.push_back(p.name);
  } else {
    listed = listed_parameter_names(a.params);
  }
  std::vector<std::string> fixed;
  for (const auto& name : listed) {
    const Param& p = s.base.at(s.base.index_of(name));
    (p.c_end > 0 && p.r_end > 0 && p.min < p.max ? s.tuned : fixed).push_back(name);
  }
  if (!fixed.empty()) {
    std::cerr << "spsa: kept fixed (c_end or r_end 0, or min = max):";
    for (const auto& f : fixed) std::cerr << " " << f;
    std::cerr << "\n";
  }
  if (s.tuned.empty()) throw InputError((a.params.empty() ? "defaults" : a.params) + ": no parameter to tune");
  s.verify_games = a.verify_games;
  s.verify_sprt = parse_sprt_arg(a.sprt);
  s.openings_source = !a.openings.empty() ? a.openings : !a.boards.empty() ? a.boards : "(the game's default suite)";
  SpsaCampaign::create(a.campaign, s, campaign_positions(game.name, a.openings, a.boards, a.seed));
}

// `gamelab tune spsa --referee CMD --game-name NAME --engine 'cmd="..."' --params BOT.spsa ...`: a team's
// bot tuned on a game the lab has no code for, through the game's own referee (docs/tools/referee.md).
// Each player of a game gets its own program carrying its values (referee_game.hpp). The referee's
// definition goes into the campaign's config.json, so that resume and verify need no options.
void add_referee_spsa(CLI::App& spsa) {
  auto a = std::make_shared<SpsaArgs>();
  auto referee = std::make_shared<RefereeArgs>();
  spsa.add_option("--params", a->params, "with --referee: the bot's parameters (OpenBench SPSA text)");
  spsa.add_option("--iterations", a->iterations, "SPSA iterations N")->check(CLI::Range(1, 100000000));
  spsa.add_option("--pairs-per-iteration", a->pairs, "game pairs per iteration K (default 4)")->check(CLI::Range(1, 100000));
  spsa.add_option("--seed", a->seed, "seed (default 1)");
  spsa.add_option("--limit", a->limit, "with --referee: the bot's budget, nodes=N (GAMELAB_NODES) or clock");
  spsa.add_option("--engine", a->engine, "with --referee: the bot, cmd=\"COMMAND\"");
  spsa.add_option("--campaign", a->campaign, "campaign folder (made; must not hold a campaign)");
  spsa.add_option("--concurrency", a->concurrency, "games at once per process (default 1)")->check(CLI::Range(1, 512));
  spsa.add_option("--verify-games", a->verify_games, "games of the verification match at the end, 0 = none (default 2000)")
      ->check(CLI::Range(0, 100000000));
  spsa.add_option("--sprt", a->sprt, "verification SPRT (default elo0=0,elo1=10,alpha=0.05,beta=0.05)");
  spsa.add_option("--verify-limit", a->verify_limit, "the verification's limit, at least 8 x --limit (default: --limit)");
  add_referee_options(spsa, *referee);
  spsa.callback([&spsa, a, referee] {
    if (!spsa.get_subcommands().empty()) return;  // a game of the lab's: its own callback ran
    require_game_or_referee(spsa, *referee, "gamelab tune spsa");
    const ProcessGroup& group = ProcessGroup::world();
    on_group(group, [&] {
      if (group.root()) {
        const eval::RefereeSpec spec = referee_spec(*referee);
        const GameEntry& game = eval::register_referee_game(spec);
        if (a->engine.empty()) throw InputError("--engine cmd=\"COMMAND\": through a referee the lab tunes your own bot");
        if (a->iterations < 1) throw InputError("--iterations N: give the number of SPSA iterations");
        if (a->limit.empty()) throw InputError("--limit: the bot's budget, nodes=N (GAMELAB_NODES) or clock");
        if (a->campaign.empty()) throw InputError("--campaign DIR: the campaign's folder");
        create_spsa_campaign(game, *a);
        const std::string config = campaign_file(a->campaign, "config.json");
        auto data = nlohmann::ordered_json::parse(read_text_file(config));
        data["referee"] = eval::referee_spec_json(spec);
        write_file_atomic(config, data.dump(2) + "\n");
      }
      run_spsa(group, a->campaign, 0, true);
    });
  });
}

// `--resume` continues a campaign with the settings its config.json holds: only the folder and the
// threads are taken, any other option given is refused by name.
void refuse_settings_on_resume(const CLI::App& command, const CLI::Option* resume, const CLI::Option* concurrency) {
  for (const CLI::Option* option : command.get_options()) {
    if (option->count() && option != resume && option != concurrency && option->get_name() != "--campaign") {
      throw InputError(option->get_name() + ": with --resume the campaign goes on with its own settings " +
                       "(config.json); give --campaign DIR and at most --concurrency");
    }
  }
}

void add_spsa(CLI::App& tune) {
  auto* spsa = tune.add_subcommand("spsa", "SPSA campaign: tune parameters by self-play game pairs");
  spsa->require_subcommand(0, 1);
  add_referee_spsa(*spsa);
  for (const auto& game : game_registry()) {
    if (!game.play_game || !game.default_params) continue;
    auto* command = spsa->add_subcommand(game.name, "an SPSA campaign for " + game.title);
    auto a = std::make_shared<SpsaArgs>();
    command->add_option("--params", a->params,
                        "parameters to tune (JSON or OpenBench SPSA text; those it lists with c_end, r_end > 0 are "
                        "tuned, the rest stay at their defaults; default: every tunable parameter)");
    auto* iterations = command->add_option("--iterations", a->iterations, "SPSA iterations N (required, but with --resume)")
                           ->check(CLI::Range(1, 100000000));
    command->add_option("--pairs-per-iteration", a->pairs, "game pairs per iteration K (default 4)")
        ->check(CLI::Range(1, 100000));
    command->add_option("--seed", a->seed, "seed (default 1)");
    auto* limit = command->add_option("--limit", a->limit,
                                      "engines' limit: nodes=N or depth=D; an external bot: nodes=N or clock (required, but with --resume)");
    command->add_option("--engine", a->engine,
                        "tune a team's own bot instead of the lab's engine: cmd=\"COMMAND\"[,protocol=NAME][,timelimit=S]; it "
                        "declares its parameters in --params (docs/tools/your-bot.md)");
    if (game.learned_eval) {
      command->add_option("--eval", a->eval_file,
                          "the lab's engine evaluates with this learned evaluation file (both sides; docs/tools/train.md §8)");
    }
    command->add_option("--campaign", a->campaign, "campaign folder (made; must not hold a campaign; with --resume, the one to continue)")
        ->required();
    auto* resume = command->add_flag("--resume", a->resume,
                                     "continue the campaign in --campaign after a crash or a kill, with its own settings "
                                     "(its config.json's)");
    auto* concurrency = command->add_option("--concurrency", a->concurrency, "games at once per process (default 1)")
                            ->check(CLI::Range(1, 512));
    command->add_option("--openings", a->openings, "opening suite (default: the game's suite in datasets/)");
    command->add_option("--boards", a->boards, "board folder (simultaneous games)");
    command->add_option("--verify-games", a->verify_games, "games of the verification match at the end, 0 = none (default 2000)")
        ->check(CLI::Range(0, 100000000));
    command->add_option("--sprt", a->sprt, "verification SPRT (default elo0=0,elo1=10,alpha=0.05,beta=0.05)");
    command->add_option("--verify-limit", a->verify_limit,
                        "the verification's limit, at least 8 x --limit for nodes (default: --limit): tune short, "
                        "verify long");
    command->callback([&game, a, command, iterations, limit, resume, concurrency] {
      const ProcessGroup& group = ProcessGroup::world();
      if (resume->count()) {
        refuse_settings_on_resume(*command, resume, concurrency);
        on_group(group, [&] { run_spsa(group, a->campaign, concurrency->count() ? a->concurrency : 0, true); });
        return;
      }
      if (!iterations->count()) throw InputError("--iterations N is required (or --resume)");
      if (!limit->count()) throw InputError("--limit is required (or --resume)");
      on_group(group, [&] {
        if (group.root()) create_spsa_campaign(game, *a);
        run_spsa(group, a->campaign, 0, true);
      });
    });
  }
  spsa->allow_extras();  // a word that is no game reaches the referee's callback, which refuses it
}

// A recipe (tuner/recipes/<game>.json) is the `gamelab tune spsa` command of a campaign written down,
// so that one command starts the campaign behind a release, or continues it on another machine:
//   {"game": "jumpchess", "campaign": "tuner/campaigns/jumpchess/…", "params": "….spsa",
//    "iterations": 800, "pairs_per_iteration": 4, "seed": 2, "limit": "nodes=1000",
//    "verify_limit": "nodes=10000", "verify_games": 4000, "sprt": "elo0=0,elo1=10",
//    "openings": "…" or "boards": "…", "concurrency": 2, "about": "why these choices",
//    "engine": "cmd=\"python3 mybot.py\"" for a team's own bot (docs/tools/your-bot.md)}
// Paths are relative to the folder the command runs in (the repository's root). Unknown members are
// refused: a misspelt "verify_limt" would silently verify at the tuning limit.
SpsaArgs read_recipe(const std::string& path) {
  const nlohmann::json data = read_json_file(path);
  if (!data.is_object()) throw InputError(path + ": a recipe is a JSON object");
  SpsaArgs a;
  const auto text = [&](const char* key, std::string& out, bool required) {
    if (!data.contains(key)) {
      if (required) throw InputError(path + ": the recipe needs \"" + std::string(key) + "\"");
      return;
    }
    if (!data[key].is_string()) throw InputError(path + ": \"" + std::string(key) + "\" must be a string");
    out = data[key].get<std::string>();
  };
  const auto number = [&](const char* key, auto& out, long long lo, long long hi, bool required) {
    if (!data.contains(key)) {
      if (required) throw InputError(path + ": the recipe needs \"" + std::string(key) + "\"");
      return;
    }
    if (!data[key].is_number_integer() || data[key].get<long long>() < lo || data[key].get<long long>() > hi) {
      throw InputError(path + ": \"" + std::string(key) + "\" must be an integer in [" + std::to_string(lo) + ", " +
                       std::to_string(hi) + "]");
    }
    out = static_cast<std::remove_reference_t<decltype(out)>>(data[key].get<long long>());
  };
  static const std::set<std::string> known = {"about", "game", "campaign", "params", "iterations", "pairs_per_iteration",
                                              "seed", "limit", "verify_limit", "verify_games", "sprt", "openings",
                                              "boards", "concurrency", "engine"};
  for (const auto& item : data.items()) {
    if (!known.count(item.key())) throw InputError(path + ": unknown recipe member \"" + item.key() + "\"");
  }
  text("game", a.game, true);
  text("campaign", a.campaign, true);
  text("params", a.params, false);
  text("engine", a.engine, false);
  text("limit", a.limit, true);
  text("verify_limit", a.verify_limit, false);
  text("sprt", a.sprt, false);
  text("openings", a.openings, false);
  text("boards", a.boards, false);
  number("iterations", a.iterations, 1, 100000000, true);
  number("pairs_per_iteration", a.pairs, 1, 100000, false);
  number("seed", a.seed, 0, std::numeric_limits<long long>::max(), false);
  number("verify_games", a.verify_games, 0, 100000000, false);
  number("concurrency", a.concurrency, 1, 512, false);
  return a;
}

void add_recipe(CLI::App& tune) {
  auto* recipe = tune.add_subcommand("recipe", "start the SPSA campaign a recipe file describes, or continue it");
  auto r = std::make_shared<RecipeArgs>();
  recipe->add_option("recipe", r->recipe, "recipe file (tuner/recipes/<game>.json)")->required();
  recipe->add_option("--campaign", r->campaign, "campaign folder (default: the recipe's)");
  recipe->add_option("--concurrency", r->concurrency, "threads per process (default: the recipe's)")->check(CLI::Range(1, 512));
  recipe->add_flag("--no-verify", r->no_verify, "skip the verification match at the end");
  recipe->callback([r] {
    const ProcessGroup& group = ProcessGroup::world();
    on_group(group, [&] {
      std::string dir;
      if (group.root()) {
        SpsaArgs a = read_recipe(r->recipe);
        if (!r->campaign.empty()) a.campaign = r->campaign;
        if (r->concurrency > 0) a.concurrency = r->concurrency;
        if (std::filesystem::exists(campaign_file(a.campaign, "config.json"))) {
          std::cerr << "recipe " << r->recipe << ": " << a.campaign << " holds the campaign; continuing it\n";
        } else {
          create_spsa_campaign(find_game(a.game), a);
        }
        dir = a.campaign;
      }
      dir = group.broadcast(dir);
      run_spsa(group, dir, r->concurrency, !r->no_verify);
    });
  });
}

// Runs the Texel campaign in `dir` to its last epoch and prints the tuned weights. `data` is the
// campaign's data when the caller has just read it (a new campaign), else it is read here.
void run_texel(const std::string& dir, int concurrency, TexelDataset* data) {
  TexelCampaign campaign = TexelCampaign::load(dir, std::cerr);
  if (concurrency > 0) campaign.settings().concurrency = concurrency;
  const TexelSettings& s = campaign.settings();
  std::optional<TexelDataset> loaded;
  if (!data) {
    loaded = load_texel_dataset(find_game(s.game), s.data, s.validation, s.seed, s.concurrency, std::cerr);
    data = &*loaded;
  }
  campaign.run(*data, &std::cerr, {});
  const TexelCheckpoint& c = campaign.checkpoint();
  std::cout << "texel " << s.game << ": " << c.epoch << "/" << s.epochs << " epochs, K " << c.k << ", train MSE "
            << c.train_mse << ", validation MSE " << c.validation_mse << "; best epoch " << c.best_epoch << "\n";
  const ParamSet best = campaign.params_with(c.best_weights);
  for (std::size_t j = 0; j < s.eval_weights; ++j) {
    std::cout << "  " << s.base.at(j).name << " " << s.base.value(j) << " -> " << best.value(j) << "\n";
  }
  std::cout << "wrote " << dir << "/best.json and " << dir << "/current.json\n";
}

void add_texel(CLI::App& tune) {
  auto* texel = tune.add_subcommand("texel", "Texel tuning of the evaluation weights on labelled positions");
  texel->require_subcommand(1);
  for (const auto& game : game_registry()) {
    if (!game.features || game.eval_weights == 0) continue;
    auto* command = texel->add_subcommand(game.name, "Texel tuning for " + game.title);
    auto a = std::make_shared<TexelArgs>();
    auto* data = command->add_option("--data", a->data, "labelled positions (from gamelab datagen; required, but with --resume)");
    command->add_option("--params", a->params, "starting parameters (JSON or SPSA text; default: the engine's)");
    command->add_option("--campaign", a->campaign, "campaign folder (made; must not hold a campaign; with --resume, the one to continue)")
        ->required();
    auto* resume = command->add_flag("--resume", a->resume,
                                     "continue the campaign in --campaign after a crash or a kill, with its own settings "
                                     "(its config.json's)");
    command->add_option("--epochs", a->epochs, "full-batch Adam steps (default 1000)")->check(CLI::Range(0, 100000000));
    command->add_option("--learning-rate", a->learning_rate, "Adam's step size, in weight units (default 1)")
        ->check(CLI::PositiveNumber);
    command->add_option("--validation", a->validation, "fraction of games held out (default 0.1)")->check(CLI::Range(0.0, 0.99));
    command->add_option("--seed", a->seed, "seed of the validation split (default 1)");
    command->add_option("--lambda", a->lambda,
                        "labels: lambda x result + (1 - lambda) x sigmoid(K x the self-play search's score), where the "
                        "data has scores (default 1: the result alone)")
        ->check(CLI::Range(0.0, 1.0));
    auto* concurrency = command->add_option("--concurrency", a->concurrency, "threads (default 1)")->check(CLI::Range(1, 512));
    command->callback([&game, a, command, data, resume, concurrency] { run_driven([&] {
      if (resume->count()) {
        refuse_settings_on_resume(*command, resume, concurrency);
        run_texel(a->campaign, concurrency->count() ? a->concurrency : 0, nullptr);
        return;
      }
      if (!data->count()) throw InputError("--data FILE is required (or --resume)");
      TexelSettings s;
      s.game = game.name;
      s.data = std::filesystem::absolute(a->data).string();
      const ParamSet defaults = game.default_params();
      s.base = a->params.empty() ? defaults : ParamSet::load_file(a->params, defaults);
      s.params_source = a->params.empty() ? "(defaults)" : a->params;
      s.eval_weights = game.eval_weights;
      s.epochs = a->epochs;
      s.learning_rate = a->learning_rate;
      s.validation = a->validation;
      s.seed = a->seed;
      s.concurrency = a->concurrency;
      s.lambda = a->lambda;
      // Read the data once to fingerprint it; the run below checks the fingerprint against the file.
      const std::string config = campaign_file(a->campaign, "config.json");
      if (std::filesystem::exists(config)) {
        throw InputError(a->campaign + " already holds a campaign; continue it with --campaign " + a->campaign + " --resume");
      }
      TexelDataset data = load_texel_dataset(game, s.data, s.validation, s.seed, s.concurrency, std::cerr);
      s.data_positions = data.positions;
      s.data_hash = data.file_hash;
      TexelCampaign::create(a->campaign, s);
      run_texel(a->campaign, 0, &data);
    }); });
  }
}

std::string campaign_kind(const std::string& dir) {
  const std::string config = campaign_file(dir, "config.json");
  if (!std::filesystem::exists(config)) throw InputError(dir + ": no campaign here (no config.json)");
  const auto data = read_json_file(config);
  if (!data.is_object() || !data.contains("kind") || !data["kind"].is_string()) {
    throw InputError(config + ": no \"kind\" (expected \"spsa\" or \"texel\")");
  }
  return data["kind"].get<std::string>();
}

}  // namespace

void add_tune_command(CLI::App& app) {
  auto* tune = app.add_subcommand("tune", "tuning campaigns: SPSA on game pairs, Texel on labelled positions");
  tune->require_subcommand(1);
  add_spsa(*tune);
  add_recipe(*tune);
  add_texel(*tune);

  // The old spelling of `tune spsa|texel <game> --campaign DIR --resume`: hidden, still accepted.
  auto* resume = tune->add_subcommand("resume", "");
  resume->group("");
  resume->preparse_callback([](std::size_t) {
    std::cerr << "note: tune resume DIR is an old spelling; the lab's form is tune spsa|texel <game> --campaign DIR --resume\n";
  });
  auto r = std::make_shared<ResumeArgs>();
  resume->add_option("campaign", r->campaign, "campaign folder")->required();
  resume->add_option("--concurrency", r->concurrency, "threads per process (default: the campaign's)")->check(CLI::Range(1, 512));
  resume->add_flag("--no-verify", r->no_verify, "SPSA: skip the verification match at the end");
  resume->callback([r] {
    const ProcessGroup& group = ProcessGroup::world();
    on_group(group, [&] {
      // Rank 0 reads the folder; the other ranks learn the kind from it.
      const std::string kind = group.broadcast(group.root() ? campaign_kind(r->campaign) : std::string());
      if (kind == "spsa") {
        run_spsa(group, r->campaign, r->concurrency, !r->no_verify);
      } else if (kind == "texel") {
        drive(group, [&] { run_texel(r->campaign, r->concurrency, nullptr); });
      } else {
        throw InputError(r->campaign + "/config.json: unknown campaign kind '" + kind + "'");
      }
    });
  });

  auto* verify = tune->add_subcommand("verify", "play an SPSA campaign's tuned parameters against its base (SPRT)");
  auto v = std::make_shared<VerifyArgs>();
  verify->add_option("campaign", v->campaign, "campaign folder")->required();
  verify->add_option("--games", v->games, "games (default: the campaign's, or 1000)")->check(CLI::Range(1, 100000000));
  verify->add_option("--sprt", v->sprt, "SPRT (default: the campaign's)");
  verify->add_option("--concurrency", v->concurrency, "games at once (default: the campaign's)")->check(CLI::Range(1, 512));
  verify->add_option("--limit", v->limit,
                     "the engines' limit (default: the campaign's verification limit); another limit writes "
                     "verify-<limit>.json beside verify.json; movetime=MS plays the bot's clock (timed: the games "
                     "vary from run to run)");
  verify->add_option("--suite", v->suite,
                     "a band suite (e.g. datasets/gate/<game>.json) instead of the campaign's openings: results per band");
  verify->add_flag("--best", v->best, "play best.json (the averaged trajectory) instead of current.json");
  verify->callback([v] { run_driven([&] {
    if (campaign_kind(v->campaign) != "spsa") throw InputError(v->campaign + ": verify is for SPSA campaigns");
    register_campaign_referee(ProcessGroup::world(), v->campaign, false);  // the serving ranks learn it from the job
    const SpsaCampaign campaign = SpsaCampaign::load(v->campaign, std::cerr);
    VerifyOptions options;
    options.games = v->games;
    options.concurrency = v->concurrency;
    options.best = v->best;
    options.suite = v->suite;
    options.limits = v->limit.empty() ? std::string() : to_string(parse_limits(v->limit, "--limit"));
    if (!v->sprt.empty()) options.sprt = parse_sprt_arg(v->sprt);
    print_verify(verify_campaign(campaign, options, std::cerr));
  }); });
}

}  // namespace gamelab::cli
