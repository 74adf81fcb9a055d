// gamelab tablebase <game> [--n N] [--pieces P] [--out DIR] [--threads T] [--stats] [--json FILE]:
// endgame tables by retrograde analysis (GameEntry::tablebase), every material class up to P pieces,
// smaller classes first; a class whose file is already in DIR and sound is reused, so a stopped build
// resumes. One line per class; --stats adds the counts per side to move and the longest win.
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "core/error.hpp"
#include "core/text_file.hpp"
#include "registry/game_registry.hpp"

namespace gamelab::cli {

namespace {

struct TablebaseArgs {
  int n = 8;
  int pieces = 3;
  std::string out;
  int threads = 1;
  bool stats = false;
  std::string json;
  int sample_wins = 0;
  int min_win = 4;
  std::uint64_t seed = 1;
  std::string sample_out;
  std::string bundle;
};

std::string percent(std::uint64_t part, std::uint64_t whole) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f%%", whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
  return buffer;
}

nlohmann::json side_json(const TablebaseSideStats& s) {
  nlohmann::json out = {{"positions", s.positions}, {"won", s.won}, {"drawn", s.drawn}, {"lost", s.lost},
                        {"longest_win", s.longest_win}};
  if (!s.longest_example.empty()) out["longest_example"] = s.longest_example;
  return out;
}

}  // namespace

void add_tablebase_command(CLI::App& app) {
  auto* command = app.add_subcommand("tablebase", "build endgame tables by retrograde analysis");
  command->require_subcommand(1);
  for (const auto& game : game_registry()) {
    if (!game.tablebase) continue;
    auto* sub = command->add_subcommand(game.name, "build " + game.title + " endgame tables");
    auto args = std::make_shared<TablebaseArgs>();
    sub->add_option("--n", args->n, "board size (default 8)");
    sub->add_option("--pieces", args->pieces, "every class with at most this many pieces (default 3)")->check(CLI::Range(2, 4));
    sub->add_option("--out", args->out, "folder of the table files (default build/tablebases/<game>)");
    sub->add_option("--threads", args->threads, "threads (default 1)")->check(CLI::Range(1, 1024));
    sub->add_flag("--stats", args->stats, "print positions, won, drawn, lost and the longest win per class and side to move");
    sub->add_option("--json", args->json, "write the statistics as JSON to FILE");
    sub->add_option("--sample-wins", args->sample_wins,
                    "write N positions won for the side to move (an opening suite for gamelab match) to --sample-out")
        ->check(CLI::Range(1, 1000000));
    sub->add_option("--min-win", args->min_win, "sampled wins take at least this many plies (default 4)")->check(CLI::Range(1, 252));
    sub->add_option("--seed", args->seed, "seed of the sample (default 1)");
    sub->add_option("--sample-out", args->sample_out, "the suite file of --sample-wins (JSON)");
    sub->add_option("--bundle", args->bundle, "also write every table into this one file (the release bot embeds one)");
    sub->callback([&game, args] {
      if ((args->sample_wins > 0) != !args->sample_out.empty()) throw InputError("--sample-wins and --sample-out go together");
      TablebaseRequest request;
      request.sample_wins = args->sample_wins;
      request.min_win_plies = args->min_win;
      request.seed = args->seed;
      request.bundle = args->bundle;
      request.options["n"] = std::to_string(args->n);
      request.max_pieces = args->pieces;
      request.folder = args->out.empty() ? "build/tablebases/" + game.name : args->out;
      request.threads = args->threads;
      std::uint64_t bytes = 0;
      double seconds = 0;
      const auto print = [&](const TablebaseClassStats& c) {
        bytes += c.bytes;
        seconds += c.seconds;
        const auto& w = c.side[0];
        char line[320];
        std::snprintf(line, sizeof line,
                      "[%d/%d] %-6s n=%d  %12llu positions a side  white to move: won %s drawn %s lost %s  %7.2f s%s  (%.0f s in all)",
                      c.index, c.total, c.name.c_str(), c.n, static_cast<unsigned long long>(w.positions),
                      percent(w.won, w.positions).c_str(), percent(w.drawn, w.positions).c_str(),
                      percent(w.lost, w.positions).c_str(), c.seconds, c.reused ? " (file reused)" : "", seconds);
        std::cout << line << "\n";
        if (args->stats) {
          for (int s = 0; s < 2; ++s) {
            const auto& x = c.side[s];
            std::cout << "    " << (s == 0 ? "white" : "black") << " to move: " << x.positions << " positions, won " << x.won
                      << ", drawn " << x.drawn << ", lost " << x.lost << "; longest win " << x.longest_win << " plies";
            if (!x.longest_example.empty()) std::cout << " (" << x.longest_example << ")";
            std::cout << "\n";
          }
        }
        std::cout << std::flush;
      };
      const GameEntry::TablebaseReport report = game.tablebase(request, print);
      const std::vector<TablebaseClassStats>& stats = report.classes;
      char total[160];
      std::snprintf(total, sizeof total, "%zu classes up to %d pieces on n = %d in %s: %.1f MB, %.1f s", stats.size(),
                    args->pieces, args->n, request.folder.c_str(), static_cast<double>(bytes) / 1e6, seconds);
      std::cout << total << "\n";
      if (!args->json.empty()) {
        nlohmann::json out = {{"game", game.name}, {"n", args->n}, {"max_pieces", args->pieces},
                              {"made_by", "gamelab tablebase " + game.name + " --n " + std::to_string(args->n) +
                                              " --pieces " + std::to_string(args->pieces) + " --json FILE"},
                              {"classes", nlohmann::json::array()}};
        for (const auto& c : stats) {
          out["classes"].push_back({{"class", c.name}, {"white_to_move", side_json(c.side[0])},
                                    {"black_to_move", side_json(c.side[1])}, {"bytes", c.bytes}});
        }
        write_file_atomic(args->json, out.dump(2) + "\n");
        std::cout << "wrote " << args->json << "\n";
      }
      if (args->sample_wins > 0) {
        std::string made_by = "gamelab tablebase " + game.name + " --n " + std::to_string(args->n) + " --pieces " +
                              std::to_string(args->pieces) + " --sample-wins " + std::to_string(args->sample_wins) +
                              " --min-win " + std::to_string(args->min_win) + " --seed " + std::to_string(args->seed);
        const nlohmann::json suite = {{"game", game.name},
                                      {"made_by", made_by},
                                      {"won_for_side_to_move_from", report.won_classes},
                                      {"positions", report.won_positions}};
        write_file_atomic(args->sample_out, suite.dump(1) + "\n");
        std::cout << "wrote " << report.won_positions.size() << " won positions (" << report.won_classes.size()
                  << " classes and sides to move with wins of " << args->min_win << "+ plies) to " << args->sample_out << "\n";
      }
    });
  }
}

}  // namespace gamelab::cli
