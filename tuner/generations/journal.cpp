#include "tuner/generations/journal.hpp"

#include <cstdio>

#include "core/error.hpp"
#include "core/text_file.hpp"

namespace gamelab::generations {

void advance(JournalPosition& at, const nlohmann::json& line) {
  if (at.step == Step::Data) {
    at.step = Step::Train;
  } else if (at.step == Step::Train) {
    at.step = Step::Match;
  } else {
    at.best = line.at("best").get<int>();
    at.step = Step::Data;
    ++at.generation;
  }
}

JournalPosition replay_journal(const tuner::Journal& journal) {
  JournalPosition at;
  for (std::size_t i = 0; i < journal.lines.size(); ++i) {
    const nlohmann::json& line = journal.lines[i];
    const std::string where = located(journal.path, journal.line_numbers[i], 0, "");
    const int generation = line.value("generation", -1);
    const std::string step = line.value("step", std::string());
    if (generation != at.generation || step != to_string(at.step)) {
      throw InputError(where + "expected generation " + std::to_string(at.generation) + "'s " + std::string(to_string(at.step)) +
                       " step, found generation " + std::to_string(generation) + "'s '" + step +
                       "'; the journal is not this campaign's");
    }
    if (at.step == Step::Match && !(line.contains("best") && line["best"].is_number_integer())) {
      throw InputError(where + "a match line without \"best\"");
    }
    advance(at, line);
  }
  return at;
}

std::string journal_summary(const std::vector<nlohmann::json>& lines) {
  std::string out;
  char text[512];
  for (const auto& line : lines) {
    const int k = line.value("generation", 0);
    const std::string step = line.value("step", std::string());
    if (step == "data") {
      std::snprintf(text, sizeof text, "gen%d: data %d games by gen%d, %llu positions (hash %s)", k, line.value("games", 0),
                    line.value("played_by", 0), static_cast<unsigned long long>(line.value("positions", 0ULL)),
                    line.value("data_hash", std::string("?")).c_str());
      out += text;
    } else if (step == "train") {
      std::snprintf(text, sizeof text, "; loss %.6f / validation %.6f at epoch %d of %d", line.value("train_loss", 0.0),
                    line.value("validation_loss", 0.0), line.value("best_epoch", 0), line.value("epochs", 0));
      out += text;
    } else if (step == "match") {
      char llr[32] = "";
      if (line.contains("llr") && line["llr"].is_number()) std::snprintf(llr, sizeof llr, ", LLR %.2f", line["llr"].get<double>());
      std::snprintf(text, sizeof text, "; against %s W-D-L %llu-%llu-%llu, Elo %+.1f [%+.1f, %+.1f]%s, %s; best: gen%d\n",
                    line.value("opponent", std::string("?")).c_str(), static_cast<unsigned long long>(line.value("wins", 0ULL)),
                    static_cast<unsigned long long>(line.value("draws", 0ULL)), static_cast<unsigned long long>(line.value("losses", 0ULL)),
                    line.value("elo", 0.0), line.value("elo_lower", 0.0), line.value("elo_upper", 0.0), llr,
                    line.value("reason", std::string("?")).c_str(), line.value("best", 0));
      out += text;
    }
  }
  if (!out.empty() && out.back() != '\n') out += " (unfinished)\n";
  return out;
}

}  // namespace gamelab::generations
