#include <iostream>
#include <memory>

#include "commands.hpp"
#include "position_options.hpp"
#include "registry/game_registry.hpp"

namespace gamelab::cli {

void add_show_command(CLI::App& app) {
  auto* show = app.add_subcommand("show", "print a position as a readable diagram");
  show->require_subcommand(1);
  for (const auto& game : game_registry()) {
    auto* command = show->add_subcommand(game.name, "show a " + game.title + " position");
    auto args = std::make_shared<PositionArgs>();
    add_position_options(*command, game, *args);
    command->callback([&game, args] { std::cout << game.show(args->spec()); });
  }
}

}  // namespace gamelab::cli
