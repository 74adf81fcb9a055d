#include "eval/report/spsa_section.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>

#include "core/error.hpp"
#include "eval/report/campaign_files.hpp"
#include "eval/report/match_section.hpp"
#include "eval/report/number_format.hpp"
#include "eval/report/svg_chart.hpp"

namespace gamelab::eval::report {

namespace {

using nlohmann::json;

struct TunedParam {
  std::string name;
  double start = 0, min = 0, max = 0;
  std::vector<double> path;  // theta after each iteration
};

// name -> value of a parameter file (current.json, best.json), or empty when it is missing.
std::map<std::string, int> param_values(const std::string& path) {
  std::map<std::string, int> out;
  if (!std::filesystem::exists(path)) return out;
  const json data = read_json_file(path);
  for (const auto& p : data.at("params")) out[p.at("name").get<std::string>()] = p.at("value").get<int>();
  return out;
}

SprtConfig sprt_from(const json& j) {
  SprtConfig s;
  s.elo0 = j.at("elo0").get<double>();
  s.elo1 = j.at("elo1").get<double>();
  s.alpha = j.at("alpha").get<double>();
  s.beta = j.at("beta").get<double>();
  s.model = parse_elo_model(j.at("model").get<std::string>());
  return s;
}

Tone verdict_tone(const std::string& verdict) {
  return verdict == "accept H1" ? Tone::Good : verdict == "accept H0" ? Tone::Bad : Tone::Neutral;
}

// The campaign's verifications: verify.json (at its verification limits) first, then verify-*.json
// (the same tuned parameters verified at other limits, by `gamelab tune verify --limit`), by name.
std::vector<std::pair<std::string, json>> verifications(const std::string& dir) {
  std::vector<std::pair<std::string, json>> out;
  if (std::filesystem::exists(file_in(dir, "verify.json"))) out.push_back({"verify.json", read_json_file(file_in(dir, "verify.json"))});
  std::vector<std::string> others;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("verify-", 0) == 0 && entry.path().extension() == ".json") others.push_back(name);
  }
  std::sort(others.begin(), others.end());
  for (const auto& name : others) out.push_back({name, read_json_file(file_in(dir, name))});
  return out;
}

Section verification_section(const std::string& dir, const std::string& id, const std::string& file, const json& verdict,
                             const std::string& tuning_limits) {
  Section verify;
  const std::string limits = json_text(verdict.value("limits", json(tuning_limits)));
  verify.title = "Verification at " + limits + ": tuned against base (" + file + ")";
  verify.id = id;
  Facts v;
  v.items.push_back({"candidate", json_text(verdict.value("candidate", json("?"))) + " after " +
                                      json_text(verdict.value("iterations_done", json("?"))) + " iterations"});
  v.items.push_back({"games", json_text(verdict.value("games", json("?"))) + " at " + limits + " (tuned at " + tuning_limits + ")"});
  if (verdict.contains("wdl")) {
    const auto& w = verdict["wdl"];
    v.items.push_back({"W-D-L", json_text(w.at(0)) + "-" + json_text(w.at(1)) + "-" + json_text(w.at(2))});
  }
  v.items.push_back({"Elo", fixed(json_number(verdict, "elo"), 2) + ", 95% [" + fixed(json_number(verdict, "elo_lower"), 2) +
                                ", " + fixed(json_number(verdict, "elo_upper"), 2) + "]"});
  v.items.push_back({"LOS", percent(json_number(verdict, "los", 0.5), 2)});
  if (verdict.contains("llr") && verdict["llr"].is_number()) v.items.push_back({"LLR", fixed(verdict["llr"].get<double>(), 3)});
  v.items.push_back({"verdict", json_text(verdict.value("verdict", json("?")))});
  verify.blocks.push_back(v);
  const std::string records = file_in(dir, verdict.value("records", std::string("verify.jsonl")));
  if (std::filesystem::exists(records)) {
    MatchInput match;
    match.path = records;
    match.records = read_records(records).records;
    if (verdict.contains("sprt") && verdict["sprt"].is_object()) {
      match.sprt = sprt_from(verdict["sprt"]);
      match.sprt_source = "from " + file;
    }
    match.title = "Verification match at " + limits + ": tuned vs base";
    match.id = id + "-match";
    if (!match.records.empty()) verify.subsections.push_back(match_section(match));
  }
  return verify;
}

}  // namespace

Section spsa_section(const std::string& dir) {
  const std::string config_path = file_in(dir, "config.json");
  const json config = read_json_file(config_path);
  std::vector<TunedParam> tuned;
  int iterations = 0, pairs = 0;
  std::string game, limits, verify_limits;
  try {
    game = config.at("game").get<std::string>();
    iterations = config.at("iterations").get<int>();
    pairs = config.at("pairs_per_iteration").get<int>();
    limits = config.at("limits").get<std::string>();
    verify_limits = config.at("verify").value("limits", limits);
    std::map<std::string, json> base;
    for (const auto& p : config.at("base").at("params")) base[p.at("name").get<std::string>()] = p;
    for (const auto& name : config.at("tuned")) {
      const json& p = base.at(name.get<std::string>());
      tuned.push_back({name.get<std::string>(), p.at("value").get<double>(), p.at("min").get<double>(),
                       p.at("max").get<double>(), {}});
    }
  } catch (const json::exception& e) {
    throw InputError(config_path + ": not an SPSA campaign configuration (" + e.what() + ")");
  }
  const JsonLines journal = read_json_lines(file_in(dir, "journal.jsonl"));
  std::vector<double> scores;  // the plus engine's score in each iteration
  WdlCounts total;
  try {
    for (const auto& line : journal.lines) {
      for (auto& p : tuned) p.path.push_back(line.at("theta").at(p.name).get<double>());
      const auto wdl = line.at("wdl").get<std::vector<std::uint64_t>>();
      const WdlCounts w{wdl.at(0), wdl.at(1), wdl.at(2)};
      total += w;
      scores.push_back(w.games() ? (static_cast<double>(w.wins) + 0.5 * static_cast<double>(w.draws)) /
                                       static_cast<double>(w.games())
                                 : 0.5);
    }
  } catch (const json::exception& e) {
    throw InputError(file_in(dir, "journal.jsonl") + ": not an SPSA journal (" + e.what() + ")");
  }
  const int done = static_cast<int>(journal.lines.size());
  const auto verified = verifications(dir);

  Section section;
  section.title = "SPSA campaign: " + game + ", " + dir;
  section.id = "spsa-" + anchor_id(dir);
  Cards cards;
  cards.items.push_back({"iterations", std::to_string(done) + " / " + std::to_string(iterations),
                         std::to_string(pairs) + " pairs each", done == iterations ? Tone::Good : Tone::Warn});
  cards.items.push_back({"games", std::to_string(total.games()), "at " + limits, Tone::Neutral});
  cards.items.push_back({"parameters", std::to_string(tuned.size()), "tuned", Tone::Neutral});
  for (const auto& [file, verdict] : verified) {
    const std::string v = json_text(verdict.value("verdict", json("?")));
    const std::string at = json_text(verdict.value("limits", json(limits)));
    cards.items.push_back({"verification at " + at, v, json_text(verdict.value("games", json(0))) + " games", verdict_tone(v)});
    cards.items.push_back({"tuned vs base at " + at, signed_fixed(json_number(verdict, "elo"), 2) + " Elo",
                           "95% [" + fixed(json_number(verdict, "elo_lower"), 2) + ", " +
                               fixed(json_number(verdict, "elo_upper"), 2) + "]",
                           verdict_tone(v)});
  }
  section.blocks.push_back(cards);

  Facts facts;
  facts.items.push_back({"game", game});
  facts.items.push_back({"campaign folder", dir});
  facts.items.push_back({"seed", json_text(config.value("seed", json(nullptr)))});
  facts.items.push_back({"iterations", std::to_string(done) + " of " + std::to_string(iterations) + ", " +
                                           std::to_string(pairs) + " game pairs each at " + limits});
  facts.items.push_back({"verified at", verify_limits + (verify_limits == limits ? " (the tuning limit)" : " (tuned at " + limits + ")")});
  facts.items.push_back({"games", std::to_string(total.games()) + ", plus engine W-D-L " + std::to_string(total.wins) + "-" +
                                      std::to_string(total.draws) + "-" + std::to_string(total.losses)});
  if (config.contains("schedule")) {
    const json& s = config["schedule"];
    facts.items.push_back({"schedule", "alpha " + json_text(s.value("alpha", json(0))) + ", gamma " +
                                           json_text(s.value("gamma", json(0))) + ", A " + json_text(s.value("A", json(0)))});
  }
  facts.items.push_back({"parameters from", json_text(config.value("params_file", json("?")))});
  if (!journal.note.empty()) facts.items.push_back({"note", journal.note});
  section.blocks.push_back(facts);

  if (done > 0) {
    LineChart chart;
    chart.id = section.id + "-theta";
    chart.title = "Parameter trajectories (change from the start, % of each range)";
    chart.x_label = "iteration";
    chart.y_label = "change, % of max - min";
    for (std::size_t k = 0; k < tuned.size(); ++k) {
      const TunedParam& p = tuned[k];
      Series s;
      s.name = p.name;
      s.colour = series_colour(k);
      s.width = 1.6;
      s.x.push_back(0);
      s.y.push_back(0);
      for (int i = 0; i < done; ++i) {
        s.x.push_back(i + 1);
        s.y.push_back(100 * (p.path[static_cast<std::size_t>(i)] - p.start) / (p.max - p.min));
      }
      chart.series.push_back(s);
    }
    chart.rules.push_back({0, "", "#9aa5b1"});
    chart.height = 340;
    section.blocks.push_back(Chart{line_chart_svg(chart), "Each tuned parameter's theta after each iteration, as its change "
                                                          "from the start in percent of its range [min, max]."});

    const int window = std::max(5, done / 20);
    LineChart score;
    score.id = section.id + "-score";
    score.title = "Score of the plus engine per iteration";
    score.x_label = "iteration";
    score.y_label = "score of theta + c_k flip";
    Series raw, smooth;
    raw.name = "each iteration (" + std::to_string(2 * pairs) + " games)";
    raw.colour = "#9aa5b1";
    raw.width = 1;
    smooth.name = "moving mean of " + std::to_string(window) + " iterations";
    smooth.colour = series_colour(0);
    double sum = 0;
    for (int i = 0; i < done; ++i) {
      raw.x.push_back(i + 1);
      raw.y.push_back(scores[static_cast<std::size_t>(i)]);
      sum += scores[static_cast<std::size_t>(i)];
      if (i >= window) sum -= scores[static_cast<std::size_t>(i - window)];
      if (i + 1 >= window) {
        smooth.x.push_back(i + 1);
        smooth.y.push_back(sum / window);
      }
    }
    score.series = {raw, smooth};
    score.rules.push_back({0.5, "0.5", "#616e7c"});
    score.y_min = 0;
    score.y_max = 1;
    section.blocks.push_back(Chart{line_chart_svg(score), "The plus engine's score (wins + draws / 2 over the iteration's "
                                                          "games) per iteration: it plays the minus engine, so it hovers "
                                                          "around 0.5 and says which way the flip pushed."});
  }

  const auto current = param_values(file_in(dir, "current.json"));
  const auto best = param_values(file_in(dir, "best.json"));
  Table table;
  table.caption = "Tuned parameters (current.json: theta rounded; best.json: the mean over the last half)";
  table.header = {"parameter", "start", "current", "best", "min", "max", "change (% of range)", "trajectory"};
  table.align = "lrrrrrrl";
  for (std::size_t k = 0; k < tuned.size(); ++k) {
    const TunedParam& p = tuned[k];
    const auto c = current.find(p.name), b = best.find(p.name);
    const double now = p.path.empty() ? p.start : p.path.back();
    Cell trajectory;
    if (!p.path.empty()) {
      std::vector<double> line{p.start};
      line.insert(line.end(), p.path.begin(), p.path.end());
      trajectory.svg = sparkline_svg(line, series_colour(k));
    }
    table.rows.push_back({{p.name}, {fixed(p.start, 0)}, {c == current.end() ? "-" : std::to_string(c->second)},
                          {b == best.end() ? "-" : std::to_string(b->second)}, {fixed(p.min, 0)}, {fixed(p.max, 0)},
                          {signed_fixed(100 * (now - p.start) / (p.max - p.min), 2)}, trajectory});
  }
  section.blocks.push_back(table);

  // The campaign runs until its last iteration and, when it verifies (verify.games > 0), its verification.
  const bool verifies = config.contains("verify") && json_number(config["verify"], "games") > 0;
  section.running = done < iterations || (verifies && verified.empty());
  if (verified.empty()) {
    Section verify;
    verify.title = "Verification: tuned against base";
    verify.id = section.id + "-verify";
    // A verification under way has its records (verify.jsonl) before its verdict (verify.json).
    const std::string records = file_in(dir, "verify.jsonl");
    MatchInput match;
    if (std::filesystem::exists(records)) {
      const RecordsFile file = read_records(records);
      match.records = file.records;
      if (auto w = truncation_warning(file); !w.empty()) verify.blocks.push_back(Paragraph{w, true});
    }
    if (match.records.empty()) {
      verify.blocks.push_back(Paragraph{"No verification match yet: gamelab tune verify " + dir + " plays it at " + verify_limits + "."});
    } else {
      verify.blocks.push_back(Paragraph{"The verification match at " + verify_limits + " is running (verify.jsonl, no verify.json yet): "
                                        "its games so far."});
      match.path = records;
      if (config.contains("verify") && config["verify"].contains("sprt") && config["verify"]["sprt"].is_object()) {
        try {
          match.sprt = sprt_from(config["verify"]["sprt"]);
          match.sprt_source = "from config.json";
        } catch (const json::exception&) {  // no SPRT of its own: the path is drawn against the default bounds
        }
      }
      match.title = "Verification match at " + verify_limits + ", running: tuned vs base";
      match.id = section.id + "-verify-match";
      verify.subsections.push_back(match_section(match));
    }
    section.subsections.push_back(verify);
  }
  for (std::size_t i = 0; i < verified.size(); ++i) {
    const std::string id = section.id + "-verify" + (i == 0 ? std::string() : "-" + std::to_string(i));
    section.subsections.push_back(verification_section(dir, id, verified[i].first, verified[i].second, limits));
  }
  return section;
}

}  // namespace gamelab::eval::report
