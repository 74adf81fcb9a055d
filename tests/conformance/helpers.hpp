#pragma once
// What the conformance suite's registry checks share: a game's committed positions (its perft dataset,
// its bench suite) and where its self-play starts, all through the registry (GameEntry) and the files
// every game on the list commits, so that a game gets the checks by being registered.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/text_file.hpp"
#include "registry/game_registry.hpp"
#include "registry/perft_suite.hpp"

namespace conformance {

struct DatasetPosition {
  std::string name;
  std::string text;
  int fast_depth = 0;
};

// The positions of a game's committed perft dataset: its start and the positions its rules page picks.
inline std::vector<DatasetPosition> dataset_positions(const gamelab::GameEntry& game) {
  const std::string path = gamelab::default_perft_dataset(game.name);
  const auto data = nlohmann::json::parse(gamelab::read_text_file(path));
  std::vector<DatasetPosition> out;
  for (const auto& item : data.at("positions")) {
    out.push_back({item.at("name"), item.at("position"), item.at("fast_depth")});
  }
  return out;
}

// The positions of a game's bench suite (datasets/bench/<game>.json): positions in play, picked by
// seeded play for the engine to search.
inline std::vector<std::string> bench_positions(const gamelab::GameEntry& game) {
  const auto data = nlohmann::json::parse(gamelab::read_text_file(GAMELAB_DATA_DIR "/bench/" + game.name + ".json"));
  std::vector<std::string> out;
  for (const auto& item : data.at("positions")) out.push_back(item.at("position"));
  return out;
}

// `text` written to `path`, for a command's --board; the path.
inline std::string position_file(const std::string& path, const std::string& text) {
  gamelab::write_file_atomic(path, text);
  return path;
}

// Where a game's self-play starts: its start, or for a simultaneous game (which has none) a folder
// holding the first position of its perft dataset as a board. The command-line arguments that say so.
inline std::string self_play_positions(const gamelab::GameEntry& game) {
  if (game.shape == gamelab::GameShape::TurnBased) return "";
  const std::string folder = game.name + "_boards";
  std::filesystem::create_directories(folder);
  gamelab::write_file_atomic(folder + "/board-1.txt", dataset_positions(game).front().text);
  return " --boards " + folder;
}

// The games whose engines play learned evaluation files (GameEntry::learned_eval, over their inputs).
inline std::vector<const gamelab::GameEntry*> learned_games() {
  std::vector<const gamelab::GameEntry*> out;
  for (const gamelab::GameEntry& game : gamelab::game_registry()) {
    if (game.learned_eval && game.sparse_inputs.active) out.push_back(&game);
  }
  return out;
}

}  // namespace conformance
