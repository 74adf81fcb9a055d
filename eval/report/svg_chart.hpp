#pragma once
// Small SVG charts for the reports, written as text: a line chart (with shaded bands and reference
// lines), a bar chart (histograms), an error-bar chart (ratings with their intervals) and a sparkline.
// Every text that goes into the SVG is escaped; every chart has a <title> (its name for screen
// readers) and a viewBox, so the page scales it to its column. Coordinates are printed with one
// decimal, so the same data gives the same bytes.
#include <optional>
#include <string>
#include <vector>

namespace gamelab::eval::report {

// A colour for the k-th series: 16 distinct colours, then again.
std::string series_colour(std::size_t k);

struct Series {
  std::string name{};  // in the legend (empty: not listed)
  std::vector<double> x{};
  std::vector<double> y{};
  std::string colour{};
  double width = 2;
  bool dashed = false;
  double opacity = 1;
};

// A shaded area between two curves (an interval around an estimate).
struct Band {
  std::vector<double> x{};
  std::vector<double> lower{};
  std::vector<double> upper{};
  std::string colour{};
  double opacity = 0.15;
};

// A horizontal reference line with a label at its right end (a bound, a target).
struct Rule {
  double y = 0;
  std::string label{};
  std::string colour = "#616e7c";
};

struct LineChart {
  std::string id{};  // unique in the page (the plot's clip path is named after it)
  std::string title{};
  std::string x_label{};
  std::string y_label{};
  std::vector<Series> series{};
  std::vector<Band> bands{};
  std::vector<Rule> rules{};
  std::optional<double> x_min{};
  std::optional<double> x_max{};
  std::optional<double> y_min{};
  std::optional<double> y_max{};  // default: the data's range (rules included)
  int width = 760, height = 300;
};
std::string line_chart_svg(const LineChart& chart);

struct Bar {
  std::string label{};  // under the bar
  double value = 0;
  std::string tooltip{};  // <title> of the bar
};
struct BarChart {
  std::string title{};
  std::string x_label{};
  std::string y_label{};
  std::vector<Bar> bars{};
  std::string colour = "#4e79a7";
  int width = 760, height = 260;
};
std::string bar_chart_svg(const BarChart& chart);

struct ErrorBar {
  std::string label{};
  double value = 0, lower = 0, upper = 0;
  std::string value_text{};  // shown at the right, e.g. "+12.3 +- 20.1"
};
struct ErrorBarChart {
  std::string title{};
  std::string x_label{};
  std::vector<ErrorBar> items{};  // drawn top to bottom
  double reference = 0;         // a vertical line (0 Elo)
  int width = 760;
};
std::string error_bar_chart_svg(const ErrorBarChart& chart);

// A tiny line without axes, for a table cell.
std::string sparkline_svg(const std::vector<double>& y, const std::string& colour, int width = 120, int height = 26);

// Tick positions: 1, 2 or 5 times a power of ten, about `target` of them covering [lo, hi].
std::vector<double> nice_ticks(double lo, double hi, int target);
// A tick's label with as many decimals as the step needs ("0.25", "1200", "-3").
std::string tick_label(double value, double step);

}  // namespace gamelab::eval::report
