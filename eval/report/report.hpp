#pragma once
// `gamelab report`: one page (index.html) and its Markdown twin (summary.md) from any mix of
//   - a match records file (JSON lines)                   -> the match
//   - several records files (or one with 3+ engines)     -> a rating list with the head-to-head matrix
//   - an SPSA campaign folder (config.json kind "spsa")   -> trajectories, score, verification
//   - a Texel campaign folder (config.json kind "texel")  -> errors per epoch, weights before and after
//   - a training campaign folder (config.json kind "train") -> loss curves, the form, the data
//   - a generations campaign folder (kind "generations")  -> each generation's data, losses and match
//   - a release report's data (reports/<game>/<id>.json)  -> perft, bench, match, the gate's verdict
//   - a folder of release data (reports/<game>)           -> the release history: Elo over the defaults
//                                                            release by release, then each release
// The page is self-contained (inline CSS and SVG, no script, no network) and holds no clock reading:
// the same inputs give the same bytes. (A watched page, watch.hpp, adds the time it was updated at.)
#include <optional>
#include <string>
#include <vector>

#include "eval/ratings/rating_list.hpp"
#include "eval/report/document.hpp"
#include "eval/stats/sprt.hpp"

namespace gamelab::eval::report {

enum class InputKind { Records, SpsaCampaign, TexelCampaign, TrainCampaign, GenerationsCampaign, Release, ReleaseHistory };

// What `path` is; InputError naming it and what was expected when it is none of them.
InputKind detect_input(const std::string& path);

struct ReportOptions {
  std::optional<SprtConfig> sprt;  // the SPRT the records files' matches were run with (--sprt)
  SprtConfig path_sprt;            // without it: the bounds of the LLR path (elo0=0, elo1=5)
  RatingOptions ratings;           // rating lists: as `gamelab ratings` (bootstrap 200, seed 1)
  std::string title;               // default "gamelab report"
};

Document build_report(const std::vector<std::string>& inputs, const ReportOptions& options);

struct ReportFiles {
  std::string html, markdown;
};
// Writes `dir`/index.html and `dir`/summary.md (atomically; `dir` is made if missing).
ReportFiles write_report(const Document& document, const std::string& dir);

}  // namespace gamelab::eval::report
