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

// Whole file as a string; InputError naming the path if it cannot be read.
std::string read_text_file(const std::string& path);

// The lines of a position file's content (docs/rules/common.md §3): '#' comment lines before the first real line
// are skipped, a trailing '\r' is removed, trailing empty lines are dropped; line numbers are kept.
std::vector<TextLine> position_lines(const std::string& content);
std::vector<TextLine> position_file_lines(const std::string& path);

// Writes `content` to `path` through a temporary file in the same folder, fsync, then rename. A file
// that exists keeps its permissions; a new one is made 0644.
void write_file_atomic(const std::string& path, const std::string& content);

// `text` without the blanks, tabs and line ends (\r, \n) around it.
std::string trim_blanks(const std::string& text);

// Error text "path:line:col: message" (col omitted when 0).
std::string located(const std::string& path, int line, int col, const std::string& message);

}  // namespace gamelab
