// The referee contract on the command line (docs/tools/referee.md): the options that define a game
// by its own referee program (match, tune spsa, release), and `gamelab referee <game>`, which plays
// one game of one of the lab's games as a referee program would, through the game's tournament
// protocol, and prints its result as a JSON line.
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "core/error.hpp"
#include "core/limits.hpp"
#include "eval/match/match_runner.hpp"
#include "eval/match/referee_game.hpp"
#include "old_spelling.hpp"
#include "registry/game_registry.hpp"

namespace gamelab::cli {

void add_referee_options(CLI::App& command, RefereeArgs& args) {
  command.add_option("--referee", args.command,
                     "a game the lab has no code for, played by its referee program: its command line, with {first} "
                     "and {second} (the players' programs), {seed}, {pair}, {game}, {first_name}, {second_name} "
                     "(docs/tools/referee.md)");
  command.add_option("--game-name", args.game, "the referee's game: its name in records, reports and rating lists");
  command.add_option("--result", args.result,
                     "how the referee says who won: score (1-0, 0-1, 1/2-1/2; the default), winner[:FIRST,SECOND] (the "
                     "winner's name on the last line), json (a JSON line), exit:FIRST,SECOND,DRAW (exit codes)");
  command.add_option("--first-wins", args.first_wins, "instead of --result: a regular expression of a line saying the first player won");
  command.add_option("--second-wins", args.second_wins, "... the second player won");
  command.add_option("--draw", args.draw, "... a draw");
  command.add_option("--game-timeout", args.game_timeout_s, "seconds a refereed game may take (default 600); past it: a fault");
  command.add_option("--ok-exit", args.ok_exit, "the referee's exit codes that are no crash (default 0)");
  command.add_option("--max-faults", args.max_faults, "games the referee may fail in a run before the match stops (default 10)")
      ->check(CLI::Range(0, 100000000));
  command.add_option("--log-bytes", args.log_bytes, "bytes of each game's output kept in the referee's log (default 8192)")
      ->check(CLI::Range(256, 1 << 28));
}

bool referee_given(const RefereeArgs& args) {
  return !args.command.empty() || !args.game.empty() || !args.result.empty() || !args.first_wins.empty() ||
         !args.second_wins.empty() || !args.draw.empty();
}

void require_game_or_referee(const CLI::App& command, const RefereeArgs& args, const std::string& usage) {
  if (!referee_given(args)) {
    std::cerr << "gamelab: give a game (" << usage << " raichu ...) or a referee program (" << usage
              << " --referee CMD --game-name NAME ...: docs/tools/referee.md)\n";
    throw CLI::RequiredError::Subcommand(1);
  }
  const auto extras = command.remaining();
  if (!extras.empty()) {
    throw InputError("unexpected argument '" + extras.front() + "': a game played by its referee is named by --game-name");
  }
}

eval::RefereeSpec referee_spec(const RefereeArgs& args) {
  if (args.command.empty()) throw InputError("--referee CMD: give the referee's command line (with --game-name)");
  if (args.game.empty()) throw InputError("--game-name NAME: a game played by its referee needs a name");
  eval::RefereeSpec spec;
  spec.game = args.game;
  spec.command = args.command;
  const bool patterns = !args.first_wins.empty() || !args.second_wins.empty() || !args.draw.empty();
  if (patterns) {
    if (!args.result.empty()) throw InputError("--result " + args.result + ": give either a preset or the three patterns");
    spec.result.preset = eval::ResultPreset::Patterns;
    spec.result.first_wins = args.first_wins;
    spec.result.second_wins = args.second_wins;
    spec.result.draw = args.draw;
  } else {
    spec.result = eval::parse_result_preset(args.result.empty() ? "score" : args.result);
  }
  spec.game_timeout_s = args.game_timeout_s;
  if (!args.ok_exit.empty()) spec.ok_exit_codes = args.ok_exit;
  spec.max_faults = args.max_faults;
  spec.log_bytes = static_cast<std::size_t>(args.log_bytes);
  eval::check_referee_spec(spec);
  return spec;
}

const GameEntry& referee_game(const RefereeArgs& args) { return eval::register_referee_game(referee_spec(args)); }

namespace {

struct PlayArgs {
  std::string first, second, first_name = "first", second_name = "second", openings, boards;
  std::uint64_t seed = 1, pair = 0;
  double time_limit_s = 0;  // --timelimit, the old spelling
  std::string limit;        // --limit movetime=MS
};

// One game with two external programs, as `gamelab match` would referee it, its result as a JSON line.
void referee_one_game(const GameEntry& game, const PlayArgs& a) {
  if (a.first_name == a.second_name) throw InputError("--first-name and --second-name must differ");
  eval::MatchConfig config;
  config.game = game.name;
  config.openings = a.openings;
  config.boards = a.boards;
  const auto positions = eval::load_match_positions(config);
  const auto& [opening, source] = positions[a.pair % positions.size()];
  GameRequest request;
  request.opening = opening;
  request.opening_source = source;
  request.seed = a.seed;
  for (const auto& [name, command] : {std::pair{a.first_name, a.first}, std::pair{a.second_name, a.second}}) {
    PlayerSpec p;
    p.name = name;
    p.command = command;
    p.protocol = game.name;
    const double limit_s = a.limit.empty() ? a.time_limit_s : movetime_seconds(a.limit, "--limit");
    p.time_limit_s = limit_s > 0 ? limit_s : game.bot_time_limit_s;
    request.players.push_back(p);
  }
  const gamelab::GameRecord played = game.play_game(request);
  const eval::GameRecord r = eval::to_record(played, a.first_name, a.second_name);
  nlohmann::ordered_json line;
  line["result"] = r.score > 0.75 ? "1-0" : r.score < 0.25 ? "0-1" : "1/2-1/2";
  line["score"] = r.score;
  line["reason"] = r.reason;
  line["termination"] = std::string(eval::to_string(r.termination));
  line["fault"] = r.fault ? nlohmann::ordered_json(*r.fault) : nlohmann::ordered_json(nullptr);
  line["plies"] = r.plies;
  line["moves"] = r.moves;
  if (!r.adjudication.empty()) line["adjudication"] = r.adjudication;
  line["seed"] = a.seed;
  line["opening"] = opening;
  std::cout << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << std::endl;
}

}  // namespace

void add_referee_command(CLI::App& app) {
  auto* referee = app.add_subcommand(
      "referee", "play one game of a lab's game between two programs through its tournament protocol, as a referee "
                 "program does, and print the result as a JSON line (docs/tools/referee.md)");
  referee->require_subcommand(1);
  for (const auto& game : game_registry()) {
    if (!game.play_game) continue;
    auto* command = referee->add_subcommand(game.name, "one " + game.title + " game between two programs");
    auto a = std::make_shared<PlayArgs>();
    command->add_option("--first", a->first, "the program that moves first (or plays blue): a command line")->required();
    command->add_option("--second", a->second, "the other program")->required();
    command->add_option("--seed", a->seed, "the game's seed (default 1)");
    command->add_option("--pair", a->pair, "play position PAIR of the suite, cycling, as pair PAIR of a match (default 0)");
    command->add_option("--openings", a->openings, "opening suite (default: the game's, as gamelab match)");
    command->add_option("--boards", a->boards, "board folder (default: the game's, as gamelab match)");
    command->add_option("--first-name", a->first_name, "the first program's name in the result (default first)");
    command->add_option("--second-name", a->second_name, "the second program's name (default second)");
    command->add_option("--limit", a->limit, "each program's time per move, movetime=MS (default: the tournament's)");
    old_spelling(command->add_option("--timelimit", a->time_limit_s)->check(CLI::Range(0.001, 3600.0)), "--limit movetime=MS");
    command->callback([&game, a] { referee_one_game(game, *a); });
  }
}

}  // namespace gamelab::cli
