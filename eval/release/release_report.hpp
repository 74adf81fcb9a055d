#pragma once
// The release report: reports/<game>/<id>.md, rendered from the report's data (reports/<game>/<id>.json,
// written by the release gate) and from nothing else, so that other renderings (HTML) can be made from
// the same file. The data's members: game, id, date, report, candidate {source, fingerprint, params},
// baseline {source, fingerprint}, perft {dataset, deep, counts, matching, nodes, seconds, mismatches,
// result}, bench {suite, depth | iterations, nodes, seconds, nodes_per_second, build_signature {file,
// recorded, defaults_nodes, result}}, match (when one was played) {games, pairs, max_games, limit,
// concurrency, seed, wdl, pentanomial, score, elo, elo_error, los, faults, sprt {elo0, elo1, alpha, beta,
// model, llr, lower, upper, verdict}, seconds, records}, gate {decision, passed, forced, problems}.
#include <string>

#include <nlohmann/json.hpp>

namespace gamelab::eval {

// The clock match's opponent with --eval (data["clock"]["opponent"]; else "default parameters"): the
// baseline, named "baseline" in its records as in the SPRT match.
constexpr const char* kClockReleaseOpponent = "the current release";

std::string release_report_markdown(const nlohmann::ordered_json& data);

}  // namespace gamelab::eval
