#pragma once
// `gamelab report ... --watch`: the page of a running campaign kept current. Every `every_seconds` the
// inputs' files are looked at (each file's size and modification time; a folder's files, recursively,
// the report's own folder left out); when they changed, the page and its summary are built again and
// written (atomically: a browser or a reader never sees half a page).
//
// While any section runs (Section::running: an SPSA campaign short of its iterations or its
// verification, a generations campaign short of its generations, a training or Texel campaign short of
// its epochs, a match without its SPRT's verdict), the page reloads itself (<meta http-equiv="refresh">)
// and says "Updated at <time>, watching". A journal's cut-off last line (a line being appended) is left
// out until it is complete; a file that cannot be read for a moment keeps the last page and is read
// again at its next change.
//
// The watch ends at SIGINT or SIGTERM (the write under way is finished first), or, with `until_done`,
// once no section runs. Its last write has no refresh tag, so a finished page does not keep reloading.
#include <functional>
#include <string>
#include <vector>

#include "eval/report/report.hpp"

namespace gamelab::eval::report {

struct WatchOptions {
  int every_seconds = 10;  // how often the files are looked at, and how often the page reloads
  bool until_done = false;  // also stop once the campaign is finished
  std::function<void(const std::string&)> log{};  // one line per write or problem (the terminal), or none
};

enum class WatchEnd { Signal, Finished };

// The first build's InputError (a bad input) is thrown, as `gamelab report` without --watch would;
// later ones are logged and the last good page stays.
WatchEnd watch_report(const std::vector<std::string>& inputs, const ReportOptions& options, const std::string& dir,
                      const WatchOptions& watch);

// The inputs' files as a text: a line per file (path, size, modification time) in a fixed order, the
// files under `skip` (the report's folder, when it lies inside a campaign folder) left out. Two calls
// give the same text exactly when no file was added, removed, grown, cut or rewritten in between.
std::string files_state(const std::vector<std::string>& inputs, const std::string& skip);

}  // namespace gamelab::eval::report
