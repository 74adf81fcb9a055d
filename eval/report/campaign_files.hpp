#pragma once
// Reading the files of a tuning campaign or a release for a report, without changing them (the
// tuner's own readers repair a journal's cut-off last line; a report only notes it).
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/json_file.hpp"  // read_json_file

namespace gamelab::eval::report {

struct JsonLines {
  std::vector<nlohmann::json> lines;
  std::string note;  // "path:line: ..." when a cut-off last line was left out, else ""
};

// A journal (one JSON object per line); a missing file reads as no lines. A last line without its
// newline that does not parse (a run killed mid-write) is left out and noted; any other bad line is an
// InputError naming the file and line.
JsonLines read_json_lines(const std::string& path);

// `dir`/`name`.
std::string file_in(const std::string& dir, const std::string& name);

// A number, string or the text of any JSON value, and the member's value or a fallback when missing.
std::string json_text(const nlohmann::json& value);
double json_number(const nlohmann::json& object, const char* key, double fallback = 0);

}  // namespace gamelab::eval::report
