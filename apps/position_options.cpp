#include "position_options.hpp"

namespace gamelab::cli {

PositionSpec PositionArgs::spec() const {
  PositionSpec spec;
  spec.board = board;
  for (const auto& [name, option] : flags) {
    if (option->count() > 0) spec.options[name] = values.at(name);
  }
  return spec;
}

void add_position_options(CLI::App& command, const GameEntry& game, PositionArgs& args) {
  command.add_option("--board", args.board,
                     "position: the tournament's board form or a position file (docs/rules/common.md §3)");
  for (const auto& option : game.position_options) {
    args.values[option.name];
    args.flags[option.name] = command.add_option("--" + option.name, args.values[option.name], option.help);
  }
}

}  // namespace gamelab::cli
