// The report as a browser shows it: headless Chromium (Debian's chromium package) loads the page of
// every fixture, and the release, campaign (SPSA), generations and training pages of the committed
// folders, at 1,280 pixels; a probe script added to a copy of each page measures each chart and table
// against its card and counts script errors, and a screenshot is taken. Slow (a browser start): the
// [slow] label, whose `make test-slow` installs chromium (the Makefile's SLOW_PACKAGES); without it the
// tests fail, saying so.
#include <catch2/catch.hpp>
#include <algorithm>
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

// The browser, or a FAIL that says how to get one.
std::string require_chromium() {
  const std::string chromium = find_chromium();
  if (!chromium.empty() && !std::filesystem::exists(chromium)) FAIL("GAMELAB_CHROMIUM is " << chromium << ": no such file");
  if (chromium.empty()) {
    FAIL("no chromium found: the [slow] report tests render pages in headless Chromium. Install it "
         "(apt-get install chromium; make test-slow installs it as root) or set GAMELAB_CHROMIUM to its path");
  }
  return chromium;
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

// Measures every table and chart against its card (the outermost <section>, the white panel): the box
// that shows it (the element, or the wrapper that scrolls it sideways) must lie within the card's
// content box, and no wrapper may need to scroll at this width. Written into the DOM as JSON.
constexpr const char* kFitProbe = R"JS(<script>
(function () {
  function card(el) { var c = null; for (var p = el.parentElement; p; p = p.parentElement) if (p.tagName === 'SECTION') c = p; return c; }
  function shown(el, c) {
    for (var p = el.parentElement; p && p !== c; p = p.parentElement) {
      var o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') return p;
    }
    return el;
  }
  var items = document.querySelectorAll('table, svg.chart, canvas'), problems = [], tables = 0, charts = 0, drawn = 0;
  for (var i = 0; i < items.length; i++) {
    var el = items[i], c = card(el);
    if (el.tagName === 'TABLE') tables++; else charts++;
    var own = el.getBoundingClientRect();
    if (own.width > 0 && own.height > 0) drawn++;
    if (!c) { problems.push(el.tagName + ' outside any card'); continue; }
    var cs = getComputedStyle(c), cb = c.getBoundingClientRect();
    var left = cb.left + parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft) - 0.5;
    var right = cb.right - parseFloat(cs.borderRightWidth) - parseFloat(cs.paddingRight) + 0.5;
    var box = shown(el, c), b = box.getBoundingClientRect();
    if (b.left < left || b.right > right) {
      problems.push(el.tagName.toLowerCase() + ' ' + Math.round(own.width) + ' px wide in ' + c.id + ': ' + Math.round(b.left) +
                    '..' + Math.round(b.right) + ' outside the card ' + Math.round(left) + '..' + Math.round(right));
    }
    if (box !== el && box.scrollWidth > box.clientWidth + 1) {
      problems.push(el.tagName.toLowerCase() + ' in ' + c.id + ' scrolls sideways: ' + box.scrollWidth + ' px in ' + box.clientWidth);
    }
  }
  document.body.setAttribute('data-probe', JSON.stringify({tables: tables, charts: charts, drawn: drawn, problems: problems,
    page: document.documentElement.scrollWidth, window: window.innerWidth}));
})();
</script>)JS";

std::string unescape_attribute(std::string text) {
  for (const auto& [from, to] : {std::pair<std::string, std::string>{"&quot;", "\""}, {"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}}) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
  }
  return text;
}

// The JSON a probe wrote into the dumped DOM's body (data-probe), or a FAIL.
nlohmann::json probe_data(const std::string& dom) {
  const auto at = dom.find("data-probe=\"");
  if (at == std::string::npos) FAIL("the probe wrote nothing into the page (did Chromium load it?):\n" << dom.substr(0, 2000));
  const auto start = at + 12;
  return nlohmann::json::parse(unescape_attribute(dom.substr(start, dom.find('"', start) - start)));
}

// The committed folders of `kind` (config.json's "kind") under tuner/campaigns, sorted.
std::vector<std::string> campaign_folders(const std::string& kind) {
  std::vector<std::string> out;
  const std::filesystem::path root = std::string(GAMELAB_SOURCE_DIR) + "/tuner/campaigns";
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.path().filename() != "config.json") continue;
    std::ifstream in(entry.path());
    const auto config = nlohmann::json::parse(in, nullptr, false);
    if (config.is_object() && config.value("kind", std::string()) == kind) out.push_back(entry.path().parent_path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("headless Chromium draws every chart of the report, with no script error", "[report][slow]") {
  const std::string chromium = require_chromium();
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

TEST_CASE("at 1280 pixels the release, campaign, generations and training pages show their charts and tables inside their cards",
          "[report][slow]") {
  const std::string chromium = require_chromium();
  const std::string source = GAMELAB_SOURCE_DIR;
  // Each game's release (engines/<game>/release.json names its report) and its reports folder's history.
  std::vector<std::string> releases, histories;
  for (const auto& entry : std::filesystem::directory_iterator(source + "/engines")) {
    const auto release = entry.path() / "release.json";
    if (!std::filesystem::exists(release)) continue;
    std::ifstream in(release);
    const auto data = nlohmann::json::parse(in);
    if (!data.contains("report") || !data["report"].is_string()) continue;
    const std::filesystem::path report = source + "/" + data["report"].get<std::string>();
    auto json_file = report;
    json_file.replace_extension(".json");
    if (std::filesystem::exists(json_file)) releases.push_back(json_file.string());
    histories.push_back(report.parent_path().string());
  }
  std::sort(releases.begin(), releases.end());
  std::sort(histories.begin(), histories.end());
  struct Page {
    std::string name;
    std::vector<std::string> inputs;
    bool tables;  // a training campaign's page has charts and facts only
  };
  const std::vector<Page> pages = {{"release", releases, true},
                                   {"history", histories, true},
                                   {"campaign", campaign_folders("spsa"), true},
                                   {"generations", campaign_folders("generations"), true},
                                   {"training", campaign_folders("train"), false}};
  const std::string dir = std::filesystem::absolute("report_fit").string();
  std::filesystem::remove_all(dir);
  const char* keep = std::getenv("GAMELAB_SCREENSHOTS");  // a folder to keep the screenshots in, for a human look
  for (const auto& page : pages) {
    INFO("the " << page.name << " page of " << page.inputs.size() << " inputs");
    REQUIRE(!page.inputs.empty());
    const auto files = write_report(build_report(page.inputs, {}), dir + "/" + page.name);
    std::string html = report_test::file_text(files.html);
    const int tables = report_test::count_of(html, "<table"), charts = report_test::count_of(html, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\"");
    CHECK(charts > 0);
    if (page.tables) CHECK(tables > 0);
    html.insert(html.rfind("</body>"), kFitProbe);
    const std::string probe = dir + "/" + page.name + "/probe.html";
    std::ofstream(probe) << html;
    const auto dom = report_test::run_command(chromium_command(chromium, dir + "/profile") +
                                              " --window-size=1280,4000 --virtual-time-budget=2000 --dump-dom file://" + probe);
    REQUIRE(dom.status == 0);
    const auto data = probe_data(dom.output);
    INFO(data.dump(1));
    CHECK(data["window"] == 1280);
    CHECK(data["tables"] == tables);
    CHECK(data["charts"] == charts);
    CHECK(data["drawn"] == tables + charts);  // every one laid out with a size
    CHECK(data["problems"].empty());          // none runs out of its card, none scrolls sideways
    CHECK(data["page"].get<int>() <= 1280);   // nor does the page

    const std::string png = dir + "/" + page.name + ".png";
    const auto shot = report_test::run_command(chromium_command(chromium, dir + "/profile") +
                                               " --window-size=1280,2600 --screenshot=" + png + " file://" + files.html);
    CHECK(shot.status == 0);
    REQUIRE(std::filesystem::exists(png));
    CHECK(std::filesystem::file_size(png) > 60000);  // not a blank page
    if (keep && *keep) {
      std::filesystem::create_directories(keep);
      std::filesystem::copy_file(png, std::string(keep) + "/" + page.name + ".png", std::filesystem::copy_options::overwrite_existing);
    }
  }
  std::filesystem::remove_all(dir);
}
