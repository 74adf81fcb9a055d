#pragma once
// Numbers as the reports print them: the same precision as `gamelab sprt` (Elo, nElo and LOS with two
// decimals, the LLR with three) so that a report can be checked against the command's output.
#include <string>

namespace gamelab::eval::report {

// "%.*f", never "-0.00" (as `gamelab sprt` prints).
std::string fixed(double x, int digits);
// "%+.*f": "+12.3", "-4.0", but "0.0" for zero (no sign).
std::string signed_fixed(double x, int digits);
// 100 * fraction with `digits` decimals and " %": "53.25 %".
std::string percent(double fraction, int digits);

}  // namespace gamelab::eval::report
