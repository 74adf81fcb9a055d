#pragma once
// A generations campaign on disk (`gamelab generations <game>`, docs/tools/train.md §9): learned
// evaluations made one from another, unattended, resumable after a kill.
//
//   config.json        the settings (settings.hpp), written by the first run
//   params.json        the engine's parameters, for every engine of every step
//   gen-0/best.eval    with --start-eval: generation 0's learned evaluation, a copy of the file given
//   journal.jsonl      one line per finished step (journal.hpp)
//   .gitignore         "data/": the self-play files are large, and the seeds rebuild them
//   data/gen-K.data    generation K's self-play (`gamelab datagen`; .partial while it is written)
//   gen-K/train/       generation K's training campaign (tuner/train/campaign.hpp)
//   gen-K/match.jsonl  generation K's verification match (the match runner's records)
//
// Generation K: (1) self-play of the current best (generation 0 for K = 1: the hand-made evaluation,
// or it with gen-0/best.eval; else the best generation's best.eval); (2) a training campaign on that data; (3) a match at a node limit, the new
// best.eval against the current best, under an SPRT with a game cap; (4) the new file becomes the
// current best when promotion.hpp says so. Every step's seed derives from the campaign's seed and K.
//
// Each step resumes by the means of the piece it runs, so a kill anywhere costs at most the game or
// epoch in flight: datagen continues its .partial file, the training campaign its checkpoint, the
// match its records. A step whose files are complete but whose journal line is missing (killed in
// between) is recognised and only journaled. The same settings give the same journal, data, weights
// and records whether the run was stopped or not, and whatever the threads and concurrency.
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "core/params.hpp"
#include "tuner/generations/journal.hpp"
#include "tuner/generations/settings.hpp"

namespace gamelab::generations {

// A generation's files, relative to the campaign folder, and its engine's name in the records.
std::string data_file(int generation);        // "data/gen-K.data"
std::string train_folder(int generation);     // "gen-K/train"
std::string eval_file(int generation);        // "gen-K/train/best.eval"; "" for generation 0
std::string start_eval_file();                // "gen-0/best.eval"
// The file generation K plays with: eval_file(K) for K > 0; for generation 0 start_eval_file() when the
// campaign started from a learned evaluation (--start-eval), else "" (the hand-made evaluation alone).
std::string generation_eval(const GenerationsSettings& settings, int generation);
std::string match_records(int generation);    // "gen-K/match.jsonl"
std::string generation_name(int generation);  // "genK"; gen0 is the campaign's start
// What generation K's evaluation is, for people: "the hand-made evaluation", or the file.
std::string generation_description(const GenerationsSettings& settings, int generation);

struct RunOptions {
  int threads = 1;                 // the training's (the weights do not depend on it)
  int concurrency = 1;             // self-play and match games at once (nor do the games)
  std::optional<Step> stop_after;  // stop once a step of this kind is finished (--stop-after)
  double progress_interval_s = 30; // not on a terminal: seconds between a step's progress lines
};

struct RunReport {
  GenerationsSettings settings;  // the campaign's, as the run read them
  JournalPosition next;   // where the campaign stands now
  bool finished = false;  // every generation of the settings is done
  std::vector<nlohmann::json> journal;
};

// A new campaign in `dir`: config.json, params.json, .gitignore and, with a start evaluation, its copy
// gen-0/best.eval; refuses a folder that holds one.
void create_campaign(const std::string& dir, const GenerationsSettings& settings, const ParamSet& params);
// The settings in `dir`/config.json; InputError when there is no campaign or it is not a generations one.
GenerationsSettings read_settings(const std::string& dir);
// What a --resume may change, written into config.json: --generations (more or fewer), --data-window
// (the generations still to train read the data of the last N generations) and --warm-start (they start
// from the best's weights, or not). Each train line of the journal records how its generation was trained.
struct ResumeChanges {
  std::optional<int> generations, data_window;
  std::optional<bool> warm_start;
  bool any() const { return generations || data_window || warm_start; }
};
void set_resume_settings(const std::string& dir, const ResumeChanges& changes);

// Runs the campaign in `dir` from where its journal stops to its last generation (or `stop_after`),
// one process; the steps' progress and a line per step on `progress`.
RunReport run_campaign(const std::string& dir, const RunOptions& options, std::ostream& progress);

}  // namespace gamelab::generations
