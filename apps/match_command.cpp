// gamelab match <game>: two engines, game pairs from an opening suite or board folder, statistics.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "core/error.hpp"
#include "distributed.hpp"
#include "eval/match/match_runner.hpp"
#include "registry/game_registry.hpp"
#include "sprt_arg.hpp"

namespace gamelab::cli {

namespace {

struct MatchArgs {
  std::vector<std::string> engines;
  int games = 100;
  int concurrency = 1;
  std::uint64_t seed = 1;
  std::string openings, boards, suite, sprt, out, resume, adjudicate;
};

}  // namespace

void add_match_command(CLI::App& app) {
  auto* match = app.add_subcommand("match", "play two engines against each other in game pairs and report Elo");
  match->require_subcommand(1);
  for (const auto& game : game_registry()) {
    if (!game.play_game) continue;
    auto* command = match->add_subcommand(game.name, "a " + game.title + " match");
    auto args = std::make_shared<MatchArgs>();
    command->add_option("--engine", args->engines,
                        "name=A,params=FILE,nodes=N|depth=D|movetime=MS, or name=B,cmd=\"COMMAND\",protocol=" + game.name +
                            ",timelimit=S (give it twice)")
        ->required();
    command->add_option("--games", args->games, "games to play, in pairs (default 100)")->check(CLI::Range(1, 100000000));
    command->add_option("--concurrency", args->concurrency, "games at once (default 1)")->check(CLI::Range(1, 512));
    command->add_option("--seed", args->seed, "seed (default 1)");
    command->add_option("--openings", args->openings, "opening suite (JSON, from gamelab openings)");
    command->add_option("--adjudicate-tables", args->adjudicate,
                        "end a game as soon as the endgame tables in this folder know its position (Raichu)");
    command->add_option("--boards", args->boards, "folder of board files");
    command->add_option("--suite", args->suite,
                        "a band suite (e.g. datasets/gate/" + game.name + ".json): its bands interleaved, results per band");
    command->add_option("--sprt", args->sprt, "elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=logistic|normalized]");
    command->add_option("--out", args->out, "records file to write (JSON lines; must not exist yet)");
    command->add_option("--resume", args->resume, "records file of an interrupted run to continue");
    command->callback([&game, args] { run_driven([&] {
      if (args->engines.size() != 2) throw InputError("give --engine exactly twice (found " + std::to_string(args->engines.size()) + ")");
      if (args->out.empty() == args->resume.empty()) throw InputError("give either --out FILE or --resume FILE");
      eval::MatchConfig config;
      config.game = game.name;
      for (const auto& e : args->engines) config.engines.push_back(eval::parse_engine_arg(e, game));
      config.games = args->games;
      config.concurrency = args->concurrency;
      config.seed = args->seed;
      config.openings = args->openings;
      config.adjudication_tables = args->adjudicate;
      config.boards = args->boards;
      config.suite = args->suite;
      if (!args->sprt.empty()) config.sprt = parse_sprt_arg(args->sprt);
      config.records = args->out.empty() ? args->resume : args->out;
      config.resume = !args->resume.empty();
      const auto summary = eval::run_match(config, std::cerr);
      std::cout << eval::summary_text(summary, config);
    }); });
  }
}

}  // namespace gamelab::cli
