#pragma once
// Reading a game's result from what a referee program printed or its exit code (referee_spec.hpp's
// presets and patterns). No process is run here: the caller hands in the output.
//
// - score: the last line holding exactly one of "1-0", "0-1", "1/2-1/2" (also "½-½", "0.5-0.5"),
//   as the first player's result;
// - winner: the last non-empty line names the winner: one seat's words (its engine's name, its
//   program's path or file name, or the preset's words such as "white") and not the other's, or a
//   draw ("draw", "drawn", "tie"), as whole words, in any case;
// - json: the last line that is a JSON object with "winner" ("first", "second", "draw", null or a
//   seat's word), "score" (the first player's: 1, 0.5, 0) or "result" ("1-0", ...); optional members
//   "reason", "plies", "moves", "termination" with "fault" (a player's fault, seat 0 or 1), "seed"
//   (the game's: another is a result for another game), "opening", "adjudication";
// - exit: the exit code, by the preset's three codes;
// - patterns: the last line matching exactly one of the three regular expressions.
// Standard output is read first, standard error when it has no result.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "eval/match/referee_spec.hpp"
#include "registry/game_entry.hpp"

namespace gamelab::eval {

struct RefereeOutput {
  std::vector<std::string> out_lines;  // standard output's lines (the last of them, if it was long)
  std::vector<std::string> err_lines;
  std::optional<int> exit_code;        // none: it did not exit by itself
};

// Each seat's words, as the winner preset and the JSON's "winner" recognise them (the rule's own words,
// winner:FIRST,SECOND, are added to them).
struct SeatWords {
  std::vector<std::string> seat[2];
};

struct RefereeReading {
  bool found = false;
  double score = 0.5;  // the first player's
  std::string reason;  // what decided (the line), or why nothing did
  gamelab::Termination termination = gamelab::Termination::Normal;  // a player's fault the referee reported (json)
  int fault = -1;
  int plies = 0;
  std::vector<std::string> moves;
  std::string opening, adjudication;
  std::optional<std::uint64_t> seed;  // the game the JSON says it reports
};

RefereeReading read_referee_result(const RefereeResultRule& rule, const RefereeOutput& output, const SeatWords& words);

// Splits text into lines (without their '\n' or "\r\n"); a last line without a newline counts.
std::vector<std::string> split_output_lines(const std::string& text);

}  // namespace gamelab::eval
