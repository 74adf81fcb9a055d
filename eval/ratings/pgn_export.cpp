#include "eval/ratings/pgn_export.hpp"

#include "core/text_file.hpp"

namespace gamelab::eval {

namespace {

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  }
  return out + "\"";
}

std::string result_token(double score) { return score == 1.0 ? "1-0" : score == 0.0 ? "0-1" : "1/2-1/2"; }

std::string termination_word(Termination termination) {
  switch (termination) {
    case Termination::Timeout: return "time forfeit";
    case Termination::Illegal: return "rules infraction";
    case Termination::Crash:
    case Termination::Stalled: return "abandoned";
    default: return "normal";
  }
}

}  // namespace

std::string pgn_from_records(const std::vector<RecordsFile>& files) {
  std::string out;
  for (const auto& file : files) {
    for (const auto& record : file.records) {
      for (const auto& game : record.games) {
        const std::string result = result_token(game.score);
        out += "[Event " + quoted("gamelab " + record.game) + "]\n";
        out += "[Site \"gamelab\"]\n";
        out += "[Date \"????.??.??\"]\n";
        out += "[Round " + quoted(std::to_string(record.pair)) + "]\n";
        out += "[White " + quoted(game.seats[0]) + "]\n";
        out += "[Black " + quoted(game.seats[1]) + "]\n";
        out += "[Result \"" + result + "\"]\n";
        out += "[Termination " + quoted(termination_word(game.termination)) + "]\n";
        out += "\n" + result + "\n\n";
      }
    }
  }
  return out;
}

void write_pgn(const std::string& path, const std::vector<RecordsFile>& files) {
  write_file_atomic(path, pgn_from_records(files));
}

}  // namespace gamelab::eval
