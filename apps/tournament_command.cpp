// gamelab tournament <game>: several engines, every pairing a match (a gauntlet: the first engine
// against each other; a round robin: every two), each pairing's records a file of the tournament's
// folder, and the rating list of them all, as `gamelab ratings` gives it.
#include <filesystem>
#include <iostream>
#include <memory>
#include <set>

#include "commands.hpp"
#include "core/error.hpp"
#include "distributed.hpp"
#include "eval/match/match_runner.hpp"
#include "registry/game_registry.hpp"

namespace gamelab::cli {

namespace {

struct TournamentArgs {
  std::vector<std::string> engines;
  bool gauntlet = false;
  int games = 100;
  int concurrency = 1;
  std::uint64_t seed = 1;
  double prior = 0;
  std::string openings, boards, suite, out, resume, each;
  const CLI::Option* resume_option = nullptr;  // given bare (--out DIR --resume)
};

// A name as a file name's part: letters, digits, '.', '_', '-'.
void check_file_word(const std::string& name) {
  if (name.empty() || name.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-") !=
                          std::string::npos) {
    throw InputError("--engine name=" + name + ": a tournament names its records files after its engines; use letters, " +
                     "digits, '.', '_' and '-'");
  }
}

void run_tournament(const GameEntry& game, const TournamentArgs& args) {
  if (args.engines.size() < 3) {
    throw InputError("a tournament needs at least three engines (found " + std::to_string(args.engines.size()) +
                     "); two play a match: gamelab match " + game.name);
  }
  const bool bare = args.resume_option && args.resume_option->count() && args.resume.empty();  // --out DIR --resume
  if (bare && args.out.empty()) throw InputError("--resume without a folder goes with --out DIR");
  if (!bare && args.out.empty() == args.resume.empty()) throw InputError("give either --out DIR or --resume DIR");
  const std::string folder = bare || args.resume.empty() ? args.out : args.resume;
  const bool resume = bare || !args.resume.empty();
  if (resume && !std::filesystem::is_directory(folder)) throw InputError("--resume " + folder + ": no such folder");
  if (!resume && std::filesystem::exists(folder) && !std::filesystem::is_empty(folder)) {
    throw InputError("--out " + folder + ": the folder holds files; give a new one, or --resume it");
  }
  std::vector<eval::EngineArg> engines;
  std::set<std::string> names;
  for (const auto& e : args.engines) {
    engines.push_back(eval::parse_engine_arg(eval::engine_with_each(e, args.each), game));
    check_file_word(engines.back().player.name);
    if (!names.insert(engines.back().player.name).second) {
      throw InputError("--engine name=" + engines.back().player.name + " is given twice");
    }
  }
  std::vector<std::pair<std::size_t, std::size_t>> pairings;
  for (std::size_t i = 0; i < engines.size(); ++i) {
    for (std::size_t j = i + 1; j < engines.size(); ++j) {
      if (!args.gauntlet || i == 0) pairings.emplace_back(i, j);
    }
  }
  std::filesystem::create_directories(folder);
  std::vector<std::string> files;
  for (std::size_t k = 0; k < pairings.size(); ++k) {
    const auto [i, j] = pairings[k];
    eval::MatchConfig config;
    config.game = game.name;
    config.engines = {engines[i], engines[j]};
    config.games = args.games;
    config.concurrency = args.concurrency;
    config.seed = args.seed;  // every pairing plays the same openings in the same order
    config.openings = args.openings;
    config.boards = args.boards;
    config.suite = args.suite;
    config.records = folder + "/" + engines[i].player.name + "-vs-" + engines[j].player.name + ".jsonl";
    config.resume = resume && std::filesystem::exists(config.records);
    std::cerr << "pairing " << k + 1 << "/" << pairings.size() << ": " << engines[i].player.name << " vs "
              << engines[j].player.name << (config.resume ? " (resumed)" : "") << "\n";
    const auto summary = eval::run_match(config, std::cerr);
    std::cout << eval::summary_text(summary, config) << "\n";
    files.push_back(config.records);
  }
  print_ratings(files, args.prior);
}

}  // namespace

void add_tournament_command(CLI::App& app) {
  auto* tournament = app.add_subcommand(
      "tournament", "several engines, every pairing a match (round robin, or a gauntlet), and their rating list");
  tournament->require_subcommand(1);
  for (const auto& game : game_registry()) {
    if (!game.play_game) continue;
    auto* command = tournament->add_subcommand(game.name, "a " + game.title + " tournament");
    auto args = std::make_shared<TournamentArgs>();
    command->add_option("--engine", args->engines, "an engine as on gamelab match (give it three times or more)")->required();
    command->add_option("--each", args->each, "engine keys every engine takes unless it gives its own (e.g. tc=10+0.1)");
    command->add_flag("--gauntlet", args->gauntlet, "the first engine against each other (default: a round robin)");
    command->add_option("--games", args->games, "games a pairing, in pairs (default 100)")->check(CLI::Range(1, 100000000));
    command->add_option("--concurrency", args->concurrency, "games at once (default 1)")->check(CLI::Range(1, 512));
    command->add_option("--seed", args->seed, "seed of every pairing (default 1)");
    command->add_option("--openings", args->openings, "opening suite (JSON) or a file of positions one to a line");
    command->add_option("--boards", args->boards, "folder of board files");
    command->add_option("--suite", args->suite, "a band suite (e.g. datasets/gate/" + game.name + ".json)");
    command->add_option("--prior", args->prior, "the rating list's virtual draws per meeting, as on gamelab ratings (default 0)")
        ->check(CLI::NonNegativeNumber);
    command->add_option("--out", args->out, "folder for the pairings' records (new or empty)");
    args->resume_option =
        command->add_option("--resume", args->resume, "folder of an interrupted tournament to continue (or --out DIR --resume)")
            ->expected(0, 1);
    command->callback([&game, args] { run_driven([&] { run_tournament(game, *args); }); });
  }
}

}  // namespace gamelab::cli
