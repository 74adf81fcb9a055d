#include "eval/report/epoch_curves.hpp"

#include <algorithm>

#include "eval/report/number_format.hpp"
#include "eval/report/svg_chart.hpp"

namespace gamelab::eval::report {

bool EpochCurves::validating() const {
  return std::any_of(validation.begin(), validation.end(), [](double v) { return v > 0; });
}

EpochCurves epoch_curves(const JsonLines& journal, const char* train_key, const char* validation_key) {
  EpochCurves c;
  for (const auto& line : journal.lines) {
    c.epoch.push_back(json_number(line, "epoch"));
    c.train.push_back(json_number(line, train_key));
    c.validation.push_back(json_number(line, validation_key));
  }
  return c;
}

void add_epoch_facts(Facts& facts, const EpochCurves& c, std::size_t best, const std::string& what) {
  if (c.epoch.empty()) return;
  const auto line = [&](const std::vector<double>& v) {
    return fixed(v.front(), 6) + " at epoch 0, " + fixed(v[best], 6) + " at the best epoch, " + fixed(v.back(), 6) + " at the last";
  };
  facts.items.push_back({"training " + what, line(c.train)});
  if (c.validating()) facts.items.push_back({"validation " + what, line(c.validation)});
}

Chart epoch_chart(const EpochCurves& c, const std::string& id, const std::string& title, const std::string& caption) {
  LineChart chart;
  chart.id = id;
  chart.title = title;
  chart.x_label = "epoch";
  chart.y_label = "mean squared error";
  chart.series.push_back({"training", c.epoch, c.train, series_colour(0)});
  if (c.validating()) chart.series.push_back({"validation", c.epoch, c.validation, series_colour(1)});
  return Chart{line_chart_svg(chart), caption};
}

}  // namespace gamelab::eval::report
