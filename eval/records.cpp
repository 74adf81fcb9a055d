#include "eval/records.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/text_file.hpp"

namespace gamelab::eval {

using nlohmann::json;

std::string_view to_string(GameResult result) {
  switch (result) {
    case GameResult::Win: return "win";
    case GameResult::Loss: return "loss";
    default: return "draw";
  }
}

std::string_view to_string(Termination termination) {
  switch (termination) {
    case Termination::Crash: return "crash";
    case Termination::Timeout: return "timeout";
    case Termination::Illegal: return "illegal";
    case Termination::Stalled: return "stalled";
    default: return "normal";
  }
}

double GameRecord::score_of(const std::string& name) const {
  if (seats[0] == name) return score;
  if (seats[1] == name) return 1.0 - score;
  throw std::invalid_argument("engine " + name + " did not play this game");
}

std::string to_json_line(const PairRecord& r) {
  nlohmann::ordered_json engines = nlohmann::ordered_json::array();
  for (const auto& e : r.engines) engines.push_back({{"name", e.name}, {"params_hash", e.params_hash}});
  nlohmann::ordered_json games = nlohmann::ordered_json::array();
  for (const auto& g : r.games) {
    nlohmann::ordered_json game = {{"seats", {g.seats[0], g.seats[1]}},
                                   {"result", to_string(g.result)},
                                   {"score", g.score},
                                   {"reason", g.reason},
                                   {"termination", to_string(g.termination)},
                                   {"fault", nullptr},
                                   {"plies", g.plies},
                                   {"moves", g.moves}};
    if (g.fault) game["fault"] = *g.fault;
    if (!g.adjudication.empty()) game["adjudication"] = g.adjudication;
    games.push_back(std::move(game));
  }
  nlohmann::ordered_json line = {{"game", r.game},       {"pair", r.pair},       {"seed", r.seed},
                                 {"opening", r.opening}, {"engines", engines}, {"games", games}};
  if (!r.band.empty()) line["band"] = r.band;
  return line.dump(-1, ' ', false, json::error_handler_t::replace);
}

namespace {

const json& field(const json& object, const char* name, const std::string& where) {
  const auto it = object.find(name);
  if (it == object.end()) throw InputError(where + "missing field \"" + name + "\"");
  return *it;
}

std::string string_field(const json& object, const char* name, const std::string& where, bool non_empty = false) {
  const json& value = field(object, name, where);
  if (!value.is_string()) throw InputError(where + "\"" + name + "\" must be a string");
  if (non_empty && value.get_ref<const std::string&>().empty()) {
    throw InputError(where + "\"" + name + "\" must not be empty");
  }
  return value.get<std::string>();
}

std::uint64_t unsigned_field(const json& object, const char* name, const std::string& where) {
  const json& value = field(object, name, where);
  if (!value.is_number_unsigned()) throw InputError(where + "\"" + name + "\" must be a non-negative integer");
  return value.get<std::uint64_t>();
}

GameResult parse_result(const std::string& text, const std::string& where) {
  if (text == "win") return GameResult::Win;
  if (text == "draw") return GameResult::Draw;
  if (text == "loss") return GameResult::Loss;
  throw InputError(where + "\"result\" is \"" + text + "\", expected win, draw or loss");
}

Termination parse_termination(const std::string& text, const std::string& where) {
  if (text == "normal") return Termination::Normal;
  if (text == "crash") return Termination::Crash;
  if (text == "timeout") return Termination::Timeout;
  if (text == "illegal") return Termination::Illegal;
  if (text == "stalled") return Termination::Stalled;
  throw InputError(where + "\"termination\" is \"" + text + "\", expected normal, crash, timeout, illegal or stalled");
}

GameRecord parse_game(const json& g, const std::array<EngineRecord, 2>& engines, const std::string& where) {
  if (!g.is_object()) throw InputError(where + "must be an object");
  GameRecord game;
  const json& seats = field(g, "seats", where);
  if (!seats.is_array() || seats.size() != 2 || !seats[0].is_string() || !seats[1].is_string()) {
    throw InputError(where + "\"seats\" must be an array of two engine names");
  }
  for (int k = 0; k < 2; ++k) {
    game.seats[k] = seats[k].get<std::string>();
    if (game.seats[k] != engines[0].name && game.seats[k] != engines[1].name) {
      throw InputError(where + "seat " + std::to_string(k) + " \"" + game.seats[k] + "\" is not one of the engines");
    }
  }
  if (game.seats[0] == game.seats[1]) throw InputError(where + "both seats hold \"" + game.seats[0] + "\"");
  game.result = parse_result(string_field(g, "result", where), where);
  const json& score = field(g, "score", where);
  if (!score.is_number()) throw InputError(where + "\"score\" must be a number");
  game.score = score.get<double>();
  const double expected = game.result == GameResult::Win ? 1.0 : game.result == GameResult::Draw ? 0.5 : 0.0;
  if (game.score != expected) {
    throw InputError(where + "\"score\" " + score.dump() + " does not match \"result\" \"" +
                     std::string(to_string(game.result)) + "\"");
  }
  game.reason = string_field(g, "reason", where);
  game.termination = parse_termination(string_field(g, "termination", where), where);
  const json& fault = field(g, "fault", where);
  if (!fault.is_null()) {
    if (!fault.is_number_unsigned() || fault.get<std::uint64_t>() > 1) {
      throw InputError(where + "\"fault\" must be null, 0 or 1");
    }
    if (game.termination == Termination::Normal) {
      throw InputError(where + "a game with termination \"normal\" has no fault (\"fault\": null)");
    }
    game.fault = static_cast<int>(fault.get<std::uint64_t>());
  }
  if (g.contains("adjudication")) {
    if (!g["adjudication"].is_string() || g["adjudication"].get<std::string>().empty()) {
      throw InputError(where + "\"adjudication\" must be a non-empty string (who ended the game)");
    }
    game.adjudication = g["adjudication"].get<std::string>();
  }
  const std::uint64_t plies = unsigned_field(g, "plies", where);
  if (plies > 100000000) throw InputError(where + "\"plies\" is implausibly large");
  game.plies = static_cast<int>(plies);
  const json& moves = field(g, "moves", where);
  if (!moves.is_array()) throw InputError(where + "\"moves\" must be an array of strings");
  for (const auto& m : moves) {
    if (!m.is_string()) throw InputError(where + "\"moves\" must be an array of strings");
    game.moves.push_back(m.get<std::string>());
  }
  return game;
}

}  // namespace

PairRecord parse_record_line(const std::string& line) {
  json j;
  try {
    j = json::parse(line);
  } catch (const json::parse_error& e) {
    throw InputError(std::string("not valid JSON (") + e.what() + ")");
  }
  if (!j.is_object()) throw InputError("a record must be a JSON object");
  PairRecord r;
  r.game = string_field(j, "game", "", true);
  r.pair = unsigned_field(j, "pair", "");
  r.seed = unsigned_field(j, "seed", "");
  r.opening = string_field(j, "opening", "");
  if (j.contains("band")) r.band = string_field(j, "band", "", true);
  const json& engines = field(j, "engines", "");
  if (!engines.is_array() || engines.size() != 2) throw InputError("\"engines\" must be an array of two engines");
  for (int k = 0; k < 2; ++k) {
    const std::string where = "engines[" + std::to_string(k) + "]: ";
    if (!engines[k].is_object()) throw InputError(where + "must be an object");
    r.engines[k].name = string_field(engines[k], "name", where, true);
    r.engines[k].params_hash = string_field(engines[k], "params_hash", where);
  }
  if (r.engines[0].name == r.engines[1].name) {
    throw InputError("both engines are called \"" + r.engines[0].name + "\": names must differ");
  }
  const json& games = field(j, "games", "");
  if (!games.is_array() || games.size() != 2) throw InputError("\"games\" must be an array of the pair's two games");
  for (int k = 0; k < 2; ++k) r.games[k] = parse_game(games[k], r.engines, "games[" + std::to_string(k) + "]: ");
  if (r.games[1].seats[0] != r.games[0].seats[1]) {
    throw InputError("the second game must swap the seats of the first");
  }
  return r;
}

namespace {

bool played(const PairRecord& record, const std::string& name) {
  return scored(record) && (record.engines[0].name == name || record.engines[1].name == name);
}

}  // namespace

bool is_referee_fault(const GameRecord& game) { return game.termination != Termination::Normal && !game.fault; }

bool scored(const PairRecord& record) { return !is_referee_fault(record.games[0]) && !is_referee_fault(record.games[1]); }

WdlCounts wdl_counts(const std::vector<PairRecord>& records, const std::string& name) {
  WdlCounts counts;
  for (const auto& record : records) {
    if (!played(record, name)) continue;
    for (const auto& game : record.games) counts.add_game(game.score_of(name));
  }
  return counts;
}

PentanomialCounts pentanomial_counts(const std::vector<PairRecord>& records, const std::string& name) {
  PentanomialCounts counts;
  for (const auto& record : records) {
    if (played(record, name)) counts.add_pair(record.games[0].score_of(name), record.games[1].score_of(name));
  }
  return counts;
}

RecordsFile read_records(const std::string& path) {
  const std::string content = read_text_file(path);
  RecordsFile file;
  file.path = path;
  file.complete_bytes = content.size();
  for (RawLine& raw : split_lines(content)) {
    std::string& text = raw.text;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.find_first_not_of(" \t") == std::string::npos) continue;
    try {
      file.records.push_back(parse_record_line(text));
      file.record_lines.push_back(raw.number);
      file.missing_final_newline = !raw.complete;
    } catch (const InputError& e) {
      if (!raw.complete) {  // the last line, cut off by a run killed mid-write
        file.truncated_line = raw.number;
        file.complete_bytes = raw.offset;
        break;
      }
      throw InputError(located(path, raw.number, 0, std::string("malformed record: ") + e.what()));
    }
  }
  return file;
}

std::string truncation_warning(const RecordsFile& file) {
  if (!file.truncated_line) return "";
  return located(file.path, *file.truncated_line, 0, "truncated last line (an interrupted run?), skipped");
}

void repair_records_tail(const RecordsFile& file) {
  if (file.truncated_line) cut_file(file.path, file.complete_bytes);
  if (file.missing_final_newline && !file.truncated_line) {
    append_synced(file.path, "\n");
  }
}

RecordsAppender::RecordsAppender(const std::string& path) : path_(path) {
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND, 0644);
  if (fd_ < 0) throw InputError(path + ": cannot open for appending");
  remember_file();
}

RecordsAppender::~RecordsAppender() {
  if (fd_ >= 0) ::close(fd_);
}

void RecordsAppender::remember_file() {
  struct stat info {};
  if (::fstat(fd_, &info) == 0) file_ = {info.st_dev, info.st_ino};
}

void RecordsAppender::append(const std::string& line) {
  write_synced(fd_, path_, line + "\n");
  struct stat named {};
  if (::stat(path_.c_str(), &named) == 0 && std::pair{named.st_dev, named.st_ino} == file_) return;
  restore();
}

void RecordsAppender::restore() {
  struct stat info {};
  std::string ours(::fstat(fd_, &info) == 0 ? static_cast<std::size_t>(info.st_size) : 0, '\0');
  if (::pread(fd_, ours.data(), ours.size(), 0) != static_cast<ssize_t>(ours.size())) {
    throw InputError(path_ + ": cannot read back the run's records (" + std::strerror(errno) + ")");
  }
  std::string kept;
  std::error_code error;
  if (std::filesystem::exists(path_, error)) {
    const std::string found = read_text_file(path_);
    if (ours.compare(0, found.size(), found) != 0) {  // not an older state of this file: keep it aside
      kept = path_ + ".replaced";
      write_file_atomic(kept, found);
    }
  }
  write_file_atomic(path_, ours);
  const int fd = ::open(path_.c_str(), O_RDWR | O_APPEND);
  if (fd < 0) throw InputError(path_ + ": cannot open for appending");
  ::close(fd_);
  fd_ = fd;
  remember_file();
  std::cerr << "warning: " << path_ << " was replaced or removed while this run appended to it (a git checkout or "
            << "stash?); its records are put back from the run's own copy"
            << (kept.empty() ? std::string() : ", and the file found there is kept as " + kept) << "\n";
}

}  // namespace gamelab::eval
