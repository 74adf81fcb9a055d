// gamelab release <game>: the release gate (eval/release/release_gate.hpp) from the command line.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "distributed.hpp"
#include "core/error.hpp"
#include "eval/release/release_gate.hpp"
#include "eval/release/release_report.hpp"
#include "registry/game_registry.hpp"
#include "sprt_arg.hpp"

namespace gamelab::cli {

namespace {

struct ReleaseArgs {
  eval::ReleaseGateOptions options;
  int games = 0;
  std::string sprt;
};

void run(const GameEntry& game, ReleaseArgs& args) {
  eval::ReleaseGateOptions options = args.options;
  options.game = game.name;
  if (args.games > 0) options.games = args.games;
  if (!args.sprt.empty()) options.sprt = parse_sprt_arg(args.sprt);
  const eval::ReleaseGateResult result = eval::run_release_gate(options, std::cerr);
  std::cout << eval::release_report_markdown(result.data);
  if (!result.passed) {
    std::cout << "\nrelease refused; nothing was written under engines/ or reports/\n";
    for (const auto& problem : result.problems) std::cout << "  " << problem << "\n";
    if (!result.records_path.empty()) std::cout << "match records kept in " << result.records_path << "\n";
    if (!result.clock_records_path.empty()) std::cout << "clock match records kept in " << result.clock_records_path << "\n";
    throw CLI::RuntimeError(1);
  }
  std::cout << "\nreleased: " << result.release_path << "\nreport:   " << result.report_path << "\ndata:     "
            << result.data_path << "\n";
  if (!result.records_path.empty()) std::cout << "records:  " << result.records_path << "\n";
  std::cout << "Rebuild the release bots to compile it in: cmake --build " << GAMELAB_BUILD_DIR
            << " --target release_bots\n";
}

}  // namespace

void add_release_command(CLI::App& app) {
  auto* release = app.add_subcommand("release", "the release gate: perft, bench and an SPRT match freeze a configuration");
  release->require_subcommand(1);
  for (const auto& game : game_registry()) {
    if (!game.search) continue;
    auto* command = release->add_subcommand(game.name, "freeze a " + game.title + " configuration into engines/" +
                                                            game.name + "/release.json");
    auto args = std::make_shared<ReleaseArgs>();
    eval::ReleaseGateOptions& o = args->options;
    command->add_option("--params", o.params, "the candidate: a parameter file (JSON, SPSA text or a release.json), or `defaults`")
        ->required();
    command->add_option("--baseline", o.baseline,
                        "what it must beat (default engines/" + game.name + "/release.json, else the defaults; `defaults`: the defaults)");
    command->add_option("--games", args->games, "most games of the match (default 4000; with --force: no match)")
        ->check(CLI::Range(1, 100000000));
    command->add_option("--sprt", args->sprt, "elo0=0,elo1=10,alpha=0.05,beta=0.05[,model=logistic|normalized] (the default)");
    command->add_option("--concurrency", o.concurrency, "games at once, and perft threads (default 1)")
        ->check(CLI::Range(1, 512));
    command->add_option("--limit", o.limit, "each engine's limit per move in the match (default nodes=10000)");
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
    command->add_option("--clock", o.clock,
                        "also play the candidate against the defaults at this timed limit (e.g. movetime=780, the bot's "
                        "real time per move); refused on a loss beyond its interval");
    command->add_option("--clock-games", o.clock_games, "games of the clock match (default 40)")->check(CLI::Range(2, 1000000));
    command->add_option("--clock-records", o.clock_records, "the clock match's records file while it runs (default: a temporary file)");
    command->add_flag("--resume", o.resume,
                      "continue a stopped gate: its match from --records and its clock match from --clock-records, where "
                      "they hold games");
    command->add_flag("--force", o.force, "release even without an SPRT acceptance (recorded); perft must still match");
    command->add_flag("--deep-perft", o.deep_perft, "also check the dataset's deep perft depths");
    command->add_option("--perft-dataset", o.perft_dataset, "the perft dataset (default datasets/perft/" + game.name + ".json)");
    command->callback([&game, args] { run_driven([&] { run(game, *args); }); });
  }
}

}  // namespace gamelab::cli
