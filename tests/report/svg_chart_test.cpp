// The chart helper: ticks, labels, escaping, and what each chart draws.
#include <catch2/catch.hpp>

#include "eval/report/document.hpp"
#include "eval/report/svg_chart.hpp"
#include "html_check.hpp"
#include "run.hpp"

using namespace gamelab::eval::report;
using report_test::count_of;

namespace {

// A chart is well-formed when it is well-formed inside a page.
std::vector<std::string> problems_of(const std::string& svg) {
  return report_test::html_problems("<!DOCTYPE html><html><body>" + svg + "</body></html>");
}

}  // namespace

TEST_CASE("ticks are 1, 2 or 5 times a power of ten and cover the range", "[report][chart]") {
  CHECK(nice_ticks(0, 1, 5) == std::vector<double>{0, 0.2, 0.4, 0.6000000000000001, 0.8, 1});
  CHECK(nice_ticks(-2.944, 2.944, 5) == std::vector<double>{-2, 0, 2});
  CHECK(nice_ticks(0, 300, 8) == std::vector<double>{0, 50, 100, 150, 200, 250, 300});
  CHECK(nice_ticks(3, 3, 5) == std::vector<double>{3});
  CHECK(tick_label(0.6000000000000001, 0.2) == "0.6");
  CHECK(tick_label(-0.0, 0.5) == "0.0");
  CHECK(tick_label(1200, 200) == "1200");
  CHECK(tick_label(0.05, 0.01) == "0.05");
}

TEST_CASE("a line chart draws its series, bands, rules, axes and legend, all text escaped", "[report][chart]") {
  LineChart chart;
  chart.id = "c1";
  chart.title = "LLR of <A & B>";
  chart.x_label = "pairs";
  chart.y_label = "LLR \"quoted\"";
  chart.series.push_back({"A's line", {0, 1, 2, 3}, {0, 0.5, -0.25, 1}, "#4e79a7"});
  chart.series.push_back({"", {0, 3}, {1, 1}, "#f28e2b"});
  chart.bands.push_back({{0, 1, 2, 3}, {-1, -1, -1, -1}, {2, 2, 2, 2}, "#4e79a7"});
  chart.rules.push_back({2.944, "accept H1", "#1e8a4c"});
  const std::string svg = line_chart_svg(chart);
  CHECK(problems_of(svg).empty());
  CHECK_THAT(svg, Catch::Contains("<title>LLR of &lt;A &amp; B&gt;</title>"));
  CHECK_THAT(svg, Catch::Contains("LLR &quot;quoted&quot;"));
  CHECK_THAT(svg, Catch::Contains("A&#39;s line"));
  CHECK(count_of(svg, "<polyline") == 2);
  CHECK(count_of(svg, "<polygon") == 1);
  CHECK_THAT(svg, Catch::Contains(">accept H1</text>"));
  CHECK_THAT(svg, Catch::Contains("clip-path=\"url(#c1-plot)\""));
  CHECK_THAT(svg, Catch::Contains("viewBox=\"0 0 760 "));
  // x runs over the plot: from the left margin to 760 - 18.
  CHECK_THAT(svg, Catch::Contains("points=\"47.6,"));  // left margin: 34 + 6.8 per character of "-1"
  CHECK_THAT(svg, Catch::Contains("742.0,"));
  // The same chart twice gives the same bytes.
  CHECK(line_chart_svg(chart) == svg);
}

TEST_CASE("a bar chart draws one bar per value with its tooltip", "[report][chart]") {
  BarChart chart;
  chart.title = "Game lengths";
  chart.x_label = "plies";
  chart.y_label = "games";
  chart.bars = {{"0-9", 3, "0-9 plies: 3 games"}, {"10-19", 0, ""}, {"20-29", 7, ""}};
  const std::string svg = bar_chart_svg(chart);
  CHECK(problems_of(svg).empty());
  CHECK(count_of(svg, "<rect") == 3);
  CHECK_THAT(svg, Catch::Contains("<title>0-9 plies: 3 games</title>"));
  CHECK_THAT(svg, Catch::Contains("<title>10-19</title>"));
  CHECK_THAT(svg, Catch::Contains(">7</text>"));  // the value over the bar
}

TEST_CASE("an error-bar chart draws each interval with its caps and value", "[report][chart]") {
  ErrorBarChart chart;
  chart.title = "Ratings";
  chart.x_label = "Elo";
  chart.items = {{"alpha", 50, 10, 90, "50.0 +- 40.0"}, {"beta & co", 0, 0, 0, "0.0"}};
  const std::string svg = error_bar_chart_svg(chart);
  CHECK(problems_of(svg).empty());
  CHECK(count_of(svg, "<circle") == 2);
  CHECK(count_of(svg, "<line") >= 6);
  CHECK_THAT(svg, Catch::Contains(">beta &amp; co</text>"));
  CHECK_THAT(svg, Catch::Contains(">50.0 +- 40.0</text>"));
}

TEST_CASE("a sparkline is a small polyline with its last point marked", "[report][chart]") {
  const std::string svg = sparkline_svg({1, 2, 3}, "#000000", 100, 20);
  CHECK(problems_of(svg).empty());
  CHECK_THAT(svg, Catch::Contains("points=\"3.0,17.0 50.0,10.0 97.0,3.0\""));
  CHECK_THAT(svg, Catch::Contains("<circle cx=\"97.0\" cy=\"3.0\""));
}

TEST_CASE("text is escaped for HTML and Markdown", "[report]") {
  CHECK(escape_html("a<b & \"c\" 'd'>") == "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;");
  CHECK(escape_markdown("x_y | *z* `w` <b> [-1, 2]\nnext") == "x\\_y \\| \\*z\\* \\`w\\` \\<b> [-1, 2] next");
  CHECK(anchor_id("Match: new vs old (raichu)") == "match-new-vs-old-raichu");
}

TEST_CASE("the well-formedness check finds what a browser would forgive", "[report]") {
  using report_test::html_problems;
  CHECK(html_problems("<!DOCTYPE html><html><body><p>ok &amp; fine</p></body></html>").empty());
  CHECK_FALSE(html_problems("<html></html>").empty());  // no doctype
  CHECK_FALSE(html_problems("<!DOCTYPE html><html><p></html>").empty());
  CHECK_FALSE(html_problems("<!DOCTYPE html><html><p class=x></p></html>").empty());
  CHECK_FALSE(html_problems("<!DOCTYPE html><html><p>1 < 2</p></html>").empty());
  CHECK_FALSE(html_problems("<!DOCTYPE html><html><p>1 > 2</p></html>").empty());
  CHECK_FALSE(html_problems("<!DOCTYPE html><html><p>R&D</p></html>").empty());
  CHECK_FALSE(html_problems("<!DOCTYPE html><html><p title=\"a\" title=\"b\"></p></html>").empty());
  CHECK_FALSE(html_problems("<!DOCTYPE html><html><style>a</b></style></html>").empty());
  CHECK(html_problems("<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body><svg><line x1=\"1\" /></svg></body></html>")
            .empty());
}
