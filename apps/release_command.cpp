// gamelab release <game>: the release gate (eval/release/release_gate.hpp) from the command line.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "old_spelling.hpp"
#include "distributed.hpp"
#include "core/error.hpp"
#include "eval/release/release_gate.hpp"
#include "eval/release/release_report.hpp"
#include "perft_against.hpp"
#include "registry/perft_suite.hpp"
#include "registry/game_registry.hpp"
#include "sprt_arg.hpp"

namespace gamelab::cli {

namespace {

struct ReleaseArgs {
  eval::ReleaseGateOptions options;
  int games = 0;
  std::string sprt;
  std::string perft_against;  // a bot's own perft script, checked on the game's dataset first
  bool limit_given = false;
};

// A bot's perft script against the game's dataset (`gamelab perft --against CMD --check`), as the gate's
// perft step: its output goes to standard error, its verdict into the gate's data.
nlohmann::ordered_json bot_perft(const GameEntry& game, const std::string& command) {
  const std::string dataset = default_perft_dataset(game.name);
  std::cerr << "perft: " << command << " against " << dataset << "\n";
  const int code = perft_against_suite(game, dataset, 0, AgainstOptions{command}, std::cerr);
  return {{"against", command}, {"dataset", "datasets/perft/" + game.name + ".json"},
          {"result", code == 0 ? "ok" : code == 1 ? "differs" : "fault"}};
}

void run(const GameEntry& game, ReleaseArgs& args) {
  eval::ReleaseGateOptions options = args.options;
  options.game = game.name;
  if (args.games > 0) options.games = args.games;
  if (!args.sprt.empty()) options.sprt = parse_sprt_arg(args.sprt);
  if (!options.bot.empty()) {
    if (!args.limit_given) throw InputError("--limit: a bot plays at nodes=N (its node budget) or at clock; give one");
    if (!args.perft_against.empty()) options.bot_perft = bot_perft(game, args.perft_against);
  } else if (!args.perft_against.empty()) {
    throw InputError("--perft-against checks a bot's perft script (--bot); the lab's engine is checked on its dataset");
  }
  const eval::ReleaseGateResult result = eval::run_release_gate(options, std::cerr);
  std::cout << eval::release_report_markdown(result.data);
  if (!result.passed) {
    std::cout << (options.bot.empty() ? "\nrelease refused; nothing was written under engines/ or reports/\n"
                                      : "\nrelease refused; nothing was written in " + options.out + "\n");
    for (const auto& problem : result.problems) std::cout << "  " << problem << "\n";
    if (!result.records_path.empty()) std::cout << "match records kept in " << result.records_path << "\n";
    if (!result.clock_records_path.empty()) std::cout << "clock match records kept in " << result.clock_records_path << "\n";
    throw CLI::RuntimeError(1);
  }
  if (!options.bot.empty()) {
    std::cout << "\nreleased: " << options.bot << " beats " << options.bot_baseline << "\nreport:   " << result.report_path
              << "\ndata:     " << result.data_path << "\nrecords:  " << result.records_path << "\n";
    return;
  }
  std::cout << "\nreleased: " << result.release_path << "\n";
  if (!result.eval_path.empty()) std::cout << "eval:     " << result.eval_path << "\n";
  std::cout << "report:   " << result.report_path << "\ndata:     " << result.data_path << "\n";
  if (!result.records_path.empty()) std::cout << "records:  " << result.records_path << "\n";
  std::cout << "Rebuild the release bots to compile it in: cmake --build " << GAMELAB_BUILD_DIR
            << " --target release_bots\n";
}

// `gamelab release --referee CMD --game-name NAME --bot ... --bot-baseline ...`: a team's bot gated on a
// game the lab has no code for, its SPRT played through the game's own referee (docs/tools/referee.md).
void add_referee_release(CLI::App& release) {
  auto args = std::make_shared<ReleaseArgs>();
  auto referee = std::make_shared<RefereeArgs>();
  eval::ReleaseGateOptions& o = args->options;
  release.add_option("--bot", o.bot, "with --referee: the candidate, cmd=\"COMMAND\"[,params=FILE]");
  release.add_option("--bot-baseline", o.bot_baseline, "with --referee: the bot the candidate must beat, cmd=\"...\"");
  release.add_option("--out", o.out, "with --referee: the folder for the report, its data and the records");
  release.add_option("--games", args->games, "most games of the match (default 4000)")->check(CLI::Range(1, 100000000));
  release.add_option("--sprt", args->sprt, "elo0=0,elo1=10,alpha=0.05,beta=0.05[,model=logistic|normalized] (the default)");
  release.add_option("--concurrency", o.concurrency, "games at once (default 1)")->check(CLI::Range(1, 512));
  release.add_option("--limit", o.limit, "with --referee: the bots' budget, nodes=N (GAMELAB_NODES) or clock")
      ->each([args](const std::string&) { args->limit_given = true; });
  release.add_option("--seed", o.seed, "the match's seed (default 1)");
  release.add_option("--records", o.records, "the match's records file while it runs (default: a temporary file)");
  release.add_flag("--resume", o.resume, "continue a stopped gate's match from --records");
  add_referee_options(release, *referee);
  release.callback([&release, args, referee] {
    if (!release.get_subcommands().empty()) return;  // a game of the lab's: its own callback ran
    require_game_or_referee(release, *referee, "gamelab release");
    run_driven([&] {
      const GameEntry& game = referee_game(*referee);
      if (args->options.bot.empty()) throw InputError("--bot cmd=\"COMMAND\": through a referee the gate takes your own bot");
      run(game, *args);
    });
  });
}

}  // namespace

void add_release_command(CLI::App& app) {
  auto* release = app.add_subcommand("release", "the release gate: perft, bench and an SPRT match freeze a configuration");
  release->require_subcommand(0, 1);
  add_referee_release(*release);
  for (const auto& game : game_registry()) {
    if (!game.search) continue;
    auto* command = release->add_subcommand(game.name, "freeze a " + game.title + " configuration into engines/" +
                                                            game.name + "/release.json");
    auto args = std::make_shared<ReleaseArgs>();
    eval::ReleaseGateOptions& o = args->options;
    command->add_option("--params", o.params, "the candidate: a parameter file (JSON, SPSA text or a release.json), or `defaults`");
    command->add_option("--eval", o.eval,
                        "a learned evaluation file the candidate plays with (gamelab train's best.eval); gated against "
                        "the current release and, if accepted, copied to engines/" + game.name + "/release.eval");
    command->add_option("--eval-mode", o.eval_mode,
                        "add (default): the file's score added to the hand-made evaluation; replace: instead of it");
    command->add_option("--bot", o.bot,
                        "a team's own bot as the candidate instead: cmd=\"COMMAND\"[,timelimit=S][,params=FILE] "
                        "(docs/tools/your-bot.md §5); needs --bot-baseline, --limit and --out");
    command->add_option("--bot-baseline", o.bot_baseline, "the bot the candidate must beat (the file handed in last time): cmd=\"...\"");
    command->add_option("--out", o.out, "a bot's gate: the folder for its report, data and records");
    command->add_option("--perft-against", args->perft_against,
                        "a bot's gate: its perft script, checked on the game's perft dataset first (gamelab perft --against)");
    command->add_option("--baseline", o.baseline,
                        "what it must beat (default engines/" + game.name + "/release.json with its learned evaluation if "
                        "it has one, else the defaults; `defaults`: the defaults; not with --eval)");
    command->add_option("--games", args->games, "most games of the match (default 4000; with --force: no match)")
        ->check(CLI::Range(1, 100000000));
    command->add_option("--sprt", args->sprt, "elo0=0,elo1=10,alpha=0.05,beta=0.05[,model=logistic|normalized] (the default)");
    command->add_option("--concurrency", o.concurrency, "games at once, and perft threads (default 1)")
        ->check(CLI::Range(1, 512));
    command->add_option("--limit", o.limit, "each engine's limit per move in the match (default nodes=10000; a bot: nodes=N or clock)")
        ->each([args](const std::string&) { args->limit_given = true; });
    command->add_option("--seed", o.seed, "the match's seed (default 1)");
    command->add_option("--records", o.records, "the match's records file while it runs (default: a temporary file)");
    command->add_option("--root", o.root, "the project folder to write engines/ and reports/ in (default: the source tree)");
    command->add_option("--openings", o.openings, "the match's opening suite (turn-based; default: the game's suite)");
    command->add_option("--boards", o.boards, "the match's board folder (simultaneous; default: the game's suite)");
    command->add_option("--campaign", o.campaign,
                        "the campaign the candidate came from, named in the release (default: the folder of --params "
                        "when it holds a campaign)");
    command->add_option("--suite", o.suite,
                        "band suite of the matches (default datasets/gate/" + game.name +
                            ".json when it exists and no --openings/--boards is given; `none`: no suite)");
    old_spelling(command->add_option("--clock", o.clock), "--clock-limit");
    command->add_option("--clock-limit", o.clock,
                        "also play the candidate against the defaults at this timed limit (e.g. movetime=780, the bot's "
                        "real time per move); refused on a loss beyond its interval; with --eval against the current "
                        "release, and refused unless it wins there (its interval above 0)");
    command->add_option("--clock-games", o.clock_games, "games of the clock match (default 40)")->check(CLI::Range(2, 1000000));
    command->add_option("--clock-note", o.clock_note,
                        "what the --clock-limit limit stands for, written in the report (e.g. a scaled clock: \"a tenth of the bot's 3.9 s\")");
    command->add_option("--clock-records", o.clock_records, "the clock match's records file while it runs (default: a temporary file)");
    command->add_flag("--resume", o.resume,
                      "continue a stopped gate: its match from --records and its clock match from --clock-records, where "
                      "they hold games");
    command->add_flag("--force", o.force, "release even without an SPRT acceptance (recorded); perft must still match");
    command->add_flag("--deep-perft", o.deep_perft, "also check the dataset's deep perft depths");
    command->add_option("--perft-dataset", o.perft_dataset, "the perft dataset (default datasets/perft/" + game.name + ".json)");
    command->callback([&game, args] { run_driven([&] { run(game, *args); }); });
  }
  release->allow_extras();  // a word that is no game reaches the referee's callback, which refuses it
}

}  // namespace gamelab::cli
