#pragma once
// The report of one match (a records file): results, pentanomial, Elo, nElo, LOS, the LLR after each
// pair against the SPRT's bounds, the Elo estimate after each pair, game lengths, results by opening,
// failures and how the games ended.
//
// The statistics count what `gamelab match` counts: the longest run of pairs 0, 1, 2, ... in the file,
// stopped at the SPRT's verdict when the match was run with one (`sprt`), so the numbers equal what
// the match printed at its end (eval::summarize). The records do not say which SPRT a match used:
// without one the LLR path is drawn against `path_sprt` (the report's --sprt, default elo0=0, elo1=5)
// and every pair of the run is counted.
#include <optional>
#include <string>
#include <vector>

#include "eval/records.hpp"
#include "eval/report/document.hpp"
#include "eval/stats/sprt.hpp"

namespace gamelab::eval::report {

struct MatchInput {
  std::string path{};                       // the records file, as named on the command line
  std::vector<PairRecord> records{};
  std::optional<SprtConfig> sprt{};         // the match's own SPRT: counting stops at its verdict
  std::string sprt_source{};                // where it came from, e.g. "verify.json"
  SprtConfig path_sprt{};                   // bounds for the LLR path when `sprt` is not known
  std::string title{};                      // default "Match: A vs B"
  std::string id{};                         // default from the title
};

// InputError when the file holds no record, or more than two engines (that is a rating list).
Section match_section(const MatchInput& input);

// One line of a table of matches: "A vs B", games, W-D-L, score, Elo +- error (for rating lists).
struct MatchLine {
  std::string engines{};
  std::string games{};
  std::string wdl{};
  std::string score{};
  std::string elo{};
};
MatchLine match_line(const std::vector<PairRecord>& records);

}  // namespace gamelab::eval::report
