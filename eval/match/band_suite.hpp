#pragma once
// Band suites: the positions of a match drawn from every part of a tournament's range, with results
// per part. A tournament plays Raichu on every even n from 8 up, Bullets on boards of 15-50 x 20-50
// squares with 10-200 walls and 100-2,000 rounds; a gain measured on one corner of that range is not
// a gain on the rest. A band suite (datasets/gate/<game>.json) names the bands and where each band's
// positions are:
//
//   {"game": "bullets",
//    "about": "why these bands",
//    "axes": ["area", "walls", "rounds"],
//    "bands": [{"name": "small sparse short", "tags": {"area": "small", "walls": "sparse", "rounds": "short"},
//               "boards": "../boards/bullets-gate/small-sparse-short"},
//              {"name": "n=8", "tags": {"n": "8"}, "openings": "../openings/raichu-gate.json"}, ...]}
//
// Paths are relative to the suite file's folder. Each band has an opening suite ("openings") or a
// folder of position files ("boards"), and a value for every axis.
//
// The match interleaves the bands: pair k plays band k mod B (its (k div B)-th position, cycling), so
// every prefix of the match, where an SPRT may stop it, covers every band alike. Each pair's record
// names its band; the results are then given per band and per value of each axis ("area small":
// every band tagged so), and a band or axis value on which the measured engine loses beyond its 95%
// interval (upper bound below 0) is a loss the release gate refuses.
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "eval/records.hpp"
#include "eval/stats/counts.hpp"
#include "eval/stats/elo.hpp"

namespace gamelab::eval {

struct Band {
  std::string name;
  std::map<std::string, std::string> tags;  // axis -> value
  std::string openings;                      // resolved paths; exactly one is set
  std::string boards;
};

struct BandSuite {
  std::string path;
  std::string game;
  std::vector<std::string> axes;
  std::vector<Band> bands;
};

// Reads and checks a suite; InputError naming the file and the member at fault.
BandSuite read_band_suite(const std::string& path);

struct BandPositions {
  std::vector<std::pair<std::string, std::string>> positions;  // (position text, source), interleaved
  std::vector<std::string> band;                                // the band of each position
  BandSuite suite;                                              // what they came from (no bands: no suite)
};

// Every band's positions, interleaved as above. `load` gives one band's positions from an opening suite
// or a board folder (the match runner's loader).
BandPositions interleave_bands(
    const BandSuite& suite,
    const std::function<std::vector<std::pair<std::string, std::string>>(const Band&)>& load);

// A band, an axis value or a whole clock match is judged lost only when its 95% interval lies below 0
// and it holds at least this many game pairs. With fewer the pairs' spread says little: one lost pair
// alone has none, its interval is a point below 0 ([0,1,0,0,0]: -191 [-252, -139]), and so one unlucky
// pair, or two of three, would refuse a release that the whole match accepts.
inline constexpr std::uint64_t kMinPairsToJudge = 5;
inline bool lost_beyond_interval(const PentanomialCounts& penta, const EloEstimate& elo) {
  return penta.pairs() >= kMinPairsToJudge && elo.elo_upper < 0;
}
// And a gain shown, by the same rule: what a learned evaluation's clock match must show (release_gate).
inline bool won_beyond_interval(const PentanomialCounts& penta, const EloEstimate& elo) {
  return penta.pairs() >= kMinPairsToJudge && elo.elo_lower > 0;
}

struct BandResult {
  std::string axis;   // "" for a band; else the axis of an aggregate over its value
  std::string name;   // the band's name, or the axis value
  WdlCounts wdl;
  PentanomialCounts penta;
  EloEstimate elo;
  bool loses() const { return lost_beyond_interval(penta, elo); }
  std::string label() const { return axis.empty() ? name : axis + " " + name; }
};

// Engine `a`'s results per band (in the suite's order), then per axis value (axes in the suite's
// order, values in order of first appearance) for each axis with a value that covers several bands.
// Records without a band are left out.
std::vector<BandResult> band_results(const BandSuite& suite, const std::vector<PairRecord>& records, const std::string& a);

// The results as JSON rows, for reports and verdict files: {"band", "axis" (aggregates only), "games",
// "wdl", "pentanomial", "elo", "elo_lower", "elo_upper" (when it has games), "loses"}.
nlohmann::ordered_json band_results_json(const std::vector<BandResult>& results);

// One line per result: "  n=8        W-D-L 10-30-0  Elo +87.6 [+30.1, +150.2]  (40 games)".
std::string band_results_text(const std::vector<BandResult>& results);

}  // namespace gamelab::eval
