#pragma once
// The release gate (`gamelab release <game>`): a parameter set is frozen into engines/<game>/release.json
// only when
//   1. the game's perft dataset matches (datasets/perft/<game>.json, the depths the test suite checks);
//   2. the bench signature with the candidate's parameters has been computed (it is recorded in the
//      release; the build itself is also checked against engines/<game>/bench_signature.json with the
//      default parameters, and the report says whether it matches);
//   3. an SPRT match of the candidate (engine A) against the baseline (the current release, or the
//      default parameters before the first one) accepts H1, and, when the match is over a band suite
//      (datasets/gate/<game>.json by default: every part of the tournament's range), the candidate
//      loses on no band and no axis value beyond its 95% interval (eval/match/band_suite.hpp);
//   4. with --clock-limit LIMIT (e.g. movetime=780, the bot's real time per move), a second match of the
//      candidate against the default parameters at that limit shows no loss beyond its interval
//      overall or on any band. Timed games vary from run to run: this match measures, it is not an SPRT.
// --force overrides step 3 only (it is recorded in the release and the report; a match given --games
// is still played and reported): a move generator that fails perft is never released. A candidate
// identical to its baseline is refused without --force (no match could accept it).
// A learned evaluation enters a release only through this gate (--eval FILE, --eval-mode add|replace):
// the candidate is then the parameter set with the file, in every step (bench, the SPRT, the clock),
// and its baseline is the current release as its bots play it. Whenever the baseline is the current
// release (the default), it plays with that release's own learned evaluation if it has one
// (engines/<game>/release.eval in the mode release.json records). With --eval no other baseline is
// taken: a learned evaluation is measured against the release it would replace, and a game without a
// release yet releases its parameters first. On success the file is copied beside the release as
// engines/<game>/release.eval and release.json records its fingerprint, input set, form and mode
// (release_config.hpp); a release without one removes a release.eval left by the one before, so that
// the bots carry exactly what the gate accepted (cmake/release_config.cmake compiles it in).
// The release's data names the campaign the candidate came from (its folder, kind, tuning and
// verification limits and its verification verdict), so a release can be traced to the command that
// made it (tuner/recipes/).
// On success the gate writes, each atomically: engines/<game>/release.eval (with --eval),
// engines/<game>/release.json, the report's data
// reports/<game>/<id>.json, the report reports/<game>/<id>.md and, if a match was played, its records
// reports/<game>/<id>.records.jsonl (<id> = the UTC date and time, e.g. 2025-01-31-120000, with "-2",
// "-3"... added when a report of that second exists). On failure
// it writes nothing under engines/ or reports/; the match records stay in the temporary file it names.
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/limits.hpp"
#include "eval/stats/sprt.hpp"

namespace gamelab::eval {

struct ReleaseGateOptions {
  std::string game;
  std::string params;          // the candidate: a parameter file of any form (load_any_params), or
                               // kDefaultParamsName for the game's default parameters
  std::string eval;            // the candidate's learned evaluation file (empty: none)
  std::string eval_mode;       // "add" (the default) or "replace": the file's output added to the
                               // hand-made evaluation or instead of it (eval=FILE,evalmode= on --engine)
  std::string baseline;        // empty: <root>/engines/<game>/release.json if it exists, else the defaults;
                               // kDefaultParamsName: the defaults
  std::string root;            // where engines/ and reports/ are written; empty: the source folder
  std::optional<int> games;    // match length; none: 4000 games, or no match at all with --force
  SprtConfig sprt{0, 10, 0.05, 0.05, EloModel::Logistic};
  int concurrency = 1;
  std::string limit = "nodes=10000";  // each engine's per-move limit in the match (reproducible)
  std::uint64_t seed = 1;
  std::string records;         // the match's records file while it runs; empty: a temporary file
  bool force = false;
  bool deep_perft = false;     // also the deep perft depths (slow)
  std::string perft_dataset;   // empty: datasets/perft/<game>.json
  std::string openings;        // the match's opening suite (turn-based; empty: the game's default suite)
  std::string boards;          // the match's board folder (simultaneous; empty: the game's default suite)
  std::string campaign;        // the tuning campaign the candidate came from; empty: the folder of
                               // --params when it holds a campaign (config.json), else none
  std::string suite;           // a band suite; empty: datasets/gate/<game>.json when it exists and neither
                               // openings nor boards is given; "none": no suite
  std::string clock;           // the clock match's limit (e.g. movetime=780); empty: no clock match
  int clock_games = 40;        // its games
  std::string clock_note;      // what the clock stands for, written in the report (a scaled clock, say)
  std::string clock_records;   // the clock match's records file while it runs; empty: a temporary file
  bool resume = false;         // continue the matches of a stopped gate from `records` and `clock_records`
  // A team's own bot instead of the lab's engine (docs/tools/your-bot.md §5): `bot` and `bot_baseline`
  // are --engine texts of external programs (cmd="...", timelimit=...), played at `limit` nodes=N
  // (GAMELAB_NODES) or "clock"; the report, its data and the records go to `out`, and no release.json
  // is written (the bot's file is the release). `bot_perft` is the caller's perft check against the
  // bot's own perft script: {"against": CMD, "result": "ok" | "differs" | "fault", ...}, null if none.
  std::string bot, bot_baseline, out;
  nlohmann::ordered_json bot_perft;
};

constexpr int kDefaultReleaseGames = 4000;
constexpr const char* kDefaultParamsName = "defaults";

struct ReleaseGateResult {
  bool passed = false;
  std::vector<std::string> problems;  // why it did not pass (empty when it did)
  nlohmann::ordered_json data;        // the report's data (release_report.hpp renders it)
  std::string release_path;           // written files (empty when not written)
  std::string eval_path;              // engines/<game>/release.eval (a release with a learned evaluation)
  std::string report_path;
  std::string data_path;
  std::string records_path;           // the match's records (kept when the gate fails)
  std::string clock_records_path;     // the clock match's records (likewise)
};

// Runs the gate; progress lines go to `progress`. InputError for bad options or files (before anything
// is played or written).
ReleaseGateResult run_release_gate(const ReleaseGateOptions& options, std::ostream& progress);

}  // namespace gamelab::eval
