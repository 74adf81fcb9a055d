#pragma once
// Does a committed release report agree with its records? The release gate writes reports/<game>/<id>.json
// (the report's data), <id>.md (rendered from it) and the records of its matches beside them
// (<id>.records.jsonl, and <id>.clock.records.jsonl for a clock match). This check recomputes, with the
// match runner's own summary (eval::summarize, the statistics of eval/stats), every figure the report
// states from the records, and compares:
// - for the match: games, pairs, W-D-L and pentanomial (the candidate's, whatever its seat), score, Elo
//   with its interval and LOS, each engine's failures, the SPRT's LLR, bounds and verdict (the match is
//   counted as the gate counted it: pairs 0, 1, 2, ... up to the verdict; pairs after it are noted);
// - for the clock match: games, W-D-L, pentanomial, Elo and its interval, failures;
// - for a match over a band suite: each band's and axis value's row (games, W-D-L, pentanomial, Elo,
//   whether it loses), from the records of that band (an axis value's bands are the suite's, read from
//   the file the report names);
// - that the records are this report's: its game, its candidate's and baseline's fingerprints;
// - the .md beside the data: its match and clock sections, line by line, against the rendering of the
//   figures recomputed from the records (release_report_markdown).
// A report that states no match (a forced release) or names no records file has nothing to check and
// is skipped, with the reason. A records file the report names but that is missing or unreadable is a
// mismatch. Nothing is written.
#include <string>
#include <vector>

namespace gamelab::eval {

// One figure a report states that its records do not give.
struct ReportMismatch {
  std::string file;          // the report's .json or .md
  std::string figure;        // e.g. "match games", "clock W-D-L", "match band n=8 pentanomial"
  std::string stated;        // what the report states
  std::string from_records;  // what the records give
};
// "FILE: FIGURE: the report states STATED, the records give FROM_RECORDS"
std::string to_string(const ReportMismatch& mismatch);

struct ReportCheck {
  std::string report;                      // the .json
  std::string skipped;                     // why nothing was checked; empty: checked
  std::vector<std::string> notes;          // what a reader should know (pairs after the verdict, a cut last line)
  std::vector<ReportMismatch> mismatches;  // in the order checked
  bool agrees() const { return skipped.empty() && mismatches.empty(); }
};

// Checks the release report whose data is `data_path` (<folder>/<id>.json) against the records it names
// in its folder. A band suite the report names by a relative path is read from `project` (the source
// folder: the gate names suites by their place in the project). InputError when the data is not a
// release report's.
ReportCheck check_release_report(const std::string& data_path, const std::string& project);

// The release reports' data under `reports`: reports/<game>/*.json, sorted (the folders inside a game's
// folder hold other runs, not release reports).
std::vector<std::string> release_report_files(const std::string& reports);

}  // namespace gamelab::eval
