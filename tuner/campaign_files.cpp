#include "tuner/campaign_files.hpp"

#include <cstdio>
#include <filesystem>

#include "core/error.hpp"
#include "core/text_file.hpp"

namespace gamelab::tuner {

Journal read_journal(const std::string& path) {
  Journal journal;
  journal.path = path;
  if (!std::filesystem::exists(path)) return journal;
  for (const RawLine& raw : split_lines(read_text_file(path))) {
    if (!raw.complete) {  // a write cut off by a kill: the step it recorded did not finish
      journal.truncated_line = raw.number;
      break;
    }
    journal.complete_bytes = raw.offset + raw.text.size() + 1;
    if (raw.text.find_first_not_of(" \t\r") == std::string::npos) {
      throw InputError(located(path, raw.number, 0, "empty line in a journal"));
    }
    try {
      nlohmann::json line = nlohmann::json::parse(raw.text);
      if (!line.is_object()) throw InputError("not a JSON object");
      journal.lines.push_back(std::move(line));
      journal.line_numbers.push_back(raw.number);
    } catch (const std::exception& e) {  // nlohmann's parse errors and the InputError above
      throw InputError(located(path, raw.number, 0, std::string("malformed journal line (") + e.what() + ")"));
    }
  }
  return journal;
}

std::string truncation_note(const Journal& journal) {
  if (!journal.truncated_line) return "";
  return located(journal.path, *journal.truncated_line, 0, "truncated last line (an interrupted run?), dropped");
}

void repair_journal(const Journal& journal) {
  if (!journal.truncated_line) return;
  cut_file(journal.path, journal.complete_bytes);
}

void append_journal_line(const std::string& path, const nlohmann::ordered_json& line) {
  const std::string text = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  append_synced(path, text);
}

std::string campaign_file(const std::string& dir, const std::string& name) {
  return (std::filesystem::path(dir) / name).string();
}

void create_campaign_folder(const std::string& dir, const nlohmann::ordered_json& config, const std::string& resume_command) {
  const std::string path = campaign_file(dir, "config.json");
  if (std::filesystem::exists(path)) throw InputError(dir + " already holds a campaign; continue it with: " + resume_command);
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) throw InputError(dir + ": cannot create the campaign folder (" + error.message() + ")");
  write_file_atomic(path, config.dump(2) + "\n");
}

std::string existing_campaign_config(const std::string& dir) {
  const std::string path = campaign_file(dir, "config.json");
  if (!std::filesystem::exists(path)) throw InputError(dir + ": no campaign here (no config.json)");
  return path;
}

void reconcile_epoch_journal(const std::string& journal_path, const std::string& checkpoint_path, int epoch,
                             const nlohmann::ordered_json& checkpoint_line, std::ostream& notes) {
  const Journal journal = read_journal(journal_path);
  if (journal.truncated_line) notes << truncation_note(journal) << "\n";
  repair_journal(journal);
  const int journal_last = journal.lines.empty() ? -1 : journal.lines.back().value("epoch", -2);
  if (journal_last == epoch - 1 && epoch >= 0) {
    append_journal_line(journal.path, checkpoint_line);  // killed between the checkpoint and its line
  } else if (journal_last != epoch) {
    throw InputError(journal.path + ": its last epoch (" + std::to_string(journal_last) + ") does not follow " +
                     checkpoint_path + " (epoch " + std::to_string(epoch) + "); the campaign is inconsistent");
  }
}

std::string hex_fingerprint(std::uint64_t value) {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(value));
  return hex;
}

nlohmann::ordered_json sprt_json(const eval::SprtConfig& s) {
  return {{"elo0", s.elo0}, {"elo1", s.elo1}, {"alpha", s.alpha}, {"beta", s.beta},
          {"model", std::string(eval::to_string(s.model))}};
}

eval::SprtConfig sprt_from_json(const nlohmann::json& j) {
  eval::SprtConfig s;
  s.elo0 = j.at("elo0").get<double>();
  s.elo1 = j.at("elo1").get<double>();
  s.alpha = j.at("alpha").get<double>();
  s.beta = j.at("beta").get<double>();
  s.model = eval::parse_elo_model(j.at("model").get<std::string>());
  eval::check_sprt_config(s);
  return s;
}

ParamSet load_recorded_params(const std::string& path, const ParamSet& defaults, const std::string& recorded,
                              const std::string& whose, const std::string& where) {
  ParamSet params = ParamSet::load_file(path, defaults);
  if (params.fingerprint_hex() != recorded) {
    throw InputError(path + ": its values (fingerprint " + params.fingerprint_hex() + ") are not " + whose + " (" + recorded +
                     (where.empty() ? "" : ", " + where) + ")");
  }
  return params;
}

ParamSet params_from_json(const nlohmann::json& data, const std::string& source) {
  try {
    std::vector<Param> params;
    for (const auto& item : data.at("params")) {
      Param p;
      p.name = item.at("name").get<std::string>();
      p.value = item.at("value").get<int>();
      p.min = item.at("min").get<int>();
      p.max = item.at("max").get<int>();
      p.c_end = item.at("c_end").get<double>();
      p.r_end = item.at("r_end").get<double>();
      params.push_back(p);
    }
    return ParamSet(data.at("game").get<std::string>(), params);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(source + ": not a parameter set (" + e.what() + ")");
  }
}

}  // namespace gamelab::tuner
