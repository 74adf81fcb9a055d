#include "position_options.hpp"

#include "old_spelling.hpp"

namespace gamelab::cli {

void GameOptions::add(CLI::App& command, const std::vector<PositionOption>& options) {
  for (const auto& option : options) {
    auto& value = values[option.name];
    auto& named = flags[option.name];
    named.push_back(command.add_option("--" + option.name, value, option.help));
    if (!option.old_name.empty() && !command.get_option_no_throw("--" + option.old_name)) {
      named.push_back(old_spelling(command.add_option("--" + option.old_name, value), "--" + option.name));
    }
  }
}

std::map<std::string, std::string> GameOptions::given() const {
  std::map<std::string, std::string> out;
  for (const auto& [name, options] : flags) {
    for (const CLI::Option* option : options) {
      if (option->count() > 0) out[name] = values.at(name);
    }
  }
  return out;
}

PositionSpec PositionArgs::spec() const {
  PositionSpec spec;
  spec.board = board;
  spec.options = options.given();
  return spec;
}

void add_position_options(CLI::App& command, const GameEntry& game, PositionArgs& args) {
  command.add_option("--board", args.board,
                     "position: the tournament's board form or a position file (docs/rules/common.md §3)");
  args.options.add(command, game.position_options);
}

}  // namespace gamelab::cli
