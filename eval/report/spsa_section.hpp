#pragma once
// The report of an SPSA campaign folder (tuner/spsa/campaign.hpp describes its files): each tuned
// parameter's trajectory over the iterations, normalised to its range, the plus engine's score per
// iteration, the start, current and averaged ("best") values, and the verification match with its
// verdict (verify.json, and verify.jsonl drawn as a match).
#include <string>

#include "eval/report/document.hpp"

namespace gamelab::eval::report {

Section spsa_section(const std::string& dir);

}  // namespace gamelab::eval::report
