#include "tuner/texel/data_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"
#include "core/fnv.hpp"
#include "core/text_file.hpp"

namespace gamelab::tuner {

namespace {

constexpr const char* kMagic = "#gamelab-datagen 1";

std::string result_text(double result) {
  if (result == 1) return "1";
  if (result == 0) return "0";
  if (result == 0.5) return "0.5";
  throw std::invalid_argument("a position's result must be 1, 0.5 or 0, not " + std::to_string(result));
}

// "key=value key=value" after the magic words.
std::map<std::string, std::string> parse_fields(const std::string& text, const std::string& where) {
  std::map<std::string, std::string> fields;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ') {
      ++i;
      continue;
    }
    std::size_t end = text.find(' ', i);
    if (end == std::string::npos) end = text.size();
    const std::string item = text.substr(i, end - i);
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0) throw InputError(where + "'" + item + "' is not key=value");
    fields[item.substr(0, eq)] = item.substr(eq + 1);
    i = end;
  }
  return fields;
}

}  // namespace

std::string escape_position(const std::string& text) {
  std::string out;
  out.reserve(text.size() + 8);
  for (char c : text) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default: out += c;
    }
  }
  return out;
}

std::string unescape_position(const std::string& text, const std::string& what) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      out += text[i];
      continue;
    }
    if (++i == text.size()) throw InputError(what + ": a lone '\\' at the end of the position");
    switch (text[i]) {
      case '\\': out += '\\'; break;
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'r': out += '\r'; break;
      default: throw InputError(what + ": unknown escape '\\" + std::string(1, text[i]) + "' (\\\\ \\n \\t \\r)");
    }
  }
  return out;
}

DataWriter::DataWriter(const std::string& path, const std::string& game,
                       const std::vector<std::pair<std::string, std::string>>& header, bool resume)
    : path_(path), temp_(path + ".partial") {
  std::string head = std::string(kMagic) + " game=" + game;
  for (const auto& [key, value] : header) head += " " + key + "=" + value;
  head += "\n";
  resumed_ = resume;
  if (!resume) {
    out_.open(temp_, std::ios::binary | std::ios::trunc);
    if (!out_) throw InputError(temp_ + ": cannot create (" + std::strerror(errno) + ")");
    out_ << head;
    return;
  }
  // Keep the rows of every game before the last one in the file (that one may be cut off), drop the rest.
  std::ifstream in(temp_, std::ios::binary);
  if (!in) throw InputError(temp_ + ": no unfinished run of " + path + " to resume (" + std::strerror(errno) + ")");
  std::string line;
  if (!std::getline(in, line) || line + "\n" != head) {
    throw InputError(temp_ + ": written by another datagen command (its first line differs from this one's); resume with the same options");
  }
  std::vector<std::pair<std::uint64_t, std::uint64_t>> rows;  // (game, end offset) of each complete row
  std::uint64_t offset = head.size();
  while (std::getline(in, line)) {
    if (in.eof()) break;  // no newline: cut off
    offset += line.size() + 1;
    const auto tab = line.find('\t');
    if (tab == std::string::npos || tab == 0 || line.find_first_not_of("0123456789") != tab) {
      throw InputError(temp_ + ": not a row of datagen: '" + line.substr(0, 40) + "'");
    }
    rows.push_back({std::stoull(line.substr(0, tab)), offset});
  }
  in.close();
  const std::uint64_t last = rows.empty() ? 0 : rows.back().first;
  std::uint64_t keep = head.size();
  for (const auto& [g, end] : rows) {
    if (g >= last) break;
    keep = end;
    ++positions_;
  }
  std::filesystem::resize_file(temp_, keep);
  out_.open(temp_, std::ios::binary | std::ios::app);
  if (!out_) throw InputError(temp_ + ": cannot open for appending (" + std::strerror(errno) + ")");
  games_ = resume_from_ = last;
}

// An unfinished file stays as <path>.partial, for `--resume` to continue; one that never got a game
// (a run refused at its first game) holds nothing to continue and goes.
DataWriter::~DataWriter() {
  if (finished_ || resumed_ || games_ > 0) return;
  out_.close();
  std::error_code ignored;
  std::filesystem::remove(temp_, ignored);
}

void DataWriter::add_game(std::uint64_t game, const std::vector<LabelledPosition>& positions) {
  const std::string prefix = std::to_string(game) + "\t";
  for (const auto& p : positions) {
    out_ << prefix << result_text(p.result) << "\t" << escape_position(p.position);
    if (p.score) out_ << "\t" << *p.score;
    out_ << "\n";
  }
  positions_ += positions.size();
  ++games_;
  out_.flush();  // a killed run keeps every game written so far (--resume)
  if (!out_) throw InputError(temp_ + ": write failed");
}

void DataWriter::finish() {
  out_ << "#end positions=" << positions_ << " games=" << games_ << "\n";
  out_.flush();
  if (!out_) throw InputError(temp_ + ": write failed");
  out_.close();
  // fsync through a second descriptor: ofstream has none to offer.
  if (FILE* f = std::fopen(temp_.c_str(), "rb")) {
    ::fsync(::fileno(f));
    std::fclose(f);
  }
  if (std::rename(temp_.c_str(), path_.c_str()) != 0) {
    throw InputError(path_ + ": cannot replace (" + std::strerror(errno) + ")");
  }
  finished_ = true;
}

DataHeader read_data_file(const std::string& path, const std::string& expected_game, std::size_t batch,
                          const std::function<void(std::vector<DataRow>&)>& on_batch, std::uint64_t* bytes_hash) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open (" + std::strerror(errno) + ")");
  std::uint64_t hash = kFnvOffset;
  std::string line;
  int number = 0;
  DataHeader header;
  std::vector<DataRow> rows;
  bool ended = false;
  std::uint64_t count = 0;
  while (std::getline(in, line)) {
    ++number;
    const bool complete = !in.eof();  // getline stopped at a newline
    hash = fnv1a(line, hash);
    if (complete) hash = fnv1a("\n", hash);
    if (!complete) {
      throw InputError(path + ": truncated: line " + std::to_string(number) + " has no end (a file cut off?)");
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (number == 1) {
      if (line.rfind(kMagic, 0) != 0) {
        throw InputError(located(path, 1, 0, "not a gamelab datagen file (expected a first line '" + std::string(kMagic) +
                                                  " game=...')"));
      }
      header.fields = parse_fields(line.substr(std::strlen(kMagic)), located(path, 1, 0, ""));
      header.game = header.fields["game"];
      if (!expected_game.empty() && header.game != expected_game) {
        throw InputError(located(path, 1, 0, "positions of game '" + header.game + "', not " + expected_game));
      }
      continue;
    }
    if (ended) throw InputError(located(path, number, 0, "text after the end line"));
    if (line.rfind("#end", 0) == 0) {
      const auto fields = parse_fields(line.substr(4), located(path, number, 0, ""));
      const auto it = fields.find("positions");
      if (it == fields.end() || it->second != std::to_string(count)) {
        throw InputError(located(path, number, 0, "the end line counts " + (it == fields.end() ? "?" : it->second) +
                                                      " positions, the file holds " + std::to_string(count)));
      }
      ended = true;
      continue;
    }
    const std::string where = located(path, number, 0, "");
    const std::size_t tab1 = line.find('\t');
    const std::size_t tab2 = tab1 == std::string::npos ? tab1 : line.find('\t', tab1 + 1);
    if (tab2 == std::string::npos) throw InputError(where + "expected 'game<TAB>result<TAB>position'");
    DataRow row;
    row.line = number;
    const std::string game = line.substr(0, tab1), result = line.substr(tab1 + 1, tab2 - tab1 - 1);
    if (game.empty() || game.find_first_not_of("0123456789") != std::string::npos || game.size() > 18) {
      throw InputError(where + "game number '" + game + "' is not a non-negative integer");
    }
    row.game = std::stoull(game);
    if (result == "1") row.result = 1;
    else if (result == "0") row.result = 0;
    else if (result == "0.5") row.result = 0.5;
    else throw InputError(where + "result '" + result + "' is not 1, 0.5 or 0");
    // An optional fourth column: the self-play search's score (positions escape their tabs).
    const std::size_t tab3 = line.find('\t', tab2 + 1);
    if (tab3 != std::string::npos) {
      const std::string score = line.substr(tab3 + 1);
      const bool digits = !score.empty() && score.size() <= 7 &&
                          score.find_first_not_of("0123456789", score[0] == '-' ? 1 : 0) == std::string::npos &&
                          score != "-";
      if (!digits) throw InputError(where + "score '" + score + "' is not an integer");
      row.score = std::stoi(score);
    }
    row.position = unescape_position(line.substr(tab2 + 1, tab3 == std::string::npos ? std::string::npos : tab3 - tab2 - 1),
                                     path + ":" + std::to_string(number));
    if (row.position.empty()) throw InputError(where + "empty position");
    rows.push_back(std::move(row));
    ++count;
    if (rows.size() >= batch) {
      on_batch(rows);
      rows.clear();
    }
  }
  if (number == 0) throw InputError(path + ": empty file (expected a gamelab datagen file)");
  if (!ended) {
    throw InputError(path + ": truncated: no end line after line " + std::to_string(number) +
                     " (an interrupted copy or a full disk?)");
  }
  if (!rows.empty()) on_batch(rows);
  if (bytes_hash) *bytes_hash = hash;
  return header;
}

}  // namespace gamelab::tuner
