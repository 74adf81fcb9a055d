#pragma once
// The journal of a generations campaign (journal.jsonl): one JSON line per finished step, appended
// with fsync once the step's files are complete, so a line in the file is a step that happened:
//
//   {"generation": 1, "step": "data", "played_by": 0, "seed", "games", "positions", "data_hash", "file"}
//   {"generation": 1, "step": "train", "epochs", "best_epoch", "train_loss", "validation_loss",
//    "start_validation_loss", "scale", "scale_source", "eval", "fingerprint"}
//   {"generation": 1, "step": "match", "candidate": "gen1", "opponent": "gen0", "limit", "games",
//    "wins", "draws", "losses", "pentanomial", "elo", "elo_lower", "elo_upper", "llr", "verdict",
//    "promoted", "reason", "best", "best_eval"}
//
// Generation 0 is the hand-made evaluation, or it with the campaign's gen-0/best.eval (--start-eval);
// "played_by" and "best" are generation numbers, "eval" and "best_eval" paths inside the campaign
// folder ("" for generation 0 without a start file). The lines hold no clock
// reading, so a campaign stopped and resumed anywhere writes the journal of an uninterrupted one.
// Replaying the lines tells where a resumed run goes on: the step after the last line, with the best
// evaluation the last match line left.
#include <string>
#include <vector>

#include "tuner/campaign_files.hpp"
#include "tuner/generations/settings.hpp"

namespace gamelab::generations {

struct JournalPosition {
  int generation = 1;     // the generation of the next step
  Step step = Step::Data;  // the next step
  int best = 0;           // the current best generation (0: the hand-made evaluation)
};

// The position after `line`, the line of `at`'s step: the next step, and the best after a match line.
void advance(JournalPosition& at, const nlohmann::json& line);

// Where `journal` leaves the campaign; InputError naming the file and line when a line is not the step
// that had to come next (the journal is not this recipe's, or was edited).
JournalPosition replay_journal(const tuner::Journal& journal);

// The journal's generations as the command prints them at the end, one line each: the data, the
// training's losses at its best epoch, the match and which evaluation is the best after it.
std::string journal_summary(const std::vector<nlohmann::json>& lines);

}  // namespace gamelab::generations
