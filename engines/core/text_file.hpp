#pragma once
// Reading and writing the small text files of the lab (position files, datasets) with errors that
// name the file and the line, and writing so that nothing half-written is ever left behind.
#include <string>
#include <vector>

namespace gamelab {

struct TextLine {
  int number;  // 1-based line number in the file
  std::string text;
};

// One line of a text: its 1-based number, its text without the '\n', where it starts, and whether a
// '\n' ended it (only the last line of a file can lack one: a write cut off by a kill, say).
struct RawLine {
  int number;
  std::string text;
  std::size_t offset;
  bool complete;
};

// The lines of `content`, as they are (a '\r' stays; nothing is skipped). The readers of the lab's
// append-only files (records, journals) take their policies from here: what a blank line means, and
// what a last line without its newline that does not parse means.
std::vector<RawLine> split_lines(const std::string& content);

// Cuts the file at `path` to its first `bytes` bytes (a truncated last line, so that appending continues
// after the last complete line); InputError naming the path if it cannot.
void cut_file(const std::string& path, std::size_t bytes);

// Writes all of `text` to the open descriptor `fd` (of the file `path`) and fsyncs it: when it
// returns, the text is on disk. InputError naming the path on a failed write or sync (`fd` stays open).
void write_synced(int fd, const std::string& path, const std::string& text);

// Appends `text` to the file at `path` (made 0644 if missing) with write_synced: the journals' and
// records' way to write, a line at a time, so that a kill loses at most the line being written.
void append_synced(const std::string& path, const std::string& text);

// Whole file as a string; InputError naming the path if it cannot be read.
std::string read_text_file(const std::string& path);

// The lines of a position file's content (docs/rules/common.md §3): '#' comment lines before the first real line
// are skipped, a trailing '\r' is removed, trailing empty lines are dropped; line numbers are kept.
std::vector<TextLine> position_lines(const std::string& content);
std::vector<TextLine> position_file_lines(const std::string& path);

// Writes `content` to `path` through a temporary file in the same folder, fsync, then rename. A file
// that exists keeps its permissions; a new one is made 0644.
void write_file_atomic(const std::string& path, const std::string& content);

// A word of a line and its 1-based column, for errors that point at it ("file:line:col").
struct Field {
  std::string text;
  int col;
};

// The words of `line`, separated by blanks and tabs, with their columns.
std::vector<Field> split_fields(const std::string& line);

// `text` without the blanks, tabs and line ends (\r, \n) around it.
std::string trim_blanks(const std::string& text);

// Error text "path:line:col: message" (col omitted when 0).
std::string located(const std::string& path, int line, int col, const std::string& message);

}  // namespace gamelab
