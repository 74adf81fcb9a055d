// gamelab datagen <game>: self-play positions labelled with the game's result, for Texel tuning.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "core/error.hpp"
#include "eval/match/engine_arg.hpp"
#include "eval/match/match_runner.hpp"
#include "registry/game_registry.hpp"
#include "distributed.hpp"
#include "tuner/texel/datagen.hpp"

namespace gamelab::cli {

namespace {

struct DatagenArgs {
  int games = 0, concurrency = 1, random_plies = 8;
  std::string limit_games = "draw";
  std::string adjudicate;
  std::uint64_t seed = 1;
  std::string out, limit = "nodes=5000", params, openings, boards, eval_file, eval_mode = "add";
  bool keep_tactical = false, resume = false;
};

}  // namespace

void add_datagen_command(CLI::App& app) {
  auto* datagen = app.add_subcommand("datagen", "self-play positions labelled with the final result (Texel data)");
  datagen->require_subcommand(1);
  for (const auto& game : game_registry()) {
    if (!game.datagen_game) continue;
    auto* command = datagen->add_subcommand(game.name, "labelled " + game.title + " positions");
    auto a = std::make_shared<DatagenArgs>();
    command->add_option("--games", a->games, "self-play games")->required()->check(CLI::Range(1, 100000000));
    command->add_option("--seed", a->seed, "seed (default 1)");
    command->add_option("--out", a->out, "data file to write")->required();
    command->add_option("--limit", a->limit, "engine's limit per move: nodes=N or depth=D (default nodes=5000)");
    command->add_option("--concurrency", a->concurrency, "games at once (default 1)")->check(CLI::Range(1, 512));
    command->add_option("--random-plies", a->random_plies, "seeded random plies before the engine plays (default 8)")
        ->check(CLI::Range(0, 1000));
    command->add_flag("--keep-tactical", a->keep_tactical, "keep positions inside tactics (captures pending)");
    command->add_option("--limit-games", a->limit_games,
                        "games ended by Raichu's ply limit: draw (labelled as they ended, default), drop (left out), "
                        "material (won by the side with more material)")
        ->check(CLI::IsMember({"draw", "drop", "material"}));
    command->add_option("--params", a->params, "engine parameters (default: the engine's)");
    command->add_option("--openings", a->openings, "start from this opening suite (default: the game's start)");
    if (game.learned_eval) {
      command->add_option("--eval", a->eval_file, "the engine evaluates with this learned evaluation file (gamelab train)");
      command->add_option("--eval-mode", a->eval_mode, "add (default): the learned output added to the hand-made evaluation; replace: instead of it")
          ->check(CLI::IsMember({"add", "replace"}));
    }
    command->add_option("--adjudicate-tables", a->adjudicate,
                        "end each game at the first position these endgame tables know, labelled exactly (Raichu)");
    command->add_option("--boards", a->boards, "start from these boards (simultaneous games)");
    command->add_flag("--resume", a->resume, "continue the stopped run of this same command (its OUT.partial)");
    command->callback([&game, a] { run_driven([&] {
      tuner::DatagenSettings s;
      s.game = game.name;
      s.games = a->games;
      s.seed = a->seed;
      s.limits = parse_limits(a->limit, "--limit");
      if (!a->params.empty()) s.params = ParamSet::load_file(a->params, game.default_params());
      if (!a->openings.empty() || !a->boards.empty()) {
        eval::MatchConfig config;
        config.game = game.name;
        config.openings = a->openings;
        config.boards = a->boards;
        for (const auto& p : eval::load_match_positions(config)) s.openings.push_back(p.first);
      }
      s.random_plies = a->random_plies;
      s.skip_tactical = !a->keep_tactical;
      s.limit_games = a->limit_games == "drop" ? LimitGames::Drop : a->limit_games == "material" ? LimitGames::Material : LimitGames::Draw;
      s.concurrency = a->concurrency;
      s.adjudication_tables = a->adjudicate;
      s.learned = learned_spec(game, a->eval_file, a->eval_mode, a->params);
      s.out = a->out;
      s.resume = a->resume;
      const auto summary = tuner::run_datagen(s, std::cerr);
      std::cout << "wrote " << summary.positions << " positions from " << summary.games << " games to " << a->out << "\n";
    }); });
  }
}

}  // namespace gamelab::cli
