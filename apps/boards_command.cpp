// gamelab boards <game>: write a suite of generated boards (one position file each) into a folder.
#include <filesystem>
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "position_options.hpp"
#include "core/error.hpp"
#include "core/text_file.hpp"
#include "registry/game_registry.hpp"

namespace gamelab::cli {

namespace {

struct BoardsArgs {
  std::uint64_t seed = 1;
  int count = 50;
  std::string out;
  GameOptions options;
};

}  // namespace

void add_boards_command(CLI::App& app) {
  auto* boards = app.add_subcommand("boards", "generate a suite of boards from a seed (simultaneous games)");
  boards->require_subcommand(1);
  for (const auto& game : game_registry()) {
    if (!game.generate_boards) continue;
    auto* command = boards->add_subcommand(game.name, "generate " + game.title + " boards");
    auto args = std::make_shared<BoardsArgs>();
    command->add_option("--seed", args->seed, "seed: the same seed gives the same boards")->required();
    command->add_option("--count", args->count, "number of boards (default 50)")->check(CLI::Range(1, 100000));
    command->add_option("--out", args->out, "folder to write the position files into")->required();
    args->options.add(*command, game.board_options);
    command->callback([&game, args] {
      const BoardRequest request{args->seed, args->count, args->options.given()};
      const auto generated = game.generate_boards(request);
      std::error_code error;
      std::filesystem::create_directories(args->out, error);
      if (error) throw InputError("--out " + args->out + ": cannot create folder (" + error.message() + ")");
      for (const auto& board : generated) write_file_atomic(args->out + "/" + board.name, board.text);
      std::cout << "wrote " << generated.size() << " " << game.name << " boards to " << args->out << "\n";
    });
  }
}

}  // namespace gamelab::cli
