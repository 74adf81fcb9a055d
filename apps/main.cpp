// gamelab: the laboratory's command line. Wiring only: every behaviour lives in the libraries.
#include <CLI/CLI.hpp>
#include <iostream>

#include "commands.hpp"
#include "core/error.hpp"
#include "registry/game_registry.hpp"

int main(int argc, char** argv) {
  CLI::App app{"gamelab: rules engines, searching engines, matches and tuners for tournament games"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "gamelab 0.1");

  auto* games = app.add_subcommand("games", "list the games gamelab knows");
  games->callback([] {
    for (const auto& game : gamelab::game_registry()) {
      std::cout << game.name << "\t" << game.title << "\t"
                << (game.shape == gamelab::GameShape::TurnBased ? "turn-based" : "simultaneous") << "\n";
    }
  });
  gamelab::cli::add_perft_command(app);
  gamelab::cli::add_show_command(app);
  gamelab::cli::add_boards_command(app);
  gamelab::cli::add_analyse_command(app);
  gamelab::cli::add_engine_commands(app);
  gamelab::cli::add_openings_command(app);
  gamelab::cli::add_match_command(app);
  gamelab::cli::add_tournament_command(app);
  gamelab::cli::add_stats_commands(app);
  gamelab::cli::add_tune_command(app);
  gamelab::cli::add_datagen_command(app);
  gamelab::cli::add_train_command(app);
  gamelab::cli::add_generations_command(app);
  gamelab::cli::add_export_command(app);
  gamelab::cli::add_judge_command(app);
  gamelab::cli::add_release_command(app);
  gamelab::cli::add_report_command(app);
  gamelab::cli::add_results_command(app);
  gamelab::cli::add_tablebase_command(app);
  gamelab::cli::add_freeze_command(app);
  gamelab::cli::add_referee_command(app);

  // Exit codes, the same for every command (docs/tools/cli.md §1): 0 success (and --help, --version);
  // 1 a negative verdict or a refusal, which the command reports itself (CLI::RuntimeError(1)); 2 bad
  // input (an unknown command, game or flag, a malformed file) or a fault.
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {  // --help at any level, --version: printed, exit 0
    return app.exit(e);
  } catch (const CLI::RuntimeError& e) {
    return e.get_exit_code() == 0 ? 0 : e.get_exit_code() == 1 ? 1 : 2;
  } catch (const CLI::ParseError& e) {
    app.exit(e);  // prints the message and "Run with --help for more information."
    return 2;
  } catch (const gamelab::InputError& e) {
    std::cerr << "gamelab: error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "gamelab: fault: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
