#include "eval/release/report_check.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/text_file.hpp"
#include "eval/match/band_suite.hpp"
#include "eval/match/match_runner.hpp"
#include "eval/records.hpp"
#include "eval/release/release_report.hpp"
#include "eval/stats/elo.hpp"
#include "eval/stats/sprt.hpp"

namespace gamelab::eval {

namespace {

using Json = nlohmann::ordered_json;
namespace fs = std::filesystem;

// The gate's names for its engines (release_gate.cpp): A is the candidate in both matches, B the
// baseline in the SPRT match, and in the clock match of a learned evaluation (kClockReleaseOpponent);
// "defaults" in the other clock matches, which the data gives no fingerprint of.
constexpr const char* kCandidate = "candidate";
constexpr const char* kBaseline = "baseline";

// The data stores each figure at full precision; the same statistics on another machine may differ in
// the last bits (libm), never by this much. The reports print one decimal.
bool close_enough(double stated, double computed) {
  return std::fabs(stated - computed) <= 1e-6 * std::max(1.0, std::fabs(computed));
}

// Equal figures: integers exactly, real numbers to the tolerance above, arrays and objects member by member.
bool same(const Json& stated, const Json& computed) {
  if (stated.is_number() && computed.is_number()) {
    if (stated.is_number_float() || computed.is_number_float()) return close_enough(stated.get<double>(), computed.get<double>());
    return stated.get<double>() == computed.get<double>();
  }
  if (stated.is_array() && computed.is_array()) {
    if (stated.size() != computed.size()) return false;
    for (std::size_t i = 0; i < stated.size(); ++i) {
      if (!same(stated[i], computed[i])) return false;
    }
    return true;
  }
  if (stated.is_object() && computed.is_object()) {
    if (stated.size() != computed.size()) return false;
    for (const auto& [key, value] : computed.items()) {
      if (!stated.contains(key) || !same(stated[key], value)) return false;
    }
    return true;
  }
  return stated == computed;
}

// A figure as a reader writes it: W-D-L as 42-155-11, a real number to 10 digits, the rest as JSON.
std::string shown(const Json& value) {
  if (value.is_object() && value.contains("wins") && value.contains("draws") && value.contains("losses")) {
    return shown(value["wins"]) + "-" + shown(value["draws"]) + "-" + shown(value["losses"]);
  }
  if (value.is_number_float()) {
    char text[64];
    std::snprintf(text, sizeof text, "%.10g", value.get<double>());
    return text;
  }
  if (value.is_string()) return value.get<std::string>();
  return value.dump();
}

// How the figures of the data are named in messages.
std::string label(const std::string& key) {
  static const std::map<std::string, std::string> names = {
      {"games", "games"},        {"pairs", "pairs"},          {"wdl", "W-D-L"},
      {"pentanomial", "pentanomial"}, {"score", "score"},     {"elo", "Elo"},
      {"elo_error", "Elo +-"},   {"elo_lower", "Elo lower bound"}, {"elo_upper", "Elo upper bound"},
      {"los", "LOS"},            {"faults", "failures (crash, timeout, illegal, stalled)"},
      {"llr", "SPRT LLR"},       {"lower", "SPRT lower bound"}, {"upper", "SPRT upper bound"},
      {"verdict", "SPRT verdict"}, {"loses", "loses beyond its interval"}};
  const auto it = names.find(key);
  return it == names.end() ? key : it->second;
}

class Checker {
 public:
  Checker(ReportCheck& check, std::string file) : check_(check), file_(std::move(file)) {}

  void mismatch(const std::string& figure, const std::string& stated, const std::string& from_records) {
    check_.mismatches.push_back({file_, figure, stated, from_records});
  }

  // Compares each figure of `computed` that `stated` states (`required` ones must be stated) and writes
  // the computed one into `recomputed`, the section the .md is rendered from again.
  void figures(const std::string& what, const Json& stated, const Json& computed, std::initializer_list<const char*> required,
               Json& recomputed) {
    for (const auto& [key, value] : computed.items()) {
      const bool must = std::find_if(required.begin(), required.end(), [&](const char* r) { return key == r; }) != required.end();
      if (!stated.contains(key)) {
        if (must) mismatch(what + " " + label(key), "nothing", shown(value));
        continue;
      }
      if (!same(stated[key], value)) mismatch(what + " " + label(key), shown(stated[key]), shown(value));
      recomputed[key] = value;
    }
  }

 private:
  ReportCheck& check_;
  std::string file_;
};

Json wdl_json(const WdlCounts& wdl) { return {{"wins", wdl.wins}, {"draws", wdl.draws}, {"losses", wdl.losses}}; }

// Each engine's failures, as the gate writes them (release_gate.cpp, faults_json).
Json faults_of(const MatchSummary& s) {
  Json faults = Json::array();
  for (const FaultCounts& f : s.faults) {
    faults.push_back({{"crash", f.crash}, {"timeout", f.timeout}, {"illegal", f.illegal}, {"stalled", f.stalled}});
  }
  return faults;
}

// The records are this report's: its game, the candidate (and the baseline in the SPRT match) with the
// fingerprints the report states; the first record that differs is named. False when a record is of
// another game or lacks the candidate: nothing can be counted then.
bool check_engines(Checker& c, const std::string& what, const Json& data, const RecordsFile& file) {
  const std::string game = data["game"].get<std::string>();
  const std::string candidate = data["candidate"].value("fingerprint", std::string());
  const std::string baseline = data["baseline"].value("fingerprint", std::string());
  bool told = false;
  for (std::size_t i = 0; i < file.records.size(); ++i) {
    const PairRecord& r = file.records[i];
    const std::string where =
        " (" + fs::path(file.path).filename().string() + " line " + std::to_string(file.record_lines[i]) + ")";
    if (r.game != game) {
      c.mismatch(what + " records' game", game, r.game + where);
      return false;
    }
    if (r.engines[0].name != kCandidate) {
      c.mismatch(what + " records' first engine", kCandidate, r.engines[0].name + where);
      return false;
    }
    if (told) continue;
    if (r.engines[0].params_hash != candidate) {
      c.mismatch(what + " records' candidate fingerprint", candidate, r.engines[0].params_hash + where);
      told = true;
    } else if ((what == "match" || data[what].value("opponent", std::string()) == kClockReleaseOpponent) &&
               (r.engines[1].name != kBaseline || r.engines[1].params_hash != baseline)) {
      c.mismatch(what + " records' baseline", std::string(kBaseline) + " " + baseline,
                 r.engines[1].name + " " + r.engines[1].params_hash + where);
      told = true;
    }
  }
  return true;
}

// The bands of the suite a report names (for its axis rows): band name -> axis -> value.
std::map<std::string, std::map<std::string, std::string>> suite_tags(const Json& section, const std::string& project) {
  fs::path path = section["suite"].get<std::string>();
  if (path.is_relative()) path = fs::path(project) / path;
  std::map<std::string, std::map<std::string, std::string>> tags;
  for (const Band& band : read_band_suite(path.string()).bands) tags[band.name] = band.tags;
  return tags;
}

// Each band's and axis value's row of a match over a band suite, from the records of its bands. As the
// gate (band_results over every pair the match appended), all the file's records count here.
void check_bands(Checker& c, const std::string& what, const Json& section, const std::vector<PairRecord>& records,
                 const std::string& project, Json& recomputed) {
  std::optional<std::map<std::string, std::map<std::string, std::string>>> tags;
  for (std::size_t i = 0; i < section["bands"].size(); ++i) {
    const Json& row = section["bands"][i];
    const std::string axis = row.value("axis", std::string());
    const std::string name = row.value("band", std::string());
    if (!axis.empty() && !tags) {
      try {
        tags = suite_tags(section, project);
      } catch (const InputError& e) {
        c.mismatch(what + " band suite", shown(section["suite"]), std::string("unreadable: ") + e.what());
        return;
      }
    }
    const auto in_row = [&](const PairRecord& r) {
      if (axis.empty()) return r.band == name;
      const auto band = tags->find(r.band);
      return band != tags->end() && band->second.count(axis) && band->second.at(axis) == name;
    };
    std::vector<PairRecord> chosen;
    for (const PairRecord& r : records) {
      if (in_row(r)) chosen.push_back(r);
    }
    BandResult result{axis, name, wdl_counts(chosen, kCandidate), pentanomial_counts(chosen, kCandidate), {}};
    result.elo = estimate_elo(result.penta);
    const Json computed = band_results_json({result})[0];
    c.figures(what + " " + (axis.empty() ? "band " : "axis ") + result.label(), row, computed, {"games", "wdl", "pentanomial"},
              recomputed["bands"][i]);
  }
}

// One match of the report (`name`: "match" or "clock") against its records; the figures from the
// records go into recomputed[name].
void check_match(ReportCheck& check, Checker& c, const Json& data, const std::string& name, const fs::path& folder,
                 const std::string& project, Json& recomputed) {
  const Json& section = data[name];
  const std::string records_name = section["records"].get<std::string>();
  const fs::path path = folder / records_name;
  if (!fs::exists(path)) {
    c.mismatch(name + " records", records_name, "no such file beside the report");
    return;
  }
  RecordsFile file;
  try {
    file = read_records(path.string());
  } catch (const InputError& e) {
    c.mismatch(name + " records", records_name, std::string("unreadable: ") + e.what());
    return;
  }
  if (file.truncated_line) check.notes.push_back(truncation_warning(file));
  if (!check_engines(c, name, data, file)) return;

  std::optional<SprtConfig> sprt;
  if (name == "match" && section.contains("sprt")) {
    const Json& s = section["sprt"];
    sprt = SprtConfig{s["elo0"].get<double>(), s["elo1"].get<double>(), s["alpha"].get<double>(), s["beta"].get<double>(),
                      parse_elo_model(s["model"].get<std::string>())};
  }
  // The gate's own count: pairs 0, 1, 2, ... in order, up to the SPRT's verdict.
  const MatchSummary s = summarize(file.records, kCandidate, sprt);
  if (file.records.size() > s.pairs_counted) {
    check.notes.push_back(name + " records " + records_name + ": " + std::to_string(file.records.size()) + " pairs, " +
                          std::to_string(s.pairs_counted) + " counted (" +
                          (sprt && s.verdict && *s.verdict != SprtVerdict::Continue ? "the SPRT decided there"
                                                                                   : "the pairs after a missing one") +
                          ")");
  }
  const EloEstimate elo = estimate_elo(s.penta);
  Json computed = {{"games", s.wdl.games()}};
  if (name == "match") computed["pairs"] = s.pairs_counted;
  computed["wdl"] = wdl_json(s.wdl);
  computed["pentanomial"] = s.penta.cells;
  computed["score"] = elo.score;
  computed["elo"] = elo.elo;
  computed["elo_error"] = elo.elo_error;
  computed["elo_lower"] = elo.elo_lower;
  computed["elo_upper"] = elo.elo_upper;
  computed["los"] = elo.los;
  computed["faults"] = faults_of(s);
  c.figures(name, section, computed, {"games", "wdl", "pentanomial"}, recomputed[name]);
  if (sprt) {
    const SprtBounds bounds = sprt_bounds(sprt->alpha, sprt->beta);
    const Json computed_sprt = {{"llr", s.llr.value_or(0.0)},
                                {"lower", bounds.lower},
                                {"upper", bounds.upper},
                                {"verdict", std::string(to_string(s.verdict.value_or(SprtVerdict::Continue)))}};
    c.figures(name, section["sprt"], computed_sprt, {"llr", "verdict"}, recomputed[name]["sprt"]);
  }
  if (section.contains("bands")) check_bands(c, name, section, file.records, project, recomputed[name]);
}

// The lines of `markdown`'s section whose heading starts with `heading`, up to the next heading, each
// with its line number.
std::vector<std::pair<int, std::string>> section_lines(const std::string& markdown, const std::string& heading) {
  std::vector<std::pair<int, std::string>> lines;
  std::istringstream in(markdown);
  std::string line;
  bool inside = false;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.rfind("## ", 0) == 0) inside = line.rfind(heading, 0) == 0;
    if (inside) lines.emplace_back(n, line);
  }
  return lines;
}

// A line of the .md says what a line rendered today says: the same words, and the same numbers as
// values. Reports rendered before the renderer printed an even Elo as "+0.0" say "-0.0" there.
bool same_line(const std::string& stated, const std::string& wanted) {
  static const std::regex number(R"([-+]?[0-9]+(\.[0-9]+)?)");
  const auto words = [&](const std::string& line) { return std::regex_replace(line, number, "#"); };
  const auto values = [&](const std::string& line) {
    std::vector<double> out;
    for (auto it = std::sregex_iterator(line.begin(), line.end(), number); it != std::sregex_iterator(); ++it) {
      out.push_back(std::stod(it->str()));
    }
    return out;
  };
  return stated == wanted || (words(stated) == words(wanted) && values(stated) == values(wanted));
}

// The .md's match and clock sections, line by line, against the rendering of the figures from the records.
void check_markdown(ReportCheck& check, const fs::path& md_path, const Json& recomputed) {
  Checker c(check, md_path.string());
  if (!fs::exists(md_path)) {
    c.mismatch("the report", md_path.filename().string(), "no such file beside its data");
    return;
  }
  std::string wanted;
  try {
    wanted = release_report_markdown(recomputed);
  } catch (const nlohmann::json::exception& e) {
    c.mismatch("the report", "its data", std::string("cannot be rendered: ") + e.what());
    return;
  }
  const std::string stated = read_text_file(md_path.string());
  for (const char* heading : {"## Match", "## At the bot's clock"}) {
    const auto have = section_lines(stated, heading);
    const auto want = section_lines(wanted, heading);
    if (have.empty() && want.empty()) continue;
    const std::string what = "section '" + (have.empty() ? want : have)[0].second.substr(3) + "'";
    if (have.empty() || want.empty()) {
      c.mismatch(what, have.empty() ? "no such section" : "this section", want.empty() ? "no such section" : "this section");
      continue;
    }
    for (std::size_t i = 0; i < std::max(have.size(), want.size()); ++i) {
      if (i < have.size() && i < want.size() && same_line(have[i].second, want[i].second)) continue;
      const std::string h = i < have.size() ? "'" + have[i].second + "'" : "no such line";
      const std::string w = i < want.size() ? "'" + want[i].second + "'" : "no such line";
      const int at = i < have.size() ? have[i].first : have.back().first + 1;
      c.mismatch(what + " line " + std::to_string(at), h, w);
      break;  // one line says it; the lines after a missing one would all differ
    }
  }
}

}  // namespace

std::string to_string(const ReportMismatch& m) {
  return m.file + ": " + m.figure + ": the report states " + m.stated + ", the records give " + m.from_records;
}

ReportCheck check_release_report(const std::string& data_path, const std::string& project) {
  ReportCheck check;
  check.report = data_path;
  Json data;
  try {
    data = Json::parse(read_text_file(data_path));
  } catch (const nlohmann::json::exception& e) {
    throw InputError(data_path + ": not valid JSON (" + e.what() + ")");
  }
  if (!data.is_object() || !data.contains("game") || !data.contains("gate") || !data.contains("candidate") ||
      !data.contains("baseline")) {
    throw InputError(data_path + ": not a release report's data (no game, gate, candidate or baseline)");
  }
  const auto names_records = [&](const char* section) {
    return data.contains(section) && data[section].contains("records");
  };
  if (!data.contains("match") && !data.contains("clock")) {
    const std::string decision = shown(data["gate"].value("decision", Json("no decision")));
    check.skipped = "no match was played (" + decision + "): no records to check";
    return check;
  }
  if (!names_records("match") && !names_records("clock")) {
    check.skipped = "its matches kept no records file";
    return check;
  }
  try {
    const fs::path folder = fs::path(data_path).parent_path();
    Checker c(check, data_path);
    Json recomputed = data;
    for (const char* section : {"match", "clock"}) {
      if (names_records(section)) check_match(check, c, data, section, folder, project, recomputed);
      else if (data.contains(section)) check.notes.push_back(std::string(section) + ": no records file named, not checked");
    }
    check_markdown(check, fs::path(data_path).replace_extension(".md"), recomputed);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(data_path + ": a member of the report's data is missing or of the wrong type (" + e.what() + ")");
  }
  return check;
}

std::vector<std::string> release_report_files(const std::string& reports) {
  std::vector<std::string> files;
  if (!fs::is_directory(reports)) throw InputError(reports + ": not a folder of release reports");
  for (const auto& game : fs::directory_iterator(reports)) {
    if (!game.is_directory()) continue;
    for (const auto& entry : fs::directory_iterator(game.path())) {
      if (entry.is_regular_file() && entry.path().extension() == ".json") files.push_back(entry.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace gamelab::eval
