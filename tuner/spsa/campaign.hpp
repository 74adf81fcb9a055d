#pragma once
// An SPSA campaign on disk, resumable after a crash or a kill, on one process or an MPI job.
//
// The campaign directory holds:
//   config.json    what the campaign is (game, seed, iterations N, pairs per iteration K, limits,
//                  schedule, the full base parameter set, the tuned names, the verification match)
//   openings.json  the positions it plays, in a seeded order (an opening suite: gamelab match reads it)
//   journal.jsonl  one line per finished iteration, appended and fsync'ed (see below)
//   current.json   theta after the last iteration, rounded: a parameter file for --params
//   best.json      the campaign's estimate: the mean of theta over the last half of the iterations done
//                  (SPSA measures no absolute strength, so the averaged trajectory is its best guess)
//   verify.jsonl, verify.json   the verification match's records and verdict (tuner/spsa/verify.hpp),
//                  played at the verification limits (config "verify": "limits"), by default the tuning's
// A journal line: {"iteration": k, "flip": [+-1 per tuned parameter, in config order],
//   "wdl": [W, D, L], "penta": [LL, LD, DD+WL, WD, WW], "result": W - L, "theta": {name: value}}
// counted for the plus engine (theta + c_k flip). The journal is the campaign's state: theta is the
// last line's, nothing else is needed to go on. It holds no clock readings, so the same seed writes the
// same journal byte for byte whatever the thread count, the number of ranks or the interruptions.
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "eval/match/engine_arg.hpp"
#include "eval/stats/sprt.hpp"
#include "eval/distributed/process_group.hpp"
#include "tuner/spsa/spsa.hpp"

namespace gamelab::tuner {

using dist::ProcessGroup;

// (position text, where it came from): what the match runner plays from.
using Positions = std::vector<std::pair<std::string, std::string>>;

struct SpsaSettings {
  std::string game;
  std::uint64_t seed = 1;
  int pairs_per_iteration = 4;
  std::string limits;       // the engines' search limits, e.g. "nodes=2000" (reproducible)
  int concurrency = 1;      // threads per process (changes no result)
  SpsaSchedule schedule;    // N, alpha, gamma, A
  ParamSet base;            // the full parameter set the campaign starts from
  std::vector<std::string> tuned;
  std::string params_source;    // the --params file it came from
  std::string openings_source;  // the suite or folder the positions came from
  int verify_games = 0;         // 0: no verification match at the end
  std::optional<eval::SprtConfig> verify_sprt;
  // The verification's limits, longer than the tuning's as fishtest's LTC follows its STC (a gain
  // found in short games must survive long ones); empty: the tuning limits.
  std::string verify_limits;
  const std::string& verification_limits() const { return verify_limits.empty() ? limits : verify_limits; }
  // An external program (a team's own bot, docs/tools/your-bot.md) instead of the lab's engine: its
  // command, protocol and per-move time limit; `base` is then the bot's declared parameter set. Its
  // limits may be "clock": the bot's own time limit, no node budget (the games vary from run to run).
  std::string bot_command, bot_protocol;
  double bot_time_limit_s = 0;
  bool external() const { return !bot_command.empty(); }
  // The lab's engine evaluates with this learned evaluation file (both sides of every game).
  LearnedEvalSpec learned;
  // The engine the campaign tunes (the lab's or the bot) with these parameters, at `limits` (as text).
  eval::EngineArg engine(const std::string& name, const ParamSet& params, const std::string& limits) const;

  nlohmann::ordered_json to_json() const;
  static SpsaSettings from_json(const nlohmann::json& data, const std::string& source);
};

// Everything a process needs to play an iteration's pairs.
struct PairJob {
  int iteration = 0;
  std::uint64_t seed = 0;  // pair p of the campaign uses derive_seed(seed, p) and position p mod size
  ParamSet plus, minus;
};
// Plays the pairs with the given campaign-wide indices (iteration k holds pairs (k-1)K .. kK-1) and
// returns their outcomes in the same order.
using PairPlayer = std::function<std::vector<PairOutcome>(const PairJob&, const std::vector<std::uint64_t>&)>;

struct SpsaRunOptions {
  int max_iterations = -1;           // stop after this many iterations in this run (-1: to the end)
  double progress_interval_s = 30;   // not on a terminal: seconds between progress lines (0: every iteration)
};

class SpsaCampaign {
 public:
  // Writes config.json and openings.json in `dir` (made if missing); InputError if `dir` already
  // holds a campaign.
  static void create(const std::string& dir, const SpsaSettings& settings, const Positions& positions);
  // Reads a campaign; a truncated last journal line is reported on `notes` and cut off.
  static SpsaCampaign load(const std::string& dir, std::ostream& notes);
  // The campaign as text, for the other ranks of an MPI job (which hold no files).
  std::string serialize() const;
  static SpsaCampaign deserialize(const std::string& text);

  const std::string& dir() const { return dir_; }
  const SpsaSettings& settings() const { return settings_; }
  SpsaSettings& settings() { return settings_; }
  const Positions& positions() const { return positions_; }
  const Spsa& spsa() const { return spsa_; }
  int done() const { return static_cast<int>(history_.size()) - 1; }
  int iterations() const { return settings_.schedule.iterations; }
  const std::vector<double>& theta() const { return history_.back(); }
  ParamSet current() const { return spsa_.rounded(theta()); }
  ParamSet best() const;
  // The seed of the campaign's game pairs.
  std::uint64_t pair_seed() const;

  // Plays iterations done()+1 .. N (or max_iterations of them). Every rank of `group` plays pairs
  // p with p mod size = rank; rank 0 appends the journal, rewrites current.json and best.json after
  // every iteration and prints progress on `progress` (if not null).
  void run(const PairPlayer& player, const ProcessGroup& group, std::ostream* progress, const SpsaRunOptions& options);

  // Rewrites current.json and best.json from the state (after load, in case a kill came between the
  // journal line and them).
  void write_parameter_files() const;

 private:
  SpsaCampaign(std::string dir, SpsaSettings settings, Positions positions);
  void apply_journal_line(const nlohmann::json& line, const std::string& where);

  std::string dir_;  // empty on ranks other than 0
  SpsaSettings settings_;
  Positions positions_;
  Spsa spsa_;
  std::vector<std::vector<double>> history_;  // theta after each iteration; [0] is the start
};

// A campaign's limits: "clock" (an external bot's own time limit: no limit set) or parse_limits's form.
SearchLimits campaign_limits(const std::string& text, const std::string& what);

// The parameter names a --params file lists (JSON "params" or SPSA text lines), in file order.
std::vector<std::string> listed_parameter_names(const std::string& path);

}  // namespace gamelab::tuner
