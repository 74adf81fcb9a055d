#include "eval/report/svg_chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "eval/report/document.hpp"

namespace gamelab::eval::report {

namespace {

constexpr const char* kAxis = "#7b8794";
constexpr const char* kGrid = "#e4e7eb";
constexpr const char* kText = "#3e4c59";
constexpr double kCharWidth = 6.6;  // average width of a 12px character, for laying out labels

// A coordinate with one decimal ("-0.0" printed as "0.0").
std::string num(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", x);
  std::string text = buffer;
  if (text == "-0.0") text = "0.0";
  return text;
}

// An opacity with two decimals.
std::string fraction(double x) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%.2f", std::clamp(x, 0.0, 1.0));
  return buffer;
}

std::string svg_open(const std::string& title, int width, int height) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 " + std::to_string(width) + " " +
         std::to_string(height) + "\" width=\"" + std::to_string(width) + "\" height=\"" + std::to_string(height) +
         "\" role=\"img\" aria-label=\"" + escape_html(title) + "\">\n<title>" + escape_html(title) + "</title>\n";
}

std::string text_at(double x, double y, const std::string& text, const std::string& anchor, int size,
                    const std::string& extra = "") {
  return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" text-anchor=\"" + anchor + "\" font-size=\"" +
         std::to_string(size) + "\" fill=\"" + kText + "\"" + extra + ">" + escape_html(text) + "</text>\n";
}

std::string line(double x1, double y1, double x2, double y2, const std::string& colour, double width,
                 const std::string& extra = "") {
  return "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2) +
         "\" stroke=\"" + colour + "\" stroke-width=\"" + num(width) + "\"" + extra + " />\n";
}

struct Range {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  void add(double v) {
    if (!std::isfinite(v)) return;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  // Empty or a single value: widened so that scales never divide by zero.
  void settle() {
    if (!std::isfinite(lo)) lo = 0, hi = 1;
    if (hi - lo < 1e-12) {
      const double pad = std::max(std::abs(lo) * 0.1, 0.5);
      lo -= pad;
      hi += pad;
    }
  }
};

double tick_step(double lo, double hi, int target) {
  const double raw = (hi - lo) / std::max(target, 1);
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  const double f = raw / magnitude;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * magnitude;
}

// The title at the top left.
std::string title_text(const std::string& title, double x) {
  return text_at(x, 18, title, "start", 14, " font-weight=\"600\"");
}

}  // namespace

std::string series_colour(std::size_t k) {
  static const char* const colours[] = {"#4e79a7", "#f28e2b", "#e15759", "#59a14f", "#b07aa1", "#76b7b2",
                                        "#edc948", "#9c755f", "#ff9da7", "#17becf", "#8c564b", "#bcbd22",
                                        "#1f3f77", "#d62728", "#2ca02c", "#7f7f7f"};
  return colours[k % 16];
}

std::vector<double> nice_ticks(double lo, double hi, int target) {
  if (!(hi > lo)) return {lo};
  const double step = tick_step(lo, hi, target);
  std::vector<double> ticks;
  for (double k = std::ceil(lo / step - 1e-9); k * step <= hi + step * 1e-9; k += 1) {
    const double v = k * step;
    ticks.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
  }
  return ticks;
}

std::string tick_label(double value, double step) {
  int decimals = 0;
  if (step > 0 && step < 1) decimals = static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  std::string text = buffer;
  if (text.find_first_not_of("-0.") == std::string::npos && text[0] == '-') text.erase(0, 1);
  return text;
}

std::string line_chart_svg(const LineChart& chart) {
  Range xr, yr;
  for (const auto& s : chart.series) {
    for (const double v : s.x) xr.add(v);
    for (const double v : s.y) yr.add(v);
  }
  for (const auto& b : chart.bands) {
    for (const double v : b.x) xr.add(v);
    for (const double v : b.lower) yr.add(v);
    for (const double v : b.upper) yr.add(v);
  }
  for (const auto& r : chart.rules) yr.add(r.y);
  if (chart.x_min) xr.lo = *chart.x_min;
  if (chart.x_max) xr.hi = *chart.x_max;
  if (chart.y_min) yr.lo = *chart.y_min;
  if (chart.y_max) yr.hi = *chart.y_max;
  xr.settle();
  yr.settle();
  // The y axis ends on ticks; the x axis is the data's own range.
  const double y_step = tick_step(yr.lo, yr.hi, 5);
  if (!chart.y_min) yr.lo = std::floor(yr.lo / y_step + 1e-9) * y_step;
  if (!chart.y_max) yr.hi = std::ceil(yr.hi / y_step - 1e-9) * y_step;
  const std::vector<double> y_ticks = nice_ticks(yr.lo, yr.hi, 5);

  // The left margin makes room for the longest tick label (11px type) and the rotated axis label.
  std::size_t widest = 1;
  for (const double t : y_ticks) widest = std::max(widest, tick_label(t, y_step).size());
  const double left = 34 + 6.8 * static_cast<double>(widest), right = 18, top = 34, bottom = 44;
  // Legend layout: the named series, in rows under the plot.
  const double plot_width = chart.width - left - right;
  std::vector<std::pair<double, double>> legend_at;  // position of each named series' entry
  double lx = 0;
  int legend_rows = 0;
  for (const auto& s : chart.series) {
    if (s.name.empty()) {
      legend_at.push_back({-1, -1});
      continue;
    }
    const double w = 30 + kCharWidth * static_cast<double>(s.name.size()) + 18;
    if (legend_rows == 0 || lx + w > plot_width) {
      ++legend_rows;
      lx = 0;
    }
    legend_at.push_back({lx, legend_rows - 1});
    lx += w;
  }
  const double legend_height = legend_rows > 0 ? 10 + 18.0 * legend_rows : 0;
  const int height = chart.height + static_cast<int>(legend_height);
  const double x0 = left, x1 = chart.width - right, y0 = top, y1 = chart.height - bottom;
  auto sx = [&](double x) { return x0 + (x - xr.lo) / (xr.hi - xr.lo) * (x1 - x0); };
  auto sy = [&](double y) { return y1 - (y - yr.lo) / (yr.hi - yr.lo) * (y1 - y0); };

  std::string out = svg_open(chart.title, chart.width, height);
  const std::string clip = escape_html(chart.id) + "-plot";
  out += "<defs><clipPath id=\"" + clip + "\"><rect x=\"" + num(x0) + "\" y=\"" + num(y0) + "\" width=\"" +
         num(x1 - x0) + "\" height=\"" + num(y1 - y0) + "\" /></clipPath></defs>\n";
  out += title_text(chart.title, x0);
  // Grid and tick labels.
  for (const double t : y_ticks) {
    out += line(x0, sy(t), x1, sy(t), kGrid, 1);
    out += text_at(x0 - 8, sy(t) + 4, tick_label(t, y_step), "end", 11);
  }
  const double x_step = tick_step(xr.lo, xr.hi, 8);
  for (const double t : nice_ticks(xr.lo, xr.hi, 8)) {
    out += line(sx(t), y1, sx(t), y1 + 5, kAxis, 1);
    out += text_at(sx(t), y1 + 18, tick_label(t, x_step), "middle", 11);
  }
  out += line(x0, y0, x0, y1, kAxis, 1) + line(x0, y1, x1, y1, kAxis, 1);
  out += text_at((x0 + x1) / 2, y1 + 36, chart.x_label, "middle", 12);
  out += "<text x=\"0\" y=\"0\" transform=\"translate(14 " + num((y0 + y1) / 2) +
         ") rotate(-90)\" text-anchor=\"middle\" font-size=\"12\" fill=\"" + kText + "\">" + escape_html(chart.y_label) +
         "</text>\n";

  out += "<g clip-path=\"url(#" + clip + ")\">\n";
  for (const auto& b : chart.bands) {
    std::string points;
    for (std::size_t i = 0; i < b.x.size(); ++i) {
      if (std::isfinite(b.upper[i])) points += num(sx(b.x[i])) + "," + num(sy(b.upper[i])) + " ";
    }
    for (std::size_t i = b.x.size(); i-- > 0;) {
      if (std::isfinite(b.lower[i])) points += num(sx(b.x[i])) + "," + num(sy(b.lower[i])) + " ";
    }
    if (!points.empty()) points.pop_back();
    out += "<polygon points=\"" + points + "\" fill=\"" + b.colour + "\" fill-opacity=\"" + fraction(b.opacity) + "\" stroke=\"none\" />\n";
  }
  for (const auto& r : chart.rules) {
    out += line(x0, sy(r.y), x1, sy(r.y), r.colour, 1.2, " stroke-dasharray=\"6 4\"");
  }
  for (const auto& s : chart.series) {
    std::string points, dot;
    int finite = 0;
    for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
      if (std::isfinite(s.x[i]) && std::isfinite(s.y[i])) {
        points += num(sx(s.x[i])) + "," + num(sy(s.y[i])) + " ";
        dot = "<circle cx=\"" + num(sx(s.x[i])) + "\" cy=\"" + num(sy(s.y[i])) + "\" r=\"3.5\" fill=\"" + s.colour + "\" />\n";
        ++finite;
      }
    }
    if (points.empty()) continue;
    points.pop_back();
    if (finite == 1) out += dot;  // a line of one point draws nothing: its dot (a release history of one release)
    out += "<polyline points=\"" + points + "\" fill=\"none\" stroke=\"" + s.colour + "\" stroke-width=\"" + num(s.width) +
           "\" stroke-linejoin=\"round\"" + (s.dashed ? " stroke-dasharray=\"5 3\"" : "") +
           (s.opacity < 1 ? " stroke-opacity=\"" + fraction(s.opacity) + "\"" : "") + " />\n";
  }
  out += "</g>\n";
  for (const auto& r : chart.rules) {
    if (!r.label.empty()) out += text_at(x1 - 4, sy(r.y) - 5, r.label, "end", 11);
  }
  for (std::size_t k = 0; k < chart.series.size(); ++k) {
    if (legend_at[k].first < 0) continue;
    const double ex = x0 + legend_at[k].first, ey = chart.height + 4 + 18 * legend_at[k].second;
    out += line(ex, ey, ex + 22, ey, chart.series[k].colour, 3);
    out += text_at(ex + 28, ey + 4, chart.series[k].name, "start", 12);
  }
  out += "</svg>\n";
  return out;
}

std::string bar_chart_svg(const BarChart& chart) {
  const double left = 56, right = 14, top = 34, bottom = 46;
  const double x0 = left, x1 = chart.width - right, y0 = top, y1 = chart.height - bottom;
  double max_value = 0;
  for (const auto& b : chart.bars) max_value = std::max(max_value, b.value);
  if (max_value <= 0) max_value = 1;
  const double step = tick_step(0, max_value, 4);
  const double top_value = std::ceil(max_value / step - 1e-9) * step;
  auto sy = [&](double v) { return y1 - v / top_value * (y1 - y0); };

  std::string out = svg_open(chart.title, chart.width, chart.height);
  out += title_text(chart.title, x0);
  for (const double t : nice_ticks(0, top_value, 4)) {
    out += line(x0, sy(t), x1, sy(t), kGrid, 1);
    out += text_at(x0 - 8, sy(t) + 4, tick_label(t, step), "end", 11);
  }
  const std::size_t n = chart.bars.size();
  const double slot = n > 0 ? (x1 - x0) / static_cast<double>(n) : 0;
  const std::size_t label_every = std::max<std::size_t>(1, (n + 13) / 14);
  for (std::size_t i = 0; i < n; ++i) {
    const Bar& b = chart.bars[i];
    const double bx = x0 + slot * static_cast<double>(i) + slot * 0.1;
    const double by = sy(std::max(b.value, 0.0));
    out += "<rect x=\"" + num(bx) + "\" y=\"" + num(by) + "\" width=\"" + num(slot * 0.8) + "\" height=\"" +
           num(y1 - by) + "\" fill=\"" + chart.colour + "\" rx=\"1.5\"><title>" +
           escape_html(b.tooltip.empty() ? b.label : b.tooltip) + "</title></rect>\n";
    if (n <= 24 && b.value > 0) out += text_at(bx + slot * 0.4, by - 4, tick_label(b.value, 1), "middle", 10);
    if (i % label_every == 0) out += text_at(bx + slot * 0.4, y1 + 16, b.label, "middle", 11);
  }
  out += line(x0, y1, x1, y1, kAxis, 1);
  out += text_at((x0 + x1) / 2, y1 + 36, chart.x_label, "middle", 12);
  out += "<text x=\"0\" y=\"0\" transform=\"translate(14 " + num((y0 + y1) / 2) +
         ") rotate(-90)\" text-anchor=\"middle\" font-size=\"12\" fill=\"" + kText + "\">" + escape_html(chart.y_label) +
         "</text>\n";
  out += "</svg>\n";
  return out;
}

std::string error_bar_chart_svg(const ErrorBarChart& chart) {
  std::size_t longest_label = 4, longest_value = 4;
  for (const auto& item : chart.items) {
    longest_label = std::max(longest_label, item.label.size());
    longest_value = std::max(longest_value, item.value_text.size());
  }
  // Names in 12px type are wider than the average character: room for 7.5 px each.
  const double label_width = std::min(240.0, 24 + 7.5 * static_cast<double>(longest_label));
  const double value_width = 20 + 7.5 * static_cast<double>(longest_value);
  const double row = 28, top = 36, bottom = 44;
  const int height = static_cast<int>(top + bottom + row * static_cast<double>(chart.items.size()));
  const double x0 = label_width, x1 = chart.width - value_width, y0 = top, y1 = height - bottom;
  Range xr;
  xr.add(chart.reference);
  for (const auto& item : chart.items) {
    xr.add(item.lower);
    xr.add(item.upper);
    xr.add(item.value);
  }
  xr.settle();
  const double step = tick_step(xr.lo, xr.hi, 6);
  xr.lo = std::floor(xr.lo / step + 1e-9) * step;
  xr.hi = std::ceil(xr.hi / step - 1e-9) * step;
  auto sx = [&](double x) { return x0 + (x - xr.lo) / (xr.hi - xr.lo) * (x1 - x0); };

  std::string out = svg_open(chart.title, chart.width, height);
  out += title_text(chart.title, 8);
  for (const double t : nice_ticks(xr.lo, xr.hi, 6)) {
    out += line(sx(t), y0, sx(t), y1, kGrid, 1);
    out += text_at(sx(t), y1 + 18, tick_label(t, step), "middle", 11);
  }
  out += line(sx(chart.reference), y0 - 4, sx(chart.reference), y1, kAxis, 1.2, " stroke-dasharray=\"4 3\"");
  out += line(x0, y1, x1, y1, kAxis, 1);
  out += text_at((x0 + x1) / 2, y1 + 36, chart.x_label, "middle", 12);
  for (std::size_t i = 0; i < chart.items.size(); ++i) {
    const ErrorBar& item = chart.items[i];
    const double cy = y0 + row * (static_cast<double>(i) + 0.5);
    const std::string colour = series_colour(0);
    out += text_at(x0 - 10, cy + 4, item.label, "end", 12);
    out += line(sx(item.lower), cy, sx(item.upper), cy, colour, 2);
    out += line(sx(item.lower), cy - 6, sx(item.lower), cy + 6, colour, 2);
    out += line(sx(item.upper), cy - 6, sx(item.upper), cy + 6, colour, 2);
    out += "<circle cx=\"" + num(sx(item.value)) + "\" cy=\"" + num(cy) + "\" r=\"4.5\" fill=\"" + colour +
           "\" stroke=\"#ffffff\" stroke-width=\"1.5\" />\n";
    out += text_at(x1 + 10, cy + 4, item.value_text, "start", 12);
  }
  out += "</svg>\n";
  return out;
}

std::string sparkline_svg(const std::vector<double>& y, const std::string& colour, int width, int height) {
  Range r;
  for (const double v : y) r.add(v);
  r.settle();
  const double pad = 3;
  auto sx = [&](std::size_t i) {
    return y.size() < 2 ? width / 2.0 : pad + (width - 2 * pad) * static_cast<double>(i) / static_cast<double>(y.size() - 1);
  };
  auto sy = [&](double v) { return height - pad - (v - r.lo) / (r.hi - r.lo) * (height - 2 * pad); };
  std::string points;
  for (std::size_t i = 0; i < y.size(); ++i) {
    if (std::isfinite(y[i])) points += num(sx(i)) + "," + num(sy(y[i])) + " ";
  }
  if (!points.empty()) points.pop_back();
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + std::to_string(width) + " " +
                    std::to_string(height) + "\" width=\"" + std::to_string(width) + "\" height=\"" +
                    std::to_string(height) + "\" aria-hidden=\"true\">";
  out += "<polyline points=\"" + points + "\" fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"1.5\" />";
  if (!y.empty() && std::isfinite(y.back())) {
    out += "<circle cx=\"" + num(sx(y.size() - 1)) + "\" cy=\"" + num(sy(y.back())) + "\" r=\"2.2\" fill=\"" + colour + "\" />";
  }
  out += "</svg>";
  return out;
}

}  // namespace gamelab::eval::report
