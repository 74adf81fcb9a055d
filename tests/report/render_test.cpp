// The report as a browser shows it: headless Chromium (Debian's chromium package) loads the page of
// every fixture, a probe script added to a copy of the page measures each chart and counts script
// errors, and a screenshot is taken. Slow (a browser start), and skipped with a message when no
// chromium is installed (apt-get install chromium).
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "eval/report/report.hpp"
#include "run.hpp"

using namespace gamelab::eval::report;
using report_test::kFixtures;

namespace {

std::string find_chromium() {
  if (const char* path = std::getenv("GAMELAB_CHROMIUM"); path && *path) return path;
  for (const char* candidate : {"/usr/bin/chromium", "/usr/bin/chromium-browser"}) {
    if (std::filesystem::exists(candidate)) return candidate;
  }
  return "";
}

// The flags that let Chromium run here as root, offline, without a profile of its own.
std::string chromium_command(const std::string& chromium, const std::string& profile) {
  return "timeout 120 " + chromium +
         " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking"
         " --disable-component-update --disable-sync --hide-scrollbars --user-data-dir=" + profile;
}

// Measures the page as laid out: every chart's size, every shape's box, the errors scripts raised.
constexpr const char* kProbe = R"JS(<script>
(function () {
  var errors = [];
  window.addEventListener('error', function (e) { errors.push(String(e.message)); });
  var charts = document.querySelectorAll('svg.chart');
  var sizes = [];
  for (var i = 0; i < charts.length; i++) {
    var box = charts[i].getBoundingClientRect();
    sizes.push([Math.round(box.width), Math.round(box.height)]);
  }
  var shapes = document.querySelectorAll('svg polyline, svg rect, svg circle, svg polygon');
  var drawn = 0;
  for (var j = 0; j < shapes.length; j++) {
    var b = shapes[j].getBBox();
    if (b.width > 0 || b.height > 0) drawn++;
  }
  document.body.setAttribute('data-probe', JSON.stringify({charts: charts.length, sizes: sizes, shapes: shapes.length,
    drawn: drawn, errors: errors, scripts: document.scripts.length, width: document.body.scrollWidth}));
})();
</script>)JS";

std::string unescape_attribute(std::string text) {
  for (const auto& [from, to] : {std::pair<std::string, std::string>{"&quot;", "\""}, {"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}}) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
  }
  return text;
}

}  // namespace

TEST_CASE("headless Chromium draws every chart of the report, with no script error", "[report][slow]") {
  const std::string chromium = find_chromium();
  if (chromium.empty()) {
    WARN("skipped: no chromium found (apt-get install chromium, or set GAMELAB_CHROMIUM)");
    return;
  }
  const std::string dir = std::filesystem::absolute("report_render").string();
  std::filesystem::remove_all(dir);
  const std::vector<std::string> inputs = {kFixtures + "spsa", kFixtures + "texel", kFixtures + "release/2026-11-23-024708.json",
                                           kFixtures + "alpha_beta.jsonl", kFixtures + "beta_gamma.jsonl",
                                           kFixtures + "alpha_gamma.jsonl"};
  const auto files = write_report(build_report(inputs, {}), dir);
  std::string page = report_test::file_text(files.html);
  const int charts = report_test::count_of(page, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\"");
  REQUIRE(charts >= 10);
  page.insert(page.rfind("</body>"), kProbe);
  const std::string probe = dir + "/probe.html";
  std::ofstream(probe) << page;

  const auto dom = report_test::run_command(chromium_command(chromium, dir + "/profile") + " --dump-dom file://" + probe);
  REQUIRE(dom.status == 0);
  const auto at = dom.output.find("data-probe=\"");
  REQUIRE(at != std::string::npos);
  const auto start = at + 12;
  const auto data = nlohmann::json::parse(unescape_attribute(dom.output.substr(start, dom.output.find('"', start) - start)));
  INFO(data.dump());
  CHECK(data["errors"].empty());
  CHECK(data["scripts"] == 1);  // the probe: the report has none of its own
  CHECK(data["charts"] == charts);
  for (const auto& size : data["sizes"]) {
    CHECK(size[0].get<int>() > 300);  // as wide as the column
    CHECK(size[1].get<int>() > 60);
  }
  CHECK(data["shapes"].get<int>() > 50);
  CHECK(data["drawn"] == data["shapes"]);  // every line, bar and dot has a box on the page
  CHECK(data["width"].get<int>() <= 1280);  // nothing overflows the window sideways
  // No uncaught error from anything the page loaded.
  CHECK(dom.output.find("Uncaught") == std::string::npos);

  // A screenshot of the page itself: mostly white would be a small PNG; charts and tables are not.
  const std::string png = dir + "/page.png";
  const auto shot = report_test::run_command(chromium_command(chromium, dir + "/profile") +
                                             " --window-size=1200,1600 --screenshot=" + png + " file://" + files.html);
  CHECK(shot.status == 0);
  REQUIRE(std::filesystem::exists(png));
  CHECK(std::filesystem::file_size(png) > 60000);
}
