#pragma once
// The report of a generations campaign folder (tuner/generations/campaign.hpp describes its files):
// one row per generation from its journal (the data, the training's losses at its best epoch, the
// verification match and which evaluation was the best after it), each match's Elo with its 95%
// interval as a chart, and the settings. Each generation's training campaign (gen-K/train) is a
// training campaign folder of its own, which `gamelab report` draws as loss curves.
#include <string>

#include "eval/report/document.hpp"

namespace gamelab::eval::report {

Section generations_section(const std::string& dir);

}  // namespace gamelab::eval::report
