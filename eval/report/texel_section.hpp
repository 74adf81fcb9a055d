#pragma once
// The report of a Texel campaign folder (tuner/texel/campaign.hpp describes its files): the training
// and validation error per epoch, K, the best epoch, and each weight before and after.
#include <string>

#include "eval/report/document.hpp"

namespace gamelab::eval::report {

Section texel_section(const std::string& dir);

}  // namespace gamelab::eval::report
