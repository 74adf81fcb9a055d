#pragma once
// The match runner: game pairs (the same opening or board twice, seats swapped) played in parallel,
// each finished pair appended to a records file and fsync'ed, resumable, with SPRT early stopping.
//
// Determinism: pair k uses opening k (cycling through the suite) and seed derive_seed(seed, k), and
// engines are fresh for every game, so a pair's games do not depend on which thread plays them or when.
// Finished pairs are appended in pair order; with SPRT the match ends at the first m whose LLR over
// pairs 0..m-1 leaves the bounds, and pairs after m are dropped. So the same command writes the same
// records file, byte for byte, whatever --concurrency is and on any number of MPI ranks (run_match on
// rank 0 drives; the other ranks serve_match; eval/distributed).
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "eval/match/band_suite.hpp"
#include "eval/match/engine_arg.hpp"
#include "eval/records.hpp"
#include "eval/stats/counts.hpp"
#include "eval/stats/sprt.hpp"

namespace gamelab::eval {

struct MatchConfig {
  std::string game;
  std::vector<EngineArg> engines;  // exactly two: A (the one measured) and B
  int games = 100;                 // rounded up to whole pairs
  int concurrency = 1;
  std::uint64_t seed = 1;
  std::string openings;            // opening suite (JSON from `gamelab openings`), turn-based games
  std::string boards;              // board folder (position files), simultaneous games
  std::string suite;               // a band suite (band_suite.hpp): its bands interleaved, results per band
  std::optional<SprtConfig> sprt;
  std::string records;             // records file (JSON lines); appended to
  bool resume = false;             // continue an interrupted run in `records`
  std::string adjudication_tables; // endgame tables that end a game they know (GameRequest)
  double progress_interval_s = 30;  // not on a terminal: seconds between progress lines (0: every pair)
};

struct FaultCounts {
  std::uint64_t crash = 0, timeout = 0, illegal = 0, stalled = 0;
};

// Games a referee program failed (eval/match/referee_game.hpp): recorded with no fault seat, never scored.
struct RefereeFaultCounts {
  std::uint64_t crash = 0, timeout = 0, no_result = 0;  // no_result: garbage, or a result for no game played
  std::uint64_t total() const { return crash + timeout + no_result; }
};

struct MatchSummary {
  std::uint64_t pairs_total = 0;
  std::uint64_t pairs_counted = 0;  // the prefix the statistics use
  std::uint64_t pairs_resumed = 0;  // found finished in the records file
  WdlCounts wdl;                    // engine A's
  PentanomialCounts penta;          // engine A's
  FaultCounts faults[2];            // engine A's and B's failures
  RefereeFaultCounts referee_faults;  // games the referee failed (a game played by its referee)
  std::uint64_t pairs_faulted = 0;    // pairs holding such a game: recorded, not counted
  std::optional<double> llr;
  std::optional<SprtVerdict> verdict;
  double seconds = 0;
  std::vector<BandResult> bands;    // engine A's per band and axis value (a match over a band suite)
};

// The positions a match cycles through: the opening suite, the board folder, or (neither given) the
// game's default suite in datasets/, or else its start position.
std::vector<std::pair<std::string, std::string>> load_match_positions(const MatchConfig& config);
// The same, or with `suite` set, every band's positions interleaved and the band of each.
BandPositions load_match_bands(const MatchConfig& config);

// On one process, or on rank 0 of an MPI job whose other ranks are in serve_match (they get the
// positions, engines and pairs to play from rank 0 and need none of its files).
MatchSummary run_match(const MatchConfig& config, std::ostream& progress);
// A serving rank's share of the match rank 0 described in `job_text` (a "match" job).
void serve_match(const std::string& job_text);

// Plays pair `k` of a match between `a` and `b` without writing anything: opening positions[k % size],
// seed derive_seed(seed, k), `a` in seat 0 of the first game and in seat 1 of the second. run_match
// plays every pair through it; the tuners call it directly with their own engines.
PairRecord play_pair(const GameEntry& game, const std::vector<std::pair<std::string, std::string>>& positions,
                     const EngineArg& a, const EngineArg& b, std::uint64_t seed, std::uint64_t k,
                     const std::string& adjudication_tables = "");

// A registry game record as a match record's game: `seat0` moved first in it.
GameRecord to_record(const gamelab::GameRecord& g, const std::string& seat0, const std::string& seat1);

// The summary of a records file's pairs (as `gamelab match` would print it), for engine `a`.
MatchSummary summarize(const std::vector<PairRecord>& records, const std::string& a,
                       const std::optional<SprtConfig>& sprt);

std::string summary_text(const MatchSummary& summary, const MatchConfig& config);

}  // namespace gamelab::eval
