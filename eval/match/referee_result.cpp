#include "eval/match/referee_result.hpp"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <regex>

namespace gamelab::eval {

namespace {

constexpr std::size_t kReasonChars = 200;

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Whether `word` stands in `line` as a whole word (no letter, digit or '_' right before or after it).
bool has_word(const std::string& line, const std::string& word) {
  if (word.empty()) return false;
  for (std::size_t at = line.find(word); at != std::string::npos; at = line.find(word, at + 1)) {
    const bool open = at == 0 || !word_char(line[at - 1]) || !word_char(word.front());
    const std::size_t end = at + word.size();
    const bool close = end == line.size() || !word_char(line[end]) || !word_char(word.back());
    if (open && close) return true;
  }
  return false;
}

bool names_seat(const std::string& line_lower, const std::vector<std::string>& words) {
  return std::any_of(words.begin(), words.end(), [&](const std::string& w) { return has_word(line_lower, lower(w)); });
}

std::string trimmed(const std::string& line) {
  const auto first = line.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  const auto last = line.find_last_not_of(" \t\r");
  std::string t = line.substr(first, last - first + 1);
  if (t.size() > kReasonChars) t = t.substr(0, kReasonChars) + "...";
  return t;
}

RefereeReading decided(double score, const std::string& reason) {
  RefereeReading r;
  r.found = true;
  r.score = score;
  r.reason = reason;
  return r;
}

// Scans `lines` from the last: the first line for which `decide` gives a reading.
template <class Decide>
std::optional<RefereeReading> last_deciding(const std::vector<std::string>& lines, Decide decide) {
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
    if (auto r = decide(*it)) return r;
  }
  return std::nullopt;
}

std::optional<RefereeReading> by_patterns(const std::vector<std::string>& lines, const std::regex& first,
                                          const std::regex& second, const std::regex& draw) {
  return last_deciding(lines, [&](const std::string& line) -> std::optional<RefereeReading> {
    const bool f = std::regex_search(line, first), s = std::regex_search(line, second), d = std::regex_search(line, draw);
    if (f + s + d != 1) return std::nullopt;
    return decided(f ? 1.0 : s ? 0.0 : 0.5, "referee: " + trimmed(line));
  });
}

const std::regex& score_first() {
  static const std::regex r("(^|[^0-9./])1-0($|[^0-9.])");
  return r;
}
const std::regex& score_second() {
  static const std::regex r("(^|[^0-9./])0-1($|[^0-9./])");
  return r;
}
const std::regex& score_draw() {
  static const std::regex r("1/2-1/2|\xC2\xBD-\xC2\xBD|0\\.5-0\\.5");
  return r;
}

std::optional<RefereeReading> by_winner(const std::vector<std::string>& lines, const SeatWords& words) {
  auto last = std::find_if(lines.rbegin(), lines.rend(), [](const std::string& l) { return !trimmed(l).empty(); });
  if (last == lines.rend()) return std::nullopt;
  const std::string line = lower(*last);
  const std::string shown = "referee: " + trimmed(*last);
  if (has_word(line, "draw") || has_word(line, "drawn") || has_word(line, "tie")) return decided(0.5, shown);
  const bool first = names_seat(line, words.seat[0]), second = names_seat(line, words.seat[1]);
  if (first == second) return std::nullopt;
  return decided(first ? 1.0 : 0.0, shown);
}

gamelab::Termination termination_of(const std::string& text) {
  if (text == "crash") return gamelab::Termination::Crash;
  if (text == "timeout") return gamelab::Termination::Timeout;
  if (text == "illegal") return gamelab::Termination::Illegal;
  if (text == "stalled") return gamelab::Termination::Stalled;
  return gamelab::Termination::Normal;
}

// A JSON line's result, or nothing when the line is no result line.
std::optional<RefereeReading> json_line(const std::string& line, const SeatWords& words) {
  const auto start = line.find_first_not_of(" \t");
  if (start == std::string::npos || line[start] != '{') return std::nullopt;
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(line);
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
  if (!j.is_object()) return std::nullopt;
  std::optional<double> score;
  if (j.contains("score") && j["score"].is_number()) {
    const double s = j["score"].get<double>();
    if (s == 1.0 || s == 0.5 || s == 0.0) score = s;
  }
  if (!score && j.contains("result") && j["result"].is_string()) {
    const std::string r = j["result"].get<std::string>();
    if (r == "1-0") score = 1.0;
    if (r == "0-1") score = 0.0;
    if (r == "1/2-1/2" || r == "0.5-0.5") score = 0.5;
  }
  if (!score && j.contains("winner")) {
    const auto& w = j["winner"];
    if (w.is_null()) score = 0.5;
    if (w.is_string()) {
      const std::string name = lower(w.get<std::string>());
      if (name == "first") score = 1.0;
      else if (name == "second") score = 0.0;
      else if (name == "draw" || name == "none" || name.empty()) score = 0.5;
      else if (names_seat(name, words.seat[0]) != names_seat(name, words.seat[1])) score = names_seat(name, words.seat[0]) ? 1.0 : 0.0;
    }
  }
  if (!score) return std::nullopt;
  RefereeReading r = decided(*score, "referee: " + trimmed(line));
  try {
    if (j.contains("reason") && j["reason"].is_string()) r.reason = j["reason"].get<std::string>();
    if (j.contains("plies") && j["plies"].is_number_integer()) r.plies = j["plies"].get<int>();
    if (j.contains("moves") && j["moves"].is_array()) r.moves = j["moves"].get<std::vector<std::string>>();
    if (j.contains("opening") && j["opening"].is_string()) r.opening = j["opening"].get<std::string>();
    if (j.contains("adjudication") && j["adjudication"].is_string()) r.adjudication = j["adjudication"].get<std::string>();
    if (j.contains("seed") && j["seed"].is_number_unsigned()) r.seed = j["seed"].get<std::uint64_t>();
    if (j.contains("termination") && j["termination"].is_string()) r.termination = termination_of(j["termination"].get<std::string>());
    if (j.contains("fault") && j["fault"].is_number_integer()) r.fault = j["fault"].get<int>();
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;  // "moves" not all strings, say: not the line the contract describes
  }
  // A player's fault names its seat; anything else is not a fault the referee reported.
  if (r.termination == gamelab::Termination::Normal || (r.fault != 0 && r.fault != 1)) {
    r.termination = gamelab::Termination::Normal;
    r.fault = -1;
  }
  return r;
}

std::optional<RefereeReading> read_lines(const RefereeResultRule& rule, const std::vector<std::string>& lines,
                                         const SeatWords& words) {
  switch (rule.preset) {
    case ResultPreset::Score: return by_patterns(lines, score_first(), score_second(), score_draw());
    case ResultPreset::Winner: return by_winner(lines, words);
    case ResultPreset::Json:
      return last_deciding(lines, [&](const std::string& line) { return json_line(line, words); });
    case ResultPreset::Patterns: {
      const std::regex first(rule.first_wins), second(rule.second_wins), draw(rule.draw);
      return by_patterns(lines, first, second, draw);
    }
    case ResultPreset::Exit: return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

std::vector<std::string> split_output_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t from = 0;
  while (from < text.size()) {
    std::size_t nl = text.find('\n', from);
    if (nl == std::string::npos) nl = text.size();
    std::string line = text.substr(from, nl - from);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
    from = nl + 1;
  }
  return lines;
}

RefereeReading read_referee_result(const RefereeResultRule& rule, const RefereeOutput& output, const SeatWords& seat_words) {
  SeatWords words = seat_words;  // and the preset's own words for the seats (winner:white,black)
  words.seat[0].insert(words.seat[0].end(), rule.first_words.begin(), rule.first_words.end());
  words.seat[1].insert(words.seat[1].end(), rule.second_words.begin(), rule.second_words.end());
  if (rule.preset == ResultPreset::Exit) {
    if (!output.exit_code) {
      RefereeReading none;
      none.reason = "the referee did not exit by itself, so it gave no exit code";
      return none;
    }
    const int code = *output.exit_code;
    const std::string shown = "referee: exit code " + std::to_string(code);
    if (code == rule.exit_first) return decided(1.0, shown);
    if (code == rule.exit_second) return decided(0.0, shown);
    if (code == rule.exit_draw) return decided(0.5, shown);
    RefereeReading none;
    none.reason = "exit code " + std::to_string(code) + " is none of the result codes (" + preset_text(rule) + ")";
    return none;
  }
  if (auto r = read_lines(rule, output.out_lines, words)) return *r;
  if (auto r = read_lines(rule, output.err_lines, words)) return *r;
  RefereeReading none;
  const auto last = std::find_if(output.out_lines.rbegin(), output.out_lines.rend(),
                                 [](const std::string& l) { return !trimmed(l).empty(); });
  none.reason = "no recognisable result (--result " +
                (rule.preset == ResultPreset::Patterns ? std::string("patterns") : preset_text(rule)) + ") in the referee's output" +
                (last == output.out_lines.rend() ? std::string(" (it printed nothing on standard output)")
                                                 : "; its last line: '" + trimmed(*last) + "'");
  return none;
}

}  // namespace gamelab::eval
