#pragma once
// Labelled positions on disk (`gamelab datagen` writes them, `gamelab tune texel` reads them): a text
// file, one position per line, that any game's position text fits in.
//
//   #gamelab-datagen 1 game=raichu games=1000 seed=1 limit=nodes=5000 random_plies=8 skip_tactical=1
//   <game>\t<result>\t<position>[\t<score>]
//   ...
//   #end positions=52311 games=1000
//
// <game> is the self-play game the position comes from (0-based; Texel's validation split keeps games
// whole), <result> is 1, 0.5 or 0 from the evaluation's point of view (GameEntry::features), and
// <position> is the position-file text with '\', newline, tab and CR escaped as \\, \n, \t, \r, and
// <score> (when the game records it) the self-play engine's search score there, same point of view.
// The file is written as <file>.partial and renamed when complete (a stopped run's partial file is
// continued by `gamelab datagen --resume`); the end line is written last, so
// a file without it (cut off by a copy or a full disk) is reported as truncated, by name.
#include <cstdint>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "registry/game_entry.hpp"

namespace gamelab::tuner {

struct DataRow {
  std::uint64_t game = 0;
  double result = 0.5;
  std::string position;  // unescaped position text
  std::optional<int> score;  // the self-play search's score, when recorded
  int line = 0;          // line number in the file (when read)
};

std::string escape_position(const std::string& text);
// InputError("what: ...") for a bad escape.
std::string unescape_position(const std::string& text, const std::string& what);

// Writes a data file: header, rows, end line; complete only after finish().
class DataWriter {
 public:
  // `header` fields (key=value, no blanks) follow the game on the first line. The file is written as
  // <path>.partial and renamed by finish(). With `resume`, the <path>.partial of a run that was stopped
  // is continued: its first line must be this one; the rows of the last game in it (perhaps cut off)
  // and anything after are dropped, and resume_from() is that game.
  DataWriter(const std::string& path, const std::string& game, const std::vector<std::pair<std::string, std::string>>& header,
             bool resume = false);
  ~DataWriter();  // an unfinished file stays as <path>.partial, unless no game was written to it
  DataWriter(const DataWriter&) = delete;
  DataWriter& operator=(const DataWriter&) = delete;

  void add_game(std::uint64_t game, const std::vector<LabelledPosition>& positions);
  // Writes the end line, flushes to disk and renames the file into place.
  void finish();
  std::uint64_t positions() const { return positions_; }
  std::uint64_t resume_from() const { return resume_from_; }  // the first game still to write

 private:
  std::string path_, temp_;
  std::ofstream out_;
  std::uint64_t positions_ = 0;
  std::uint64_t games_ = 0;
  std::uint64_t resume_from_ = 0;
  bool finished_ = false;
  bool resumed_ = false;
};

struct DataHeader {
  std::string game;
  std::map<std::string, std::string> fields;
};

// Reads `path` in batches of up to `batch` rows, calling `on_batch` for each; checks the header
// (game `expected_game` if not empty), every line (file:line and what is wrong) and the end line
// (missing: "path: truncated: no end line after line L"). Returns the header. `bytes_hash` (if not
// null) receives an FNV-1a hash of the whole file, to recognise it on resume.
DataHeader read_data_file(const std::string& path, const std::string& expected_game, std::size_t batch,
                          const std::function<void(std::vector<DataRow>&)>& on_batch, std::uint64_t* bytes_hash = nullptr);

}  // namespace gamelab::tuner
