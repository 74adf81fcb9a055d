// gamelab analyse <game>: a game's own analysis (GameEntry::analyse_position, explain_loss) of one position,
// a folder of position files, or the lost games of match records (Bullets': docs/engines/bullets.md §6).
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "core/error.hpp"
#include "core/text_file.hpp"
#include "eval/records.hpp"
#include "registry/game_registry.hpp"

namespace gamelab::cli {

namespace {

struct AnalyseArgs {
  std::string board, boards, engine;
  std::vector<std::string> records;
  bool json = false;
};

// The position files to analyse: the one --board names, or the .txt files of --boards, sorted.
std::vector<std::string> input_files(const AnalyseArgs& args) {
  if (!args.board.empty()) return {args.board};
  std::error_code error;
  if (!std::filesystem::is_directory(args.boards, error)) {
    throw InputError("--boards " + args.boards + ": not a folder of position files");
  }
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(args.boards)) {
    if (entry.path().extension() == ".txt") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  if (files.empty()) throw InputError("--boards " + args.boards + ": no .txt position file in it");
  return files;
}

// "a 3, b 1": the counts of a tally.
std::string counts_text(const std::map<std::string, int>& counts) {
  std::string text;
  for (const auto& [name, n] : counts) text += (text.empty() ? "" : ", ") + name + " " + std::to_string(n);
  return text;
}

// Every game of the records lost by --engine (or by either seat), with its cause; then the losses per band
// and per kind of cause. Several files are read as one match (each loss named by its file).
void explain_losses(const GameEntry& game, const AnalyseArgs& args) {
  int games = 0, losses = 0;
  std::map<std::string, int> per_band, per_kind;
  // Every file read (and refused, if it must be) before a line is printed.
  std::vector<eval::RecordsFile> files;
  for (const std::string& path : args.records) {
    files.push_back(eval::read_records(path));
    for (const eval::PairRecord& pair : files.back().records) {
      if (pair.game != game.name) throw InputError(path + ": a record of " + pair.game + ", not " + game.name);
    }
    if (const std::string warning = eval::truncation_warning(files.back()); !warning.empty()) std::cerr << warning << "\n";
  }
  for (std::size_t f = 0; f < files.size(); ++f) {
    const std::string where = files.size() > 1 ? args.records[f] + " " : std::string();
    for (const eval::PairRecord& pair : files[f].records) {
      for (const eval::GameRecord& g : pair.games) {
        ++games;
        if (g.score == 0.5) continue;
        const std::string& loser = g.seats[g.score == 1 ? 1 : 0];
        if (!args.engine.empty() && loser != args.engine) continue;
        ++losses;
        ++per_band[pair.band.empty() ? "-" : pair.band];
        const std::optional<LossExplanation> cause = game.explain_loss(pair.opening, g.moves);
        if (cause) ++per_kind[cause->kind];
        std::cout << where << "pair " << pair.pair << (pair.band.empty() ? "" : " (" + pair.band + ")") << ": " << loser
                  << " (seat " << (g.score == 1 ? 1 : 0) << ") lost: " << (cause ? cause->text : g.reason) << "\n";
      }
    }
  }
  std::cout << losses << " of " << games << " games lost" << (args.engine.empty() ? "" : " by " + args.engine);
  if (!per_band.empty()) std::cout << ": " << counts_text(per_band);
  std::cout << "\n";
  if (!per_kind.empty()) std::cout << "by kind: " << counts_text(per_kind) << "\n";
}

}  // namespace

void add_analyse_command(CLI::App& app) {
  auto* analyse = app.add_subcommand("analyse", "a game's own analysis of positions and of the games it lost");
  analyse->require_subcommand(1);
  for (const auto& game : game_registry()) {
    if (!game.analyse_position) continue;
    auto* command = analyse->add_subcommand(game.name, game.analysis_help);
    auto args = std::make_shared<AnalyseArgs>();
    auto* board = command->add_option("--board", args->board, "a position file");
    auto* boards = command->add_option("--boards", args->boards, "a folder of position files (every .txt)");
    auto* records = command->add_option("--records", args->records,
                                        "match records (one file or several): why each game lost by --engine (or by anyone) was lost");
    command->add_option("--engine", args->engine, "with --records: the engine whose losses to explain (default: every loss)");
    board->excludes(boards);
    records->excludes(board)->excludes(boards);
    command->add_flag("--json", args->json, "one JSON object per line: the file and the game's analysis of it");
    command->callback([&game, args, board, boards, records] {
      if (records->count()) {
        if (!game.explain_loss) throw InputError("--records: " + game.title + " has no post-mortem of its games");
        explain_losses(game, *args);
        return;
      }
      if (board->count() + boards->count() == 0) throw InputError("give --board FILE, --boards DIR or --records FILE...");
      for (const std::string& file : input_files(*args)) {
        const PositionAnalysis analysis = game.analyse_position(read_text_file(file), file);
        if (args->json) {
          nlohmann::json j = nlohmann::json::parse(analysis.json);
          j["file"] = file;
          std::cout << j.dump() << "\n";
        } else {
          std::cout << file << "\n";
          for (const auto& line : analysis.lines) std::cout << "  " << line << "\n";
        }
      }
    });
  }
}

}  // namespace gamelab::cli
