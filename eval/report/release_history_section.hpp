#pragma once
// A game's release history (`gamelab report reports/<game>`): every release's data in the folder, in
// the order of their ids (UTC times), as a table and a progression chart of each release's Elo over the
// default parameters with its 95% interval.
//
// Elo over the defaults: a release whose baseline was the default parameters measured it directly
// (its match's Elo and interval). A release whose baseline was an earlier release adds that release's
// Elo over the defaults (found by the baseline's fingerprint), the two intervals' half-widths combined
// in quadrature (independent matches), and is marked "chained". A forced release without a match of
// the defaults themselves is at 0; any other release without a measurable chain has no value and is
// listed without a point.
#include <string>

#include "eval/report/document.hpp"

namespace gamelab::eval::report {

// True when `dir` is a folder that holds at least one release report's data (<id>.json).
bool is_release_folder(const std::string& dir);
Section release_history_section(const std::string& dir);

}  // namespace gamelab::eval::report
