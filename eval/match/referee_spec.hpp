#pragma once
// A game the lab has no code for, played through its organisers' own referee program
// (docs/tools/referee.md): what the user tells the lab about that program.
//
// - The command: the referee's command line (no shell), whose words may hold the placeholders
//   {first} and {second} (required: the programs of the players that move first and second, one
//   executable file each that the lab makes for the game, carrying that player's parameters and node
//   budget), {first_name}, {second_name} (the engines' names), {seed} (the pair's seed, the same for
//   both games of a pair), {pair} (the pair's number) and {game} (1 or 2 within the pair). Other
//   braces are left as they are (a wrapped referee may have placeholders of its own).
// - The result: read from the referee's standard output (else its standard error) or its exit code,
//   by one of the presets (score: "1-0", "0-1", "1/2-1/2"; winner: the winner's name on the last
//   line; json: a JSON line; exit: the exit code) or by three regular expressions.
// - Faults: the referee could not start, was killed, exited with a code not listed as fine, ran past
//   the game's timeout, printed no recognisable result, or reported a result without starting either
//   player. A fault is recorded, never scored; a match stops past `max_faults` of them.
#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace gamelab::eval {

enum class ResultPreset { Score, Winner, Json, Exit, Patterns };

struct RefereeResultRule {
  ResultPreset preset = ResultPreset::Score;
  // Patterns (ECMAScript regular expressions, each searched in every output line; the last line that
  // matches exactly one of them decides). Empty for the presets.
  std::string first_wins, second_wins, draw;
  // winner: the words the referee calls the two seats by, besides the engines' names and their
  // programs' paths (e.g. "white", "black": `winner:white,black`).
  std::vector<std::string> first_words, second_words;
  // exit: the exit codes that say the first player won, the second won, a draw (`exit:1,2,0`).
  int exit_first = -1, exit_second = -1, exit_draw = -1;
};

struct RefereeSpec {
  std::string game;     // the user's name for the game: in records, reports and rating lists
  std::string command;  // the referee's command line with its placeholders
  RefereeResultRule result;
  double game_timeout_s = 600;         // per game: past it the referee's whole process group is killed
  std::vector<int> ok_exit_codes{0};   // exit codes that are no crash (the exit preset adds its own)
  int max_faults = 10;                 // the match stops once more games than this have faulted
  std::size_t log_bytes = 8192;        // of each game's output kept in the log (head and tail)
};

// The text of --result: score | winner[:FIRST,SECOND] | json | exit:FIRST,SECOND,DRAW.
// InputError naming the option and what is expected.
RefereeResultRule parse_result_preset(const std::string& text);
std::string preset_text(const RefereeResultRule& rule);

// Checks a spec as the command line gives it: a game name that is a plain word and not one of the
// lab's games, {first} and {second} in the command, patterns that compile, positive limits.
void check_referee_spec(const RefereeSpec& spec);

// The spec as JSON (MPI jobs, a campaign's config.json) and back; InputError naming `source`.
nlohmann::json referee_spec_json(const RefereeSpec& spec);
RefereeSpec referee_spec_from_json(const nlohmann::json& j, const std::string& source);

}  // namespace gamelab::eval
