// gamelab judge <game> --port P [--engine params=FILE,depth=D|movetime=MS] [--games N] [--out FILE]: the
// lab as the tournament's judge server (GameEntry::judge_server), its engine against each client that
// connects; every move is printed as it is played, then each game's result and a summary. With --out,
// each two games (the client on each side once) are appended to FILE as one match record, the form
// `gamelab match` writes, so judged games reach `gamelab ratings`, `sprt` and `report`.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "core/limits.hpp"
#include "old_spelling.hpp"
#include "core/error.hpp"
#include "eval/match/engine_arg.hpp"
#include "eval/match/match_runner.hpp"
#include "eval/records.hpp"
#include "registry/game_registry.hpp"

namespace gamelab::cli {

namespace {

struct JudgeArgs {
  int port = 8888;
  std::string engine = "depth=6";
  int games = 1;
  std::string client_color = "alternate";
  double time_limit = 0;  // seconds (--timelimit, the old spelling)
  std::string client_limit;
  double wait = 0;
  std::string out;
};

// Pairs the judged games into match records: game 2k-1 and game 2k, the client on each side once.
class JudgedPairs {
 public:
  JudgedPairs(const std::string& path, const std::string& game, const eval::EngineArg& lab)
      : appender_(path), game_(game), lab_{lab.player.name, lab.params_hash}, client_{"client", "external:client"} {}

  void add(int number, bool client_first, const GameRecord& record) {
    GameRecord seat0_view = record;  // the registry's record: seat 0 is the lab
    if (client_first) {
      seat0_view.score = 1.0 - record.score;
      if (record.fault >= 0) seat0_view.fault = 1 - record.fault;
    }
    const std::string& first = client_first ? client_.name : lab_.name;
    const std::string& second = client_first ? lab_.name : client_.name;
    const std::size_t slot = static_cast<std::size_t>((number - 1) % 2);
    pair_.games[slot] = eval::to_record(seat0_view, first, second);
    if (slot == 0) return;
    pair_.game = game_;
    pair_.pair = static_cast<std::uint64_t>(number / 2 - 1);
    pair_.seed = 0;
    pair_.opening = "start";
    pair_.engines = {lab_, client_};
    appender_.append(pair_);
  }

 private:
  eval::RecordsAppender appender_;
  std::string game_;
  eval::EngineRecord lab_, client_;
  eval::PairRecord pair_;
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
    sub->add_option("--client-limit", args->client_limit, "the client's time per move, movetime=MS (default: the tournament's)");
    old_spelling(sub->add_option("--timelimit", args->time_limit)->check(CLI::Range(0.001, 3600.0)), "--client-limit movetime=MS");
    sub->add_option("--wait", args->wait, "seconds to wait for each client to connect (default: for ever)")
        ->check(CLI::Range(0.0, 1e7));
    sub->add_option("--out", args->out,
                    "append each two games (the client on each side once) to FILE as a match record, "
                    "as gamelab match writes them (needs --client alternate and an even --games)");
    sub->callback([&game, args] {
      const std::string spec = args->engine.find("name=") == std::string::npos ? "name=lab," + args->engine : args->engine;
      const eval::EngineArg engine = eval::parse_engine_arg(spec, game);
      if (engine.player.external()) throw InputError("--engine: the judge's side is the lab's engine, not a command (cmd=)");
      JudgeRequest request;
      request.port = args->port;
      request.engine = engine.player;
      request.games = args->games;
      request.client_color = args->client_color;
      if (!args->client_limit.empty()) args->time_limit = movetime_seconds(args->client_limit, "--client-limit");
      request.time_limit_s = args->time_limit > 0 ? args->time_limit : game.bot_time_limit_s;
      request.wait_s = args->wait;
      request.print = [](const std::string& line) { std::cout << line << (line.ends_with('\n') ? "" : "\n") << std::flush; };
      std::unique_ptr<JudgedPairs> pairs;
      if (!args->out.empty()) {
        if (args->client_color != "alternate" || args->games % 2 != 0) {
          throw InputError("--out " + args->out + ": match records hold pairs of games with the seats swapped; "
                           "give --client alternate and an even --games");
        }
        pairs = std::make_unique<JudgedPairs>(args->out, game.name, engine);
        request.on_game = [&pairs](int number, bool client_first, const GameRecord& record) {
          pairs->add(number, client_first, record);
        };
      }
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
