#pragma once
// `gamelab results`: the three pages that say what the lab holds now, generated from committed files
// and from nothing else (no clock reading: the same files give the same bytes).
//   - docs/results.md: for each game, its current release (engines/<game>/release.json and the release
//     report it names, reports/<game>/<id>.json), the gain at the gate and at the bot's clock, the
//     releases before it down to the default parameters (found by the baseline's fingerprint), and the
//     learned evaluation's share; each figure with the `gamelab sprt --records` command that reproduces
//     it from the committed records, and what that command prints (computed here with the statistics
//     the command uses, so that a test can run the commands and compare).
//   - reports/README.md: each game's current release report, its experiments
//     (reports/<game>/experiments/<name>/, titled by their README's first heading) and older reports.
//   - tuner/campaigns/README.md: every campaign folder (tuner/campaigns/<group>/<name>/) with its kind
//     (config.json), status and title (its README: "Status: **live|released|historical**").
// The games are the caller's (the registry's): this library reaches no game.
#include <string>
#include <vector>

namespace gamelab::eval::report {

struct ResultsGame {
  std::string name;   // "raichu": engines/<name>/release.json, reports/<name>/
  std::string title;  // "Raichu"
};

struct GeneratedPage {
  std::string path;  // relative to the root: "docs/results.md", "reports/README.md", "tuner/campaigns/README.md"
  std::string text;
};

// The three pages, from the files under `root` (the repository). InputError naming the file when a
// release's data is malformed, names a report that is missing, or a records file cannot be read.
std::vector<GeneratedPage> results_pages(const std::string& root, const std::vector<ResultsGame>& games);
// The pages whose file under `root` is missing or holds other bytes, by path.
std::vector<std::string> stale_pages(const std::string& root, const std::vector<GeneratedPage>& pages);
// Writes each stale page (a temporary file, then a rename); returns the paths written.
std::vector<std::string> write_pages(const std::string& root, const std::vector<GeneratedPage>& pages);

// A folder with a README.md: a campaign (tuner/campaigns/<group>/<name>) or an experiment
// (reports/<game>/experiments/<name>).
struct ReadmeFolder {
  std::string path;      // relative to the root
  bool has_readme = false;
  std::string title;     // the README's first "# " heading, without the "# "
  std::string status;    // the word of its first line "Status: **WORD**…"; empty when there is none
  std::string kind;      // config.json's "kind" (campaigns), empty when there is none
};

// The statuses a campaign's README may give.
inline const std::vector<std::string>& campaign_statuses() {
  static const std::vector<std::string> statuses = {"live", "released", "historical"};
  return statuses;
}

// Every folder tuner/campaigns/<group>/<name>/ (sorted).
std::vector<ReadmeFolder> campaign_folders(const std::string& root);
// Every folder reports/<game>/experiments/<name>/ of the given games (sorted).
std::vector<ReadmeFolder> experiment_folders(const std::string& root, const std::vector<ResultsGame>& games);
// The campaign folders (relative to the root, sorted) whose results the current releases hold: the
// campaign release.json names, those the release reports name along the chain of baselines, and the
// folder of the learned evaluation's source file.
std::vector<std::string> released_campaigns(const std::string& root, const std::vector<ResultsGame>& games);

}  // namespace gamelab::eval::report
