#pragma once
// The report of a training campaign folder (tuner/train/campaign.hpp describes its files): the
// training and validation loss per epoch as curves, the form and its sizes, the data, the best epoch
// and the evaluation files it wrote.
#include <string>

#include "eval/report/document.hpp"

namespace gamelab::eval::report {

Section train_section(const std::string& dir);

}  // namespace gamelab::eval::report
