#pragma once
// Match records as a PGN file, as the field's match runners write one (cuteataxx, fastchess), for
// Ordo, BayesElo and the games' own viewers:
//
//   [Event "gamelab raichu"]
//   [Site "gamelab"]
//   [Date "????.??.??"]
//   [Round "17"]              the pair number: both games of a pair share it (pentanomial tools group on it)
//   [White "A"]               seats[0], the seat that moves first
//   [Black "B"]
//   [Result "1-0"]            1-0, 1/2-1/2 or 0-1 for seats[0]'s score 1, 0.5, 0
//   [Termination "normal"]    PGN's words: normal, abandoned (crash, stalled), time forfeit, rules infraction
//   [SetUp "1"]               with the opening when it is one line (a FEN: Ataxx)
//   [FEN "x5o/7/7/7/7/7/o5x x 0 1"]
//
//   1. f2 b6 2. g3 a5 ... 1-0
//
// The movetext is the game's moves in its own notation (the records' texts), numbered in pairs from
// the first mover's, wrapped at 80 columns, and then the result. Chess tools do not read the games'
// notations, and a reader that wants only tags and results (BayesElo's) takes `moves = false`: the
// movetext is then the result alone. Quotes and backslashes in tags are escaped as PGN requires.
#include <string>
#include <vector>

#include "eval/records.hpp"

namespace gamelab::eval {

std::string pgn_from_records(const std::vector<RecordsFile>& files, bool moves = true);
// Writes pgn_from_records(files, moves) to `path` (atomically).
void write_pgn(const std::string& path, const std::vector<RecordsFile>& files, bool moves = true);

}  // namespace gamelab::eval
