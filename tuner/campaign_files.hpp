#pragma once
// The files of a tuning campaign: its journal, JSON files and parameter sets.
//
// A campaign's journal: one JSON object per line, appended and fsync'ed once a step (an SPSA
// iteration, a Texel epoch) is finished, so a line in the file is a step that happened. A run killed
// while writing leaves a last line without its newline: read_journal reports it and repair_journal
// cuts it off, so the step is simply done again. Any other malformed line is an InputError naming the
// file and the line.
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/json_file.hpp"  // read_json_file
#include "core/params.hpp"
#include "eval/stats/sprt.hpp"

namespace gamelab::tuner {

struct Journal {
  std::string path;
  std::vector<nlohmann::json> lines;   // the complete lines, in order
  std::vector<int> line_numbers;       // 1-based line number of each
  std::optional<int> truncated_line;   // the cut-off last line, if any (not in `lines`)
  std::uint64_t complete_bytes = 0;    // length of the file up to the end of its last complete line
};

// Reads `path`; a missing file reads as an empty journal.
Journal read_journal(const std::string& path);
// "path:line: truncated last line (an interrupted run?), dropped" or "".
std::string truncation_note(const Journal& journal);
// Cuts the truncated last line (if any) so that appending continues after the last complete line.
void repair_journal(const Journal& journal);

// Appends `line` (one JSON object, no newline inside) plus '\n' to `path` and fsyncs.
void append_journal_line(const std::string& path, const nlohmann::ordered_json& line);

// Campaign files: `dir`/name.
std::string campaign_file(const std::string& dir, const std::string& name);

// A new campaign: creates `dir` and writes its config.json; refuses a folder that already holds one,
// naming `resume_command`, the command that continues it.
void create_campaign_folder(const std::string& dir, const nlohmann::ordered_json& config, const std::string& resume_command);
// The path of the config.json of the campaign in `dir`; InputError if there is none.
std::string existing_campaign_config(const std::string& dir);

// An epoch campaign's journal (one line per epoch, "epoch" numbered from 0) brought in line with its
// checkpoint after a stop: a truncated last line is noted on `notes` and cut; a run killed between
// writing the checkpoint of epoch `epoch` and its journal line gets `checkpoint_line` appended; any other
// disagreement is an InputError (the campaign is inconsistent).
void reconcile_epoch_journal(const std::string& journal_path, const std::string& checkpoint_path, int epoch,
                             const nlohmann::ordered_json& checkpoint_line, std::ostream& notes);
// A 64-bit fingerprint as 16 hexadecimal digits, as match records keep parameter hashes.
std::string hex_fingerprint(std::uint64_t value);


// An SPRT's settings as a campaign's config.json keeps them ({"elo0", "elo1", "alpha", "beta", "model"}),
// and back (json exceptions for a missing member; InputError for settings check_sprt_config refuses).
nlohmann::ordered_json sprt_json(const eval::SprtConfig& sprt);
eval::SprtConfig sprt_from_json(const nlohmann::json& data);

// A parameter set from its JSON form without a game's defaults (campaign files hold full sets).
ParamSet params_from_json(const nlohmann::json& data, const std::string& source);

// The parameters a campaign recorded by their values' fingerprint, read again from `path` over
// `defaults`; InputError "PATH: its values (fingerprint F) are not WHOSE (RECORDED[, WHERE])" when the
// file's values changed since.
ParamSet load_recorded_params(const std::string& path, const ParamSet& defaults, const std::string& recorded,
                              const std::string& whose, const std::string& where = "");

}  // namespace gamelab::tuner
