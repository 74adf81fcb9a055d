#pragma once
#include <CLI/CLI.hpp>

namespace gamelab::cli {

// Each adds one subcommand (with a sub-subcommand per game) to the gamelab command line.
void add_perft_command(CLI::App& app);
void add_show_command(CLI::App& app);
void add_boards_command(CLI::App& app);
void add_engine_commands(CLI::App& app);
void add_openings_command(CLI::App& app);
void add_match_command(CLI::App& app);
// sprt, ratings: offline statistics (eval/stats, eval/ratings).
void add_stats_commands(CLI::App& app);

}  // namespace gamelab::cli
