// gamelab judge <game> --port P [--engine params=FILE,depth=D|movetime=MS] [--games N]: the lab as the
// tournament's judge server (GameEntry::judge_server), its engine against each client that connects;
// every move is printed as it is played, then each game's result and a summary.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "core/error.hpp"
#include "eval/match/engine_arg.hpp"
#include "registry/game_registry.hpp"

namespace gamelab::cli {

namespace {

struct JudgeArgs {
  int port = 8888;
  std::string engine = "depth=6";
  int games = 1;
  std::string client_color = "alternate";
  double time_limit = 0;
  double wait = 0;
};

}  // namespace

void add_judge_command(CLI::App& app) {
  auto* command = app.add_subcommand("judge", "be the tournament's judge server: the lab's engine against a client");
  command->require_subcommand(1);
  for (const auto& game : game_registry()) {
    if (!game.judge_server) continue;
    auto* sub = command->add_subcommand(game.name, "judge " + game.title + " games against clients that connect");
    auto args = std::make_shared<JudgeArgs>();
    sub->add_option("--port", args->port, "port on 127.0.0.1 (default 8888, the tournament's)")->check(CLI::Range(1, 65535));
    sub->add_option("--engine", args->engine,
                    "the lab's engine: params=FILE and depth=D, nodes=N or movetime=MS (default depth=6)");
    sub->add_option("--games", args->games, "games to judge, one client connection each (default 1)")
        ->check(CLI::Range(1, 1000000));
    sub->add_option("--client", args->client_color, "the client's colour: black, white or alternate (default; black first)")
        ->check(CLI::IsMember({"black", "white", "alternate"}));
    sub->add_option("--timelimit", args->time_limit, "the client's seconds per move (default: the tournament's)")
        ->check(CLI::Range(0.001, 3600.0));
    sub->add_option("--wait", args->wait, "seconds to wait for each client to connect (default: for ever)")
        ->check(CLI::Range(0.0, 1e7));
    sub->callback([&game, args] {
      const std::string spec = args->engine.find("name=") == std::string::npos ? "name=lab," + args->engine : args->engine;
      const eval::EngineArg engine = eval::parse_engine_arg(spec, game);
      if (engine.player.external()) throw InputError("--engine: the judge's side is the lab's engine, not a command (cmd=)");
      JudgeRequest request;
      request.port = args->port;
      request.engine = engine.player;
      request.games = args->games;
      request.client_color = args->client_color;
      request.time_limit_s = args->time_limit > 0 ? args->time_limit : game.bot_time_limit_s;
      request.wait_s = args->wait;
      request.print = [](const std::string& line) { std::cout << line << (line.ends_with('\n') ? "" : "\n") << std::flush; };
      const std::vector<GameRecord> records = game.judge_server(request);
      double lab = 0;
      int faults = 0;
      for (const auto& r : records) {
        lab += r.score;
        faults += r.termination != Termination::Normal ? 1 : 0;
      }
      std::cout << "judge: " << records.size() << " game(s): lab " << lab << ", client " << records.size() - lab
                << " (points: win 1, draw 0.5); games with client faults: " << faults << "\n";
    });
  }
}

}  // namespace gamelab::cli
