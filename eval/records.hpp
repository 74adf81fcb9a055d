#pragma once
// Match records: one JSON line per finished pair of games, appended by the match runner and read by
// `gamelab ratings`, the statistics and `--resume`.
//
// A line (shown wrapped):
//   {"game": "raichu", "pair": 17, "seed": 123456, "opening": "<position text or board file name>",
//    "engines": [{"name": "A", "params_hash": "0123abcd"}, {"name": "B", "params_hash": "4567ef01"}],
//    "games": [{"seats": ["A", "B"], "result": "win", "score": 1.0, "reason": "no pieces left",
//               "termination": "normal", "fault": null, "plies": 57, "moves": ["(1,0)-(3,0)", ...]},
//              {"seats": ["B", "A"], ...}]}
// - result and score are those of seats[0] (the seat that moves first); result is "win", "draw" or
//   "loss" and must agree with score (1, 0.5, 0).
// - termination is "normal" (the game's own rules ended it), or "crash", "timeout", "illegal",
//   "stalled" (a bot failed); fault is the seat (0 or 1) that failed, or null. A normal game has a
//   null fault.
// - the two games are the same opening with the seats swapped; the engines' names differ.
// - "band" (only in matches over a band suite, e.g. "n=12" or "large dense long") names the part of
//   the tournament's range the opening belongs to, for per-band statistics.
// Unknown extra fields are ignored, so the format can grow.
//
// Writers append `to_json_line(record) + "\n"` and flush. A record is complete once its line is
// parsed; a run killed mid-write leaves a last line without its newline that does not parse: readers
// report it (file and line) and skip it. Any other malformed line is an InputError naming file and line.
#include <sys/types.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "eval/stats/counts.hpp"

namespace gamelab::eval {

enum class GameResult { Win, Draw, Loss };
enum class Termination { Normal, Crash, Timeout, Illegal, Stalled };

std::string_view to_string(GameResult result);
std::string_view to_string(Termination termination);

struct EngineRecord {
  std::string name;
  std::string params_hash;
  bool operator==(const EngineRecord&) const = default;
};

struct GameRecord {
  std::array<std::string, 2> seats;  // seats[0] moves first
  GameResult result = GameResult::Draw;  // for seats[0]
  double score = 0.5;                    // of seats[0]: 1, 0.5 or 0
  std::string reason;
  Termination termination = Termination::Normal;
  std::optional<int> fault;  // seat at fault (0 or 1) for a non-normal termination
  int plies = 0;
  std::vector<std::string> moves;
  std::string adjudication;  // "tablebase" when the endgame tables ended the game; empty: the rules did
  bool operator==(const GameRecord&) const = default;

  // The score of the engine called `name` in this game (it must sit in one of the seats).
  double score_of(const std::string& name) const;
};

struct PairRecord {
  std::string game;
  std::uint64_t pair = 0;
  std::uint64_t seed = 0;
  std::string opening;
  std::array<EngineRecord, 2> engines;
  std::array<GameRecord, 2> games;
  std::string band;  // the band of a gate suite the opening belongs to (eval/match/band_suite.hpp); "" none
  bool operator==(const PairRecord&) const = default;
};

// A game the referee failed rather than a player (a referee program's crash, hang or unreadable
// output: docs/tools/referee.md): not Normal, and no seat at fault. A pair holding one is kept in the
// records but left out of every statistic (the match's summary, wdl_counts, pentanomial_counts, the
// rating list).
bool is_referee_fault(const GameRecord& game);
bool scored(const PairRecord& record);  // neither game is a referee fault

// One line of JSON, without the newline.
std::string to_json_line(const PairRecord& record);
// Parses and checks one line; InputError with the reason (the caller adds file and line).
PairRecord parse_record_line(const std::string& line);

struct RecordsFile {
  std::string path;
  std::vector<PairRecord> records;
  std::vector<int> record_lines;       // line number of each record
  std::optional<int> truncated_line;   // the last line, cut off mid-write, skipped
  std::uint64_t complete_bytes = 0;    // length of the file up to the end of its last complete line
  bool missing_final_newline = false;  // the last record parsed but its newline is missing
};

// The results of engine `name` over the records it played in: per game, and per pair (the
// pentanomial, for the SPRT). Records without `name` are skipped.
WdlCounts wdl_counts(const std::vector<PairRecord>& records, const std::string& name);
PentanomialCounts pentanomial_counts(const std::vector<PairRecord>& records, const std::string& name);

// Reads a records file. Blank lines are skipped. A missing file is an InputError.
RecordsFile read_records(const std::string& path);
// "path:line: truncated last line (an interrupted run?), skipped" when the file had one, else "".
std::string truncation_warning(const RecordsFile& file);
// Makes the file safe to append to after an interrupted run: cuts the truncated last line and adds a
// missing final newline. `file` must be what read_records returned for `path` just before.
void repair_records_tail(const RecordsFile& file);

// Appends records to a file line by line, each line forced to disk (fsync) before append returns: a
// finished pair survives a crash or a kill. The match runner and `gamelab judge --out` write through it.
// The file stays open for the whole run; when its path no longer names that file (a `git checkout` or
// `git stash` replaced a committed records file while a match ran, or it was removed), the next append
// puts the run's own copy back at the path (a file found there that is not an older state of it is kept
// as PATH.replaced) and says so on standard error, instead of writing on into a file nobody can see.
class RecordsAppender {
 public:
  explicit RecordsAppender(const std::string& path);  // InputError when the file cannot be opened
  ~RecordsAppender();
  RecordsAppender(const RecordsAppender&) = delete;
  RecordsAppender& operator=(const RecordsAppender&) = delete;
  void append(const std::string& line);  // `line` without its newline
  void append(const PairRecord& record) { append(to_json_line(record)); }

 private:
  void remember_file();  // file_ := the open file's identity
  void restore();        // the run's file back at path_, appends continuing there
  std::string path_;
  int fd_ = -1;
  std::pair<dev_t, ino_t> file_{};  // device and inode of the file fd_ writes: what path_ must name
};

}  // namespace gamelab::eval
