#pragma once
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "eval/match/referee_spec.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::cli {

// Each adds one subcommand (with a sub-subcommand per game) to the gamelab command line.
void add_perft_command(CLI::App& app);
void add_show_command(CLI::App& app);
void add_boards_command(CLI::App& app);
void add_analyse_command(CLI::App& app);
void add_engine_commands(CLI::App& app);
void add_openings_command(CLI::App& app);
void add_match_command(CLI::App& app);
// tournament: several engines, every pairing a match, and their rating list.
void add_tournament_command(CLI::App& app);
// sprt, ratings: offline statistics (eval/stats, eval/ratings).
void add_stats_commands(CLI::App& app);
// The rating list of records files, as `gamelab ratings FILE...` prints it.
void print_ratings(const std::vector<std::string>& files, double prior_draws = 0);
// tune spsa|texel|resume|verify, datagen: tuning campaigns and their data (tuner/).
void add_tune_command(CLI::App& app);
void add_datagen_command(CLI::App& app);
// train: learned evaluations over sparse inputs (tuner/train/).
void add_train_command(CLI::App& app);
// generations: self-play, training and an SPRT match, generation after generation (tuner/generations/).
void add_generations_command(CLI::App& app);
// export, judge: release bots' sources for a tournament, and the lab as a tournament's judge server.
void add_export_command(CLI::App& app);
void add_judge_command(CLI::App& app);
// release: the release gate (eval/release/).
void add_release_command(CLI::App& app);
// tablebase: endgame tables by retrograde analysis (games that have them).
void add_tablebase_command(CLI::App& app);
// report: HTML and Markdown reports of records, campaigns and releases (eval/report/).
void add_report_command(CLI::App& app);
// results: docs/results.md, reports/README.md and tuner/campaigns/README.md, generated (eval/report/results.hpp).
void add_results_command(CLI::App& app);
// freeze: tuned values into the marked block of a team's own source file (tuner/freeze/).
void add_freeze_command(CLI::App& app);

// referee: one game of a lab's game through its tournament protocol, as a referee program would.
void add_referee_command(CLI::App& app);

// A game the lab has no code for, defined by its referee program (docs/tools/referee.md): the options
// match, tune spsa and release share. referee_spec checks them (InputError naming the option);
// referee_game registers the game so that the match runner, the tuners and the gate find it by name.
struct RefereeArgs {
  std::string command, game, result, first_wins, second_wins, draw;
  double game_timeout_s = 600;
  std::vector<int> ok_exit;
  int max_faults = 10;
  long long log_bytes = 8192;
};
void add_referee_options(CLI::App& command, RefereeArgs& args);
bool referee_given(const RefereeArgs& args);  // any of the options given
// The callback of match, tune spsa or release run with no game: the referee's options, or the usual
// "A subcommand is required" (exit 2) with a hint; a stray word (an unknown game) is refused.
void require_game_or_referee(const CLI::App& command, const RefereeArgs& args, const std::string& usage);
eval::RefereeSpec referee_spec(const RefereeArgs& args);
const GameEntry& referee_game(const RefereeArgs& args);

// --eval FILE and --eval-mode add|replace on a command of a game whose engine loads learned evaluation
// files (nothing for another game); learned_spec checks the file against the game's input set (exit
// code 2, the file and the field named) and gives the engine's spec (empty without --eval).
void add_eval_options(CLI::App& command, const GameEntry& game, std::string& file, std::string& mode);
LearnedEvalSpec learned_spec(const GameEntry& game, const std::string& file, const std::string& mode,
                             const std::string& params = "");

}  // namespace gamelab::cli
