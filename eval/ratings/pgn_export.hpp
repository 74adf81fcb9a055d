#pragma once
// Match records as a PGN file of game headers, for Ordo and BayesElo:
//
//   [Event "gamelab raichu"]
//   [Site "gamelab"]
//   [Date "????.??.??"]
//   [Round "17"]              the pair number: both games of a pair share it (pentanomial tools group on it)
//   [White "A"]               seats[0], the seat that moves first
//   [Black "B"]
//   [Result "1-0"]            1-0, 1/2-1/2 or 0-1 for seats[0]'s score 1, 0.5, 0
//   [Termination "normal"]    PGN's words: normal, abandoned (crash, stalled), time forfeit, rules infraction
//
//   1-0
//
// The movetext is only the result: the games' own notations are not chess SAN. Quotes and
// backslashes in names are escaped as PGN requires.
#include <string>
#include <vector>

#include "eval/records.hpp"

namespace gamelab::eval {

std::string pgn_from_records(const std::vector<RecordsFile>& files);
// Writes pgn_from_records(files) to `path` (atomically).
void write_pgn(const std::string& path, const std::vector<RecordsFile>& files);

}  // namespace gamelab::eval
