// gamelab match <game>: two engines, game pairs from an opening suite or board folder, statistics.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "core/error.hpp"
#include "distributed.hpp"
#include "eval/match/match_runner.hpp"
#include "eval/ratings/pgn_export.hpp"
#include "registry/game_registry.hpp"
#include "sprt_arg.hpp"

namespace gamelab::cli {

namespace {

struct MatchArgs {
  std::vector<std::string> engines;
  int games = 100;
  int concurrency = 1;
  std::uint64_t seed = 1;
  std::string openings, boards, suite, sprt, out, resume, adjudicate, pgn, each;
  const CLI::Option* resume_option = nullptr;  // given bare (--out FILE --resume): the --out file goes on
};

// The options every match takes, a game's or a referee's.
void add_common_options(CLI::App& command, MatchArgs& args) {
  command.add_option("--games", args.games, "games to play, in pairs (default 100)")->check(CLI::Range(1, 100000000));
  command.add_option("--concurrency", args.concurrency, "games at once (default 1)")->check(CLI::Range(1, 512));
  command.add_option("--seed", args.seed, "seed (default 1)");
  command.add_option("--sprt", args.sprt, "elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=logistic|normalized]");
  command.add_option("--out", args.out, "records file to write (JSON lines; must not exist yet)");
  // --resume FILE, or --out FILE --resume: the --resume form every command that resumes takes.
  args.resume_option =
      command.add_option("--resume", args.resume, "records file of an interrupted run to continue (or --out FILE --resume)")
          ->expected(0, 1);
  command.add_option("--each", args.each, "engine keys both engines take unless they give their own (e.g. tc=10+0.1)");
  command.add_option("--pgnout", args.pgn, "also write every game as PGN: its start position and its moves (ratings --pgn)");
}

// Plays the match the arguments describe for `game` and prints its summary.
void play_match(const GameEntry& game, const MatchArgs& args) {
  if (args.engines.size() != 2) throw InputError("give --engine exactly twice (found " + std::to_string(args.engines.size()) + ")");
  if (args.resume_option && args.resume_option->count() && args.resume.empty()) {  // a bare --resume: --out goes on
    if (args.out.empty()) throw InputError("--resume without a file goes with --out FILE");
    MatchArgs resumed = args;
    resumed.resume = args.out;
    resumed.out.clear();
    resumed.resume_option = nullptr;
    return play_match(game, resumed);
  }
  if (args.out.empty() == args.resume.empty()) throw InputError("give either --out FILE or --resume FILE");
  eval::MatchConfig config;
  config.game = game.name;
  for (const auto& e : args.engines) config.engines.push_back(eval::parse_engine_arg(eval::engine_with_each(e, args.each), game));
  config.games = args.games;
  config.concurrency = args.concurrency;
  config.seed = args.seed;
  config.openings = args.openings;
  config.adjudication_tables = args.adjudicate;
  config.boards = args.boards;
  config.suite = args.suite;
  if (!args.sprt.empty()) config.sprt = parse_sprt_arg(args.sprt);
  config.records = args.out.empty() ? args.resume : args.out;
  config.resume = !args.resume.empty();
  const auto summary = eval::run_match(config, std::cerr);
  std::cout << eval::summary_text(summary, config);
  if (!args.pgn.empty()) {
    eval::write_pgn(args.pgn, {eval::read_records(config.records)});
    std::cout << "wrote " << args.pgn << "\n";
  }
}

// `gamelab match --referee CMD --game-name NAME ...`: a game the lab has no code for, played by its
// own referee program (docs/tools/referee.md); the records, statistics, --resume and ranks as for the
// lab's games. The options sit on `match` itself, since no game subcommand names such a game.
void add_referee_match(CLI::App& match) {
  auto args = std::make_shared<MatchArgs>();
  auto referee = std::make_shared<RefereeArgs>();
  match.add_option("--engine", args->engines,
                   "with --referee: name=A,cmd=\"COMMAND\"[,params=FILE][,nodes=N] (give it twice; the referee runs the "
                   "commands)");
  add_common_options(match, *args);
  add_referee_options(match, *referee);
  match.callback([&match, args, referee] {
    if (!match.get_subcommands().empty()) return;  // a game of the lab's: its own callback ran
    require_game_or_referee(match, *referee, "gamelab match");
    run_driven([&] { play_match(referee_game(*referee), *args); });
  });
}

}  // namespace

void add_match_command(CLI::App& app) {
  auto* match = app.add_subcommand("match", "play two engines against each other in game pairs and report Elo");
  match->require_subcommand(0, 1);
  add_referee_match(*match);
  for (const auto& game : game_registry()) {
    if (!game.play_game) continue;
    auto* command = match->add_subcommand(game.name, "a " + game.title + " match");
    auto args = std::make_shared<MatchArgs>();
    command->add_option("--engine", args->engines,
                        "name=A,params=FILE,nodes=N|depth=D|movetime=MS|tc=S+I, or name=B,cmd=\"COMMAND\" with the limits " +
                            std::string(game.bot_engine_protocol ? "its protocol takes" : "timelimit=S") + " (give it twice)")
        ->required();
    add_common_options(*command, *args);
    command->add_option("--openings", args->openings, "opening suite (JSON, from gamelab openings) or a file of positions one to a line");
    command->add_option("--adjudicate-tables", args->adjudicate,
                        "end a game as soon as the endgame tables in this folder know its position (Raichu)");
    command->add_option("--boards", args->boards, "folder of board files");
    command->add_option("--suite", args->suite,
                        "a band suite (e.g. datasets/gate/" + game.name + ".json): its bands interleaved, results per band");
    command->callback([&game, args] { run_driven([&] { play_match(game, *args); }); });
  }
  // A word that is no game (a misspelt one) reaches the referee's callback, which refuses it.
  match->allow_extras();
}

}  // namespace gamelab::cli
