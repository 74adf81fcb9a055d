#pragma once
// The options every position-taking command shares: --board and each game's own position options.
#include <CLI/CLI.hpp>
#include <map>
#include <memory>
#include <string>

#include "registry/game_entry.hpp"

namespace gamelab::cli {

struct PositionArgs {
  std::string board;
  std::map<std::string, std::string> values;
  std::map<std::string, CLI::Option*> flags;

  // The PositionSpec holding only the options the user actually gave.
  PositionSpec spec() const;
};

void add_position_options(CLI::App& command, const GameEntry& game, PositionArgs& args);

}  // namespace gamelab::cli
