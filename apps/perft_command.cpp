// gamelab perft <game>: count the move paths of a position, or check the game's perft dataset.
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "old_spelling.hpp"
#include "perft_against.hpp"
#include "core/progress.hpp"
#include "position_options.hpp"
#include "registry/game_registry.hpp"
#include "registry/perft_suite.hpp"

namespace gamelab::cli {

namespace {

struct PerftArgs {
  PositionArgs position;
  int depth = 0;
  bool divide = false;
  int threads = 1;
  bool json = false;
  bool check = false;  // --check: the perft dataset
  std::string dataset;
  bool deep = false;
  int max_depth = 0;
  std::string against;  // --against CMD: compare with another program's perft (docs/tools/perft.md)
  double timeout = 120;
};

std::string rate_text(std::uint64_t nodes, double seconds) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.2f M nodes/s", seconds > 0 ? nodes / seconds / 1e6 : 0.0);
  return buffer;
}

void run_single(const GameEntry& game, const PerftArgs& args) {
  PerftRequest request;
  request.position = args.position.spec();
  request.depth = args.depth;
  request.divide = args.divide;
  request.threads = args.threads;
  const PerftReport report = game.perft(request);
  if (args.json) {
    nlohmann::json out = {{"game", game.name},       {"position", report.position},
                          {"depth", report.depth},    {"nodes", report.nodes},
                          {"seconds", report.seconds}, {"threads", args.threads},
                          {"nodes_per_second", report.seconds > 0 ? report.nodes / report.seconds : 0.0}};
    if (args.divide) {
      out["divide"] = nlohmann::json::array();
      for (const auto& line : report.divide) {
        out["divide"].push_back({{"move", line.move}, {"result", line.result}, {"nodes", line.nodes}});
      }
    }
    std::cout << out.dump(2) << "\n";
    return;
  }
  if (args.divide) {
    for (const auto& line : report.divide) {
      std::cout << line.move << "  " << line.result << "  " << line.nodes << "\n";
    }
    std::cout << "moves: " << report.divide.size() << "\n";
  }
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.3f", report.seconds);
  std::cout << game.name << " perft " << report.depth << ": " << report.nodes << " nodes in " << seconds
            << " s (" << rate_text(report.nodes, report.seconds) << ", " << args.threads
            << (args.threads == 1 ? " thread" : " threads") << ")\n";
}

// Returns false if any count differs from the dataset.
bool run_suite(const GameEntry& game, const PerftArgs& args) {
  const std::string path = args.dataset.empty() ? default_perft_dataset(game.name) : args.dataset;
  PerftSuiteOptions options{args.deep, args.max_depth, args.threads};
  ProgressOptions bar;
  bar.task = "perft " + game.name;
  bar.unit = "counts";
  bar.final_line = false;  // the rows and the summary line follow on standard output
  Progress progress(std::cerr, bar);
  options.on_progress = [&](std::size_t done, std::size_t total) {
    progress.set_total(total);
    progress.update(done);
  };
  const auto rows = run_perft_suite(game, path, options);
  progress.finish(rows.size());
  std::uint64_t nodes = 0;
  double seconds = 0;
  int failures = 0;
  nlohmann::json json_rows = nlohmann::json::array();
  for (const auto& row : rows) {
    nodes += row.actual;
    seconds += row.seconds;
    failures += row.ok() ? 0 : 1;
    if (args.json) {
      json_rows.push_back({{"name", row.name}, {"depth", row.depth}, {"expected", row.expected},
                           {"actual", row.actual}, {"seconds", row.seconds}, {"ok", row.ok()}});
    } else {
      std::printf("%-44s d=%-2d %14llu %14llu %8.3fs  %s\n", row.name.c_str(), row.depth,
                  static_cast<unsigned long long>(row.expected), static_cast<unsigned long long>(row.actual),
                  row.seconds, row.ok() ? "ok" : "MISMATCH");
    }
  }
  if (args.json) {
    std::cout << nlohmann::json{{"game", game.name}, {"dataset", path}, {"rows", json_rows},
                                {"failures", failures}, {"nodes", nodes}, {"seconds", seconds}}
                     .dump(2)
              << "\n";
  } else {
    std::cout << game.name << " perft suite " << path << ": " << rows.size() - failures << "/" << rows.size()
              << " counts match, " << nodes << " nodes, " << rate_text(nodes, seconds) << "\n";
  }
  return failures == 0;
}

}  // namespace

void add_perft_command(CLI::App& app) {
  auto* perft = app.add_subcommand("perft", "count move paths to a depth (proves a move generator)");
  perft->require_subcommand(1);
  for (const auto& game : game_registry()) {
    auto* command = perft->add_subcommand(game.name, "perft for " + game.title);
    auto args = std::make_shared<PerftArgs>();
    add_position_options(*command, game, args->position);
    command->add_option("--depth", args->depth, "depth in plies (moves)")->check(CLI::Range(0, 64));
    command->add_flag("--divide", args->divide, "list each root move with its count");
    command->add_option("--threads", args->threads, "worker threads (default 1)")->check(CLI::Range(1, 256));
    command->add_flag("--json", args->json, "print JSON instead of text");
    command->add_flag("--check", args->check, "check every position of the game's perft dataset");
    old_spelling(command->add_flag("--suite", args->check), "--check");
    command->add_option("--dataset", args->dataset, "dataset for --check (default datasets/perft/<game>.json)");
    command->add_flag("--deep", args->deep, "with --check: also the deep (slow) counts");
    command->add_option("--max-depth", args->max_depth, "with --check: never deeper than this")
        ->check(CLI::Range(1, 64));
    auto* against = command->add_option("--against", args->against,
                        "compare with your program's perft: runs 'CMD DEPTH POSITION-FILE [MOVE ...]' (docs/tools/perft.md)");
    command->add_option("--timeout", args->timeout, "with --against: seconds allowed for each run of CMD (default 120)")
        ->check(CLI::PositiveNumber);
    command->callback([&game, args, against] {
      if (against->count() > 0) {
        AgainstOptions options{args->against, args->timeout, args->threads};
        const int code = args->check ? perft_against_suite(game, args->dataset.empty() ? default_perft_dataset(game.name)
                                                                                        : args->dataset,
                                                           args->max_depth, options, std::cout)
                                     : perft_against(game, args->position.spec(), args->depth, options, std::cout, std::cerr);
        if (code != 0) throw CLI::RuntimeError(code);
        return;
      }
      if (args->check) {
        if (!run_suite(game, *args)) throw CLI::RuntimeError(1);
        return;
      }
      if (args->depth == 0 && !args->divide) {
        throw CLI::ValidationError("--depth", "give --depth D (or --check to check the dataset)");
      }
      run_single(game, *args);
    });
  }
}

}  // namespace gamelab::cli
