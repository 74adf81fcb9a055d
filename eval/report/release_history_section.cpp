#include "eval/report/release_history_section.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <optional>

#include "core/error.hpp"
#include "eval/report/campaign_files.hpp"
#include "eval/report/number_format.hpp"
#include "eval/report/release_section.hpp"
#include "eval/report/svg_chart.hpp"

namespace gamelab::eval::report {

namespace {

using nlohmann::json;

std::vector<std::string> release_files(const std::string& dir) {
  std::vector<std::string> files;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
    const auto& p = entry.path();
    if (p.extension() != ".json" || p.filename().string().find(".records") != std::string::npos) continue;
    if (is_release_data(p.string())) files.push_back(p.string());
  }
  std::sort(files.begin(), files.end());  // ids are UTC times: name order is time order
  return files;
}

struct OverDefaults {
  double elo = 0, lower = 0, upper = 0;
  bool chained = false;
};

std::string text_of(const json& data, const char* a, const char* b) {
  if (!data.contains(a) || !data[a].is_object() || !data[a].contains(b)) return "";
  return json_text(data[a][b]);
}

}  // namespace

bool is_release_folder(const std::string& dir) {
  return std::filesystem::is_directory(dir) && !release_files(dir).empty();
}

Section release_history_section(const std::string& dir) {
  const std::vector<std::string> files = release_files(dir);
  if (files.empty()) throw InputError(dir + ": no release report data (<id>.json with \"gate\" and \"perft\") in this folder");
  Section section;
  std::string game;
  std::map<std::string, OverDefaults> by_fingerprint;  // candidate fingerprint -> its Elo over the defaults
  Table table;
  table.caption = "Releases, oldest first";
  table.header = {"release", "decision", "candidate", "campaign", "baseline", "match", "Elo vs baseline",
                  "Elo over defaults (95%)"};
  table.align = "llllllrr";
  LineChart chart;
  chart.id = "release-history-" + anchor_id(dir);
  chart.title = "Elo over the default parameters, release by release (95% intervals)";
  chart.x_label = "release";
  chart.y_label = "Elo";
  Series points{"Elo over defaults", {}, {}, series_colour(0), 2};
  Band band{{}, {}, {}, series_colour(0), 0.18};
  chart.rules.push_back({0, "defaults"});
  int index = 0;
  for (const auto& path : files) {
    const json data = read_json_file(path);
    game = json_text(data.value("game", json("?")));
    ++index;
    const std::string id = json_text(data.value("id", json("?")));
    const std::string decision = text_of(data, "gate", "decision");
    const std::string candidate_fp = text_of(data, "candidate", "fingerprint");
    const std::string baseline_fp = text_of(data, "baseline", "fingerprint");
    const std::string baseline_source = text_of(data, "baseline", "source");
    const bool baseline_defaults = baseline_source == "default parameters";
    std::string match_text = "no match";
    std::string vs_baseline = "-";
    std::optional<OverDefaults> over;
    if (data.contains("match") && data["match"].is_object()) {
      const json& m = data["match"];
      const double elo = json_number(m, "elo");
      const double lower = m.contains("elo_lower") ? json_number(m, "elo_lower") : elo - json_number(m, "elo_error");
      const double upper = m.contains("elo_upper") ? json_number(m, "elo_upper") : elo + json_number(m, "elo_error");
      const std::string verdict = m.contains("sprt") ? json_text(m["sprt"].value("verdict", json("?"))) : "?";
      match_text = json_text(m.value("games", json(0))) + " games at " + json_text(m.value("limit", json("?"))) + ", " + verdict;
      vs_baseline = signed_fixed(elo, 1) + " [" + signed_fixed(lower, 1) + ", " + signed_fixed(upper, 1) + "]";
      if (baseline_defaults) {
        over = OverDefaults{elo, lower, upper, false};
      } else if (const auto it = by_fingerprint.find(baseline_fp); it != by_fingerprint.end()) {
        const OverDefaults& b = it->second;
        const double low = std::hypot(elo - lower, b.elo - b.lower), high = std::hypot(upper - elo, b.upper - b.elo);
        // A baseline that is the defaults themselves (a forced release of them) adds nothing to chain.
        const bool chained = b.elo != 0 || b.lower != 0 || b.upper != 0;
        over = OverDefaults{elo + b.elo, elo + b.elo - low, elo + b.elo + high, chained};
      }
    } else if (text_of(data, "candidate", "source") == "default parameters") {
      over = OverDefaults{0, 0, 0, false};
    }
    if (over) {
      by_fingerprint[candidate_fp] = *over;
      points.x.push_back(index);
      points.y.push_back(over->elo);
      band.x.push_back(index);
      band.lower.push_back(over->lower);
      band.upper.push_back(over->upper);
    }
    std::string campaign = "-";
    if (data.contains("campaign") && data["campaign"].is_object()) campaign = json_text(data["campaign"].value("folder", json("?")));
    table.rows.push_back({{id}, {decision}, {text_of(data, "candidate", "source")}, {campaign}, {baseline_source},
                          {match_text}, {vs_baseline},
                          {over ? signed_fixed(over->elo, 1) + " [" + signed_fixed(over->lower, 1) + ", " +
                                      signed_fixed(over->upper, 1) + "]" + (over->chained ? " chained" : "")
                                : "-"}});
  }
  section.title = "Release history: " + game + " (" + dir + ")";
  section.id = "release-history-" + anchor_id(dir);
  Facts facts;
  facts.items.push_back({"releases", std::to_string(files.size())});
  facts.items.push_back({"Elo over defaults", "a match against the default parameters, or chained through the baseline "
                                              "release's own figure (intervals combined in quadrature)"});
  section.blocks.push_back(facts);
  if (!points.x.empty()) {
    chart.series.push_back(points);
    chart.bands.push_back(band);
    chart.x_min = 0.5;
    chart.x_max = index + 0.5;
    section.blocks.push_back(Chart{line_chart_svg(chart), chart.title});
  }
  section.blocks.push_back(table);
  for (const auto& path : files) section.subsections.push_back(release_section(path));
  return section;
}

}  // namespace gamelab::eval::report
