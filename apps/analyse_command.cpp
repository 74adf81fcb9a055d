// gamelab analyse <game>: each player's earliest hit on an opponent that never moves, for one position
// or a folder of position files (Bullets: docs/engines/bullets.md §6).
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "core/error.hpp"
#include "core/text_file.hpp"
#include "eval/records.hpp"
#include "registry/game_registry.hpp"

namespace gamelab::cli {

namespace {

struct AnalyseArgs {
  std::string board, boards, records, engine;
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

std::string line_of(const HitAnalysis& a) {
  const std::string target = a.shooter == "R" ? "B" : "R";
  if (a.hit_round) {
    return a.shooter + " hits " + target + " at round " + std::to_string(*a.hit_round) + ": " +
           (a.shot.empty() ? "a bullet already flying" : "shoots " + a.shot) + "; plan " + a.plan;
  }
  if (!a.proof.empty()) return a.shooter + " never hits " + target + ": " + a.proof;
  if (a.past_limit) {
    return a.shooter + " cannot hit " + target + " by the round limit: the earliest hit is round " + std::to_string(*a.past_limit);
  }
  return a.shooter + " cannot hit " + target + " by the round limit, nor in the 20,000 rounds after it";
}

nlohmann::json json_of(const HitAnalysis& a) {
  nlohmann::json j = {{"shooter", a.shooter}};
  j["hit_round"] = a.hit_round ? nlohmann::json(*a.hit_round) : nlohmann::json(nullptr);
  if (a.hit_round) j["plan"] = a.plan;
  if (!a.shot.empty()) j["shot"] = a.shot;
  if (a.past_limit) j["earliest_past_limit"] = *a.past_limit;
  if (!a.proof.empty()) j["never"] = a.proof;
  return j;
}

// Every game of the records lost by --engine (or by either seat), with its cause, and the losses per band.
void explain_losses(const GameEntry& game, const AnalyseArgs& args) {
  const eval::RecordsFile file = eval::read_records(args.records);
  if (const std::string warning = eval::truncation_warning(file); !warning.empty()) std::cerr << warning << "\n";
  int games = 0, losses = 0;
  std::map<std::string, int> per_band;
  for (const eval::PairRecord& pair : file.records) {
    if (pair.game != game.name) throw InputError(args.records + ": a record of " + pair.game + ", not " + game.name);
    for (const eval::GameRecord& g : pair.games) {
      ++games;
      if (g.score == 0.5) continue;
      const std::string& loser = g.seats[g.score == 1 ? 1 : 0];
      if (!args.engine.empty() && loser != args.engine) continue;
      ++losses;
      ++per_band[pair.band.empty() ? "-" : pair.band];
      const std::string cause = game.explain_loss(pair.opening, g.moves);
      std::cout << "pair " << pair.pair << (pair.band.empty() ? "" : " (" + pair.band + ")") << ": " << loser
                << " (seat " << (g.score == 1 ? 1 : 0) << ") lost: " << (cause.empty() ? g.reason : cause) << "\n";
    }
  }
  std::cout << losses << " of " << games << " games lost" << (args.engine.empty() ? "" : " by " + args.engine);
  for (const auto& [band, n] : per_band) std::cout << (band == per_band.begin()->first ? ": " : ", ") << band << " " << n;
  std::cout << "\n";
}

}  // namespace

void add_analyse_command(CLI::App& app) {
  auto* analyse = app.add_subcommand("analyse", "each player's earliest hit on an opponent that never moves");
  analyse->require_subcommand(1);
  for (const auto& game : game_registry()) {
    if (!game.analyse_hits) continue;
    auto* command = analyse->add_subcommand(game.name, "analyse " + game.title + " positions");
    auto args = std::make_shared<AnalyseArgs>();
    auto* board = command->add_option("--board", args->board, "a position file");
    auto* boards = command->add_option("--boards", args->boards, "a folder of position files (every .txt)");
    auto* records = command->add_option("--records", args->records,
                                        "match records: why each game lost by --engine (or by anyone) was lost");
    command->add_option("--engine", args->engine, "with --records: the engine whose losses to explain (default: every loss)");
    board->excludes(boards);
    records->excludes(board)->excludes(boards);
    command->add_flag("--json", args->json, "one JSON object per line: the file and each player's hit");
    command->callback([&game, args, board, boards, records] {
      if (records->count()) {
        if (!game.explain_loss) throw InputError("--records: " + game.title + " has no post-mortem of its games");
        explain_losses(game, *args);
        return;
      }
      if (board->count() + boards->count() == 0) throw InputError("give --board FILE, --boards DIR or --records FILE");
      for (const std::string& file : input_files(*args)) {
        const auto hits = game.analyse_hits(read_text_file(file), file);
        if (args->json) {
          nlohmann::json j = {{"file", file}, {"hits", nlohmann::json::array()}};
          for (const auto& a : hits) j["hits"].push_back(json_of(a));
          std::cout << j.dump() << "\n";
        } else {
          std::cout << file << "\n";
          for (const auto& a : hits) std::cout << "  " << line_of(a) << "\n";
        }
      }
    });
  }
}

}  // namespace gamelab::cli
