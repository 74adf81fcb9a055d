// gamelab params | search | bench <game>: the searching engines from the command line.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/text_file.hpp"
#include "eval/match/engine_arg.hpp"
#include "old_spelling.hpp"
#include "position_options.hpp"
#include "registry/bench_suite.hpp"
#include "registry/game_registry.hpp"

namespace gamelab::cli {

namespace {

ParamSet load_params(const GameEntry& game, const std::string& path) {
  const ParamSet defaults = game.default_params();
  return path.empty() ? defaults : ParamSet::load_file(path, defaults);
}

std::string score_text(int score) {
  if (score > 29000) return "win in " + std::to_string(30000 - score);
  if (score < -29000) return "loss in " + std::to_string(30000 + score);
  return std::to_string(score);
}

struct SearchArgs {
  PositionArgs position;
  std::string limit;  // --limit
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t movetime = 0;
  std::string params;
  std::string eval_file, eval_mode = "add";
  std::uint64_t seed = 1;
  bool json = false;
};

struct BenchArgs {
  std::string params;
  std::string eval_file, eval_mode = "add";
  int depth = 0;
  std::string suite;
  bool json = false;
  bool check = false;
  bool record = false;
};

void print_bench(const GameEntry& game, const BenchArgs& args) {
  const LearnedEvalSpec learned = learned_spec(game, args.eval_file, args.eval_mode, args.params);
  const BenchReport report = run_bench(game, load_params(game, args.params), args.depth, args.suite);
  const double nps = report.seconds > 0 ? report.nodes / report.seconds : 0;
  // Turn-based suites fix a depth, the MCTS's a number of iterations (bench_suite.hpp).
  const std::string limit = report.depth > 0 ? "depth " + std::to_string(report.depth)
                                             : std::to_string(report.iterations) + " iterations";
  if (!learned.empty()) {
    // The same positions with the learned evaluation beside the hand-made one: the signature stays the
    // hand-made engine's, and --check and --record see only it.
    const BenchReport l = run_bench(game, load_params(game, args.params), args.depth, args.suite, learned);
    const double lnps = l.seconds > 0 ? l.nodes / l.seconds : 0;
    if (args.json) {
      std::cout << nlohmann::json{{"game", game.name}, {"depth", report.depth}, {"iterations", report.iterations}, {"hand_made", {{"nodes", report.nodes}, {"seconds", report.seconds}, {"nodes_per_second", nps}}},
                                  {"learned", {{"eval", learned.file}, {"mode", learned.add ? "add" : "replace"}, {"nodes", l.nodes}, {"seconds", l.seconds}, {"nodes_per_second", lnps}}},
                                  {"speed_ratio", nps > 0 ? lnps / nps : 0.0}}
                       .dump(2)
                << "\n";
    } else {
      std::printf("%-36s %-24s %8s %12s   %-24s %8s %12s\n", "position", "hand-made", "score", "nodes", "learned", "score", "nodes");
      for (std::size_t i = 0; i < report.rows.size() && i < l.rows.size(); ++i) {
        const auto& r = report.rows[i];
        const auto& q = l.rows[i];
        std::printf("%-36s %-24s %8s %12llu   %-24s %8s %12llu\n", r.name.c_str(), r.best_move.c_str(), score_text(r.score).c_str(),
                    static_cast<unsigned long long>(r.nodes), q.best_move.c_str(), score_text(q.score).c_str(),
                    static_cast<unsigned long long>(q.nodes));
      }
      std::printf("%s bench %s hand-made: %llu nodes in %.3f s (%.0f nodes/s)\n", game.name.c_str(), limit.c_str(),
                  static_cast<unsigned long long>(report.nodes), report.seconds, nps);
      std::printf("%s bench %s learned (%s, %s): %llu nodes in %.3f s (%.0f nodes/s, %.2f x the hand-made's)\n",
                  game.name.c_str(), limit.c_str(), learned.file.c_str(), learned.add ? "added" : "replacing",
                  static_cast<unsigned long long>(l.nodes), l.seconds, lnps, nps > 0 ? lnps / nps : 0.0);
    }
  } else if (args.json) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& r : report.rows) {
      rows.push_back({{"name", r.name}, {"best", r.best_move}, {"score", r.score}, {"nodes", r.nodes}, {"seconds", r.seconds}});
    }
    std::cout << nlohmann::json{{"game", game.name}, {"depth", report.depth}, {"iterations", report.iterations}, {"nodes", report.nodes},
                                {"seconds", report.seconds}, {"nodes_per_second", nps}, {"positions", rows}}
                     .dump(2)
              << "\n";
  } else {
    for (const auto& r : report.rows) {
      std::printf("%-36s %-24s %8s %12llu\n", r.name.c_str(), r.best_move.c_str(), score_text(r.score).c_str(),
                  static_cast<unsigned long long>(r.nodes));
    }
    std::printf("%s bench %s: %llu nodes in %.3f s (%.0f nodes/s)\n", game.name.c_str(), limit.c_str(),
                static_cast<unsigned long long>(report.nodes), report.seconds, nps);
  }
  if (args.record) {
    const std::string path = bench_signature_path(game.name);
    write_file_atomic(path, nlohmann::json{{"game", game.name}, {"depth", report.depth}, {"nodes", report.nodes}}.dump(2) + "\n");
    std::cout << "recorded signature " << report.nodes << " in " << path << "\n";
  }
  if (args.check) {
    const std::uint64_t recorded = recorded_bench_signature(game.name);
    if (recorded != report.nodes) {
      std::cerr << "bench signature " << report.nodes << " differs from the recorded " << recorded << " ("
                << bench_signature_path(game.name) << ")\n";
      throw CLI::RuntimeError(1);
    }
    std::cout << "signature matches " << bench_signature_path(game.name) << "\n";
  }
}

}  // namespace

void add_eval_options(CLI::App& command, const GameEntry& game, std::string& file, std::string& mode) {
  if (!game.learned_eval) return;
  command.add_option("--eval", file, "evaluate with this learned evaluation file (gamelab train; docs/tools/train.md §8); "
                                    "a release file as --params brings its own, --eval none leaves it out");
  command.add_option("--eval-mode", mode, "add (default): the learned output added to the hand-made evaluation; replace: instead of it")
      ->check(CLI::IsMember({"add", "replace"}));
}
LearnedEvalSpec learned_spec(const GameEntry& game, const std::string& file, const std::string& mode,
                             const std::string& params) {
  if (!game.learned_eval) return {};
  // --eval-mode's default (add) is the mode of a file given; a release's own file keeps the release's mode.
  const LearnedEvalSpec learned = eval::chosen_eval(file, file.empty() || file == "none" ? "" : mode, params, "--eval");
  if (!learned.empty()) eval::check_learned_eval(learned.file, game);
  return learned;
}

void add_engine_commands(CLI::App& app) {
  auto* params = app.add_subcommand("params", "print a game's default parameters (weights and search knobs)");
  params->require_subcommand(1);
  auto* search = app.add_subcommand("search", "search a position and print each iteration and the best move");
  search->require_subcommand(1);
  auto* bench = app.add_subcommand("bench", "search the fixed bench suite: total nodes (signature) and speed");
  bench->require_subcommand(1);
  for (const auto& game : game_registry()) {
    if (!game.search) continue;

    auto* p = params->add_subcommand(game.name, "parameters of the " + game.title + " engine");
    auto spsa = std::make_shared<bool>(false);
    auto json = std::make_shared<bool>(false);
    auto file = std::make_shared<std::string>();
    p->add_flag("--spsa", *spsa, "OpenBench SPSA text form: name, int, default, min, max, c_end, r_end");
    p->add_flag("--json", *json, "JSON form (the default)");
    p->add_option("--params", *file, "load and check this parameter file (JSON or SPSA) instead of the defaults");
    p->callback([&game, spsa, file] {
      const ParamSet set = load_params(game, *file);
      std::cout << (*spsa ? set.to_spsa() : set.to_json());
    });

    auto* s = search->add_subcommand(game.name, "search a " + game.title + " position");
    auto sargs = std::make_shared<SearchArgs>();
    s->add_option("--limit", sargs->limit,
                  "the search's limit: depth=D, nodes=N, movetime=MS or a mix (as every command's --limit; default: "
                  "depth=8 for alpha-beta, the engine's own for simultaneous games)");
    add_position_options(*s, game, sargs->position);  // after --limit: Bullets' old --limit (its rounds) is not taken here
    old_spelling(s->add_option("--depth", sargs->depth)->check(CLI::Range(1, 100)), "--limit depth=D");
    old_spelling(s->add_option("--nodes", sargs->nodes), "--limit nodes=N");
    old_spelling(s->add_option("--movetime", sargs->movetime)->check(CLI::Range(1, 3600000)), "--limit movetime=MS");
    s->add_option("--params", sargs->params, "parameter file (JSON or SPSA text); default: the built-in defaults");
    // A game whose positions take a --seed (a generated board) reads the search's seed from it too.
    const bool seed_is_position_option = std::any_of(game.position_options.begin(), game.position_options.end(),
                                                     [](const PositionOption& o) { return o.name == "seed"; });
    if (!seed_is_position_option) s->add_option("--seed", sargs->seed, "seed of the search's random choices (MCTS; default 1)");
    add_eval_options(*s, game, sargs->eval_file, sargs->eval_mode);
    s->add_flag("--json", sargs->json, "print the result as JSON");
    s->callback([&game, sargs] {
      SearchRequest request;
      request.position = sargs->position.spec();
      if (!sargs->limit.empty()) request.limits = parse_limits(sargs->limit, "--limit");
      if (sargs->depth > 0) request.limits.depth = sargs->depth;
      if (sargs->nodes > 0) request.limits.nodes = sargs->nodes;
      if (sargs->movetime > 0) request.limits.movetime_ms = sargs->movetime;
      // No limit given: depth 8 for alpha-beta; simultaneous games use their engine's default iterations.
      if (!request.limits.any() && game.shape == GameShape::TurnBased) request.limits.depth = 8;
      request.params = load_params(game, sargs->params);
      request.learned = learned_spec(game, sargs->eval_file, sargs->eval_mode, sargs->params);
      request.seed = sargs->seed;
      if (!sargs->json) {
        request.on_iteration = [](const SearchLine& line) {
          std::printf("depth %2d  score %8s  nodes %10llu  nps %9.0f  pv %s\n", line.depth, score_text(line.score).c_str(),
                      static_cast<unsigned long long>(line.nodes), line.seconds > 0 ? line.nodes / line.seconds : 0.0,
                      line.pv.c_str());
          std::fflush(stdout);
        };
      }
      const SearchReport r = game.search(request);
      if (sargs->json) {
        std::cout << nlohmann::json{{"game", game.name}, {"best", r.best_move}, {"result", r.result}, {"score", r.score},
                                    {"depth", r.depth}, {"nodes", r.nodes}, {"seconds", r.seconds},
                                    {"analysis", r.analysis}}
                         .dump(2)
                  << "\n";
        return;
      }
      std::cout << r.analysis;
      if (r.best_move.empty()) {
        std::cout << "no move: the game is over\n";
      } else {
        std::cout << "best " << r.best_move << "\n" << r.result << "\n";
      }
    });

    auto* b = bench->add_subcommand(game.name, "bench the " + game.title + " engine");
    auto bargs = std::make_shared<BenchArgs>();
    b->add_option("--params", bargs->params, "parameter file; default: the built-in defaults");
    b->add_option("--depth", bargs->depth, "override the suite's depth")->check(CLI::Range(1, 64));
    b->add_option("--positions", bargs->suite, "the bench's positions file (default datasets/bench/<game>.json)");
    old_spelling(b->add_option("--suite", bargs->suite), "--positions");
    add_eval_options(*b, game, bargs->eval_file, bargs->eval_mode);
    b->add_flag("--json", bargs->json, "print JSON");
    b->add_flag("--check", bargs->check, "fail unless the node count equals the recorded signature");
    b->add_flag("--record", bargs->record, "write the node count as the new signature (after a deliberate change)");
    b->callback([&game, bargs] { print_bench(game, *bargs); });
  }
}

}  // namespace gamelab::cli
