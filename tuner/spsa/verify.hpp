#pragma once
// The end of an SPSA campaign: the tuned parameters (current.json, or best.json) play the base
// parameters in a match with SPRT (eval::run_match), records in the campaign's verify.jsonl and the
// verdict in verify.json. Interrupted, it resumes its records; after more iterations changed the tuned
// parameters, it starts a new match.
//
// The match is played at the campaign's verification limits (longer than its tuning limits in a
// two-stage campaign), or at VerifyOptions::limits (see verify_file_stem).
//
// verify.json: {"candidate": "current.json", "iterations_done": k, "limits": "nodes=M",
//   "tuning_limits": "nodes=N", "games": n, "wdl": [W, D, L],
//   "penta": [...], "score": s, "elo": e, "elo_lower": l, "elo_upper": u, "los": p,
//   "sprt": {...} or null, "llr": x or null, "verdict": "accept H1" | "accept H0" | "continue" | "no SPRT",
//   "tuned_hash": ..., "base_hash": ...}
#include <iosfwd>
#include <optional>
#include <string>

#include "eval/match/match_runner.hpp"
#include "tuner/spsa/campaign.hpp"

namespace gamelab::tuner {

struct VerifyOptions {
  int games = 0;                            // 0: the campaign's verify games (or 1000 when it has none)
  std::optional<eval::SprtConfig> sprt;     // default: the campaign's (or elo0=0, elo1=10)
  int concurrency = 0;                      // 0: the campaign's
  bool best = false;                        // play best.json instead of current.json
  std::string limits;                       // empty: the campaign's verification limits; may be timed
                                            // (movetime=MS), then the games vary from run to run
  std::string suite;                        // a band suite instead of the campaign's openings
};

struct VerifyReport {
  eval::MatchConfig config;
  eval::MatchSummary summary;
  nlohmann::ordered_json verdict;  // what verify.json holds
};

// The verification's files are <stem>.jsonl and <stem>.json: "verify" at the campaign's verification
// limits, "verify-nodes-20000" (the limits, made a file name) at others, so one campaign can be
// verified at several limits and a match at one limit never resumes another's records.
std::string verify_file_stem(const SpsaSettings& settings, const std::string& limits);

VerifyReport verify_campaign(const SpsaCampaign& campaign, const VerifyOptions& options, std::ostream& progress);

}  // namespace gamelab::tuner
