#pragma once
// What a records file gives one engine, in the words the lab's reports state it: games, pairs, W-D-L
// and the pentanomial, from that engine's side. `gamelab sprt --records` prints it, and
// tests/release/report_records_test.cpp checks that every report folder's README states it for each
// records file beside it.
#include <string>
#include <vector>

#include "eval/records.hpp"
#include "eval/stats/counts.hpp"

namespace gamelab::eval {

struct RecordsStatement {
  std::string engine;  // the first engine named in the first record unless one is asked for
  WdlCounts wdl;
  PentanomialCounts penta;
};

// InputError when there are no records, or `engine` (non-empty) plays in none of them.
RecordsStatement records_statement(const std::vector<PairRecord>& records, const std::string& engine = "");
// "138 games (69 pairs), W-D-L 13-123-2": the words a README must hold for its records (counts.hpp's,
// as the match runner prints them).
inline std::string games_text(const RecordsStatement& statement) {
  return games_text(statement.wdl, statement.penta.pairs());
}

}  // namespace gamelab::eval
