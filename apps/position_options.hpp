#pragma once
// The options every position-taking command shares: --board and each game's own position options.
#include <CLI/CLI.hpp>
#include <map>
#include <memory>
#include <string>

#include "registry/game_entry.hpp"

namespace gamelab::cli {

// A game's own options (its position or board options), each under its name and, where it has one and
// the command has no option of that name, its old spelling (old_spelling.hpp).
struct GameOptions {
  std::map<std::string, std::string> values;
  std::map<std::string, std::vector<CLI::Option*>> flags;

  void add(CLI::App& command, const std::vector<PositionOption>& options);
  // name -> value of the options the user actually gave.
  std::map<std::string, std::string> given() const;
};

struct PositionArgs {
  std::string board;
  GameOptions options;

  // The PositionSpec holding only the options the user actually gave.
  PositionSpec spec() const;
};

void add_position_options(CLI::App& command, const GameEntry& game, PositionArgs& args);

}  // namespace gamelab::cli
