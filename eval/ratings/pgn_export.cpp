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

// "1. a b 2. c d ... RESULT", broken into lines of at most 80 columns.
std::string movetext(const std::vector<std::string>& moves, const std::string& result) {
  std::string out, line;
  const auto add = [&](const std::string& token) {
    if (!line.empty() && line.size() + 1 + token.size() > 80) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + token;
  };
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i % 2 == 0) add(std::to_string(i / 2 + 1) + ".");
    add(moves[i]);
  }
  add(result);
  return out + line + "\n";
}

}  // namespace

std::string pgn_from_records(const std::vector<RecordsFile>& files, bool moves) {
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
        if (moves && !record.opening.empty() && record.opening.find('\n') == std::string::npos) {
          out += "[SetUp \"1\"]\n[FEN " + quoted(record.opening) + "]\n";
        }
        out += "\n" + movetext(moves ? game.moves : std::vector<std::string>{}, result) + "\n";
      }
    }
  }
  return out;
}

void write_pgn(const std::string& path, const std::vector<RecordsFile>& files, bool moves) {
  write_file_atomic(path, pgn_from_records(files, moves));
}

}  // namespace gamelab::eval
