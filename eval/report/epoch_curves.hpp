#pragma once
// The journal of an epoch campaign (Texel, training) as curves, and how a section shows them: the
// first, best and last values as facts, and one chart of the training and validation curves.
#include <string>
#include <vector>

#include "eval/report/campaign_files.hpp"
#include "eval/report/document.hpp"

namespace gamelab::eval::report {

struct EpochCurves {
  std::vector<double> epoch, train, validation;  // one value per journal line
  bool validating() const;                       // some validation value is above 0
};

// Each journal line's "epoch" and the two named values.
EpochCurves epoch_curves(const JsonLines& journal, const char* train_key, const char* validation_key);

// "training <what>" (and "validation <what>" when validating): the value at epoch 0, at `best` (an
// index into the curves) and at the last epoch, each with 6 decimals.
void add_epoch_facts(Facts& facts, const EpochCurves& curves, std::size_t best, const std::string& what);

// The training and validation curves per epoch, in one chart.
Chart epoch_chart(const EpochCurves& curves, const std::string& id, const std::string& title, const std::string& caption);

}  // namespace gamelab::eval::report
