#pragma once
// The report of a release (reports/<game>/<id>.json, written by the release gate; its members are listed
// in eval/release/release_report.hpp): the perft check, the bench signature and speed, the match with
// its LLR path when its records lie beside the file, and the gate's verdict.
#include <string>

#include "eval/report/document.hpp"

namespace gamelab::eval::report {

// True when `data` looks like a release report's data (it has "gate" and "perft").
bool is_release_data(const std::string& path);
Section release_section(const std::string& path);

}  // namespace gamelab::eval::report
