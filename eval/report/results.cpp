#include "eval/report/results.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>

#include "core/error.hpp"
#include "core/json_file.hpp"
#include "core/text_file.hpp"
#include "eval/records.hpp"
#include "eval/records_statement.hpp"
#include "eval/report/number_format.hpp"
#include "eval/stats/elo.hpp"
#include "eval/stats/sprt.hpp"

namespace gamelab::eval::report {

// Named, not anonymous: the unity build puts every file of eval/report in one translation unit.
namespace results_detail {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr const char* kResultsPage = "docs/results.md";
constexpr const char* kReportsPage = "reports/README.md";
constexpr const char* kCampaignsPage = "tuner/campaigns/README.md";
constexpr const char* kDefaults = "default parameters";

std::string text_of(const json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}
const json& member(const json& j, const char* key) {
  static const json none;
  return j.is_object() && j.contains(key) ? j[key] : none;
}
std::uint64_t count_of(const json& j, const char* key) {
  const json& v = member(j, key);
  return v.is_number_unsigned() || v.is_number_integer() ? v.get<std::uint64_t>() : 0;
}
double number_of(const json& j, const char* key) {
  const json& v = member(j, key);
  return v.is_number() ? v.get<double>() : 0.0;
}

// A table cell: no '|' and no line end breaks the row.
std::string cell(std::string text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += "\\|";
    else if (c == '\n' || c == '\r') out += ' ';
    else out += c;
  }
  return out;
}

// "0", "10", "0.5": a hypothesis or a rate as a user writes it.
std::string short_number(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", x);
  return buffer;
}

std::string date_of(const std::string& stamp) { return stamp.substr(0, 10); }

std::string wdl_text(const json& wdl) {
  return std::to_string(count_of(wdl, "wins")) + "-" + std::to_string(count_of(wdl, "draws")) + "-" +
         std::to_string(count_of(wdl, "losses"));
}

// "+40.3 [+22.7, +58.1]", from a match's or a clock's data.
std::string elo_text(const json& m) {
  double lower = number_of(m, "elo_lower"), upper = number_of(m, "elo_upper");
  if (!member(m, "elo_lower").is_number() && member(m, "elo_error").is_number()) {
    lower = number_of(m, "elo") - number_of(m, "elo_error");
    upper = number_of(m, "elo") + number_of(m, "elo_error");
  }
  return signed_fixed(number_of(m, "elo"), 1) + " [" + signed_fixed(lower, 1) + ", " + signed_fixed(upper, 1) + "]";
}

// The heading line of a README: its first line that starts with "# ".
struct ReadmeFacts {
  bool exists = false;
  std::string title, status;
};
ReadmeFacts readme_facts(const fs::path& readme) {
  ReadmeFacts facts;
  if (!fs::is_regular_file(readme)) return facts;
  facts.exists = true;
  std::istringstream in(read_text_file(readme.string()));
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (facts.title.empty() && line.rfind("# ", 0) == 0) facts.title = trim_blanks(line.substr(2));
    const std::string mark = "Status: **";
    if (facts.status.empty() && line.rfind(mark, 0) == 0) {
      const std::size_t end = line.find("**", mark.size());
      if (end != std::string::npos) facts.status = line.substr(mark.size(), end - mark.size());
    }
  }
  return facts;
}

std::vector<fs::path> sorted_entries(const fs::path& dir, bool folders) {
  std::vector<fs::path> out;
  if (!fs::is_directory(dir)) return out;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.is_directory() == folders) out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// One release report's data (reports/<game>/<id>.json).
struct Report {
  std::string id;    // the file's stem
  std::string file;  // relative to the root
  json data;
};

std::vector<Report> release_reports(const fs::path& root, const std::string& game) {
  std::vector<Report> out;
  for (const auto& file : sorted_entries(root / "reports" / game, false)) {
    if (file.extension() != ".json") continue;
    const std::string relative = fs::relative(file, root).string();
    json data = read_json_file(file.string());
    if (!data.is_object() || !data.contains("candidate") || !data.contains("gate")) continue;  // not a release's data
    out.push_back(Report{file.stem().string(), relative, std::move(data)});
  }
  return out;
}

// The release a report's baseline was: the latest earlier report whose candidate has the baseline's
// fingerprint. None when the baseline was the default parameters or no report holds it.
const Report* baseline_report(const std::vector<Report>& reports, const Report& report) {
  const json& baseline = member(report.data, "baseline");
  if (text_of(baseline, "source") == kDefaults) return nullptr;
  const std::string fingerprint = text_of(baseline, "fingerprint");
  const Report* found = nullptr;
  for (const auto& r : reports) {
    if (r.id < report.id && text_of(member(r.data, "candidate"), "fingerprint") == fingerprint && (!found || r.id > found->id)) {
      found = &r;
    }
  }
  return found;
}

// What a report's gate played against, in a few words.
std::string against_short(const std::vector<Report>& reports, const Report& report) {
  const std::string source = text_of(member(report.data, "baseline"), "source");
  if (source == kDefaults) return "the default parameters";
  if (const Report* before = baseline_report(reports, report)) {
    return "the release of " + date_of(text_of(before->data, "date")) + " (" + before->id + ")";
  }
  return "`" + source + "`";
}

// The current release of a game and the releases its baselines were, down to the default parameters.
struct GameRelease {
  std::string release_file;      // engines/<game>/release.json, relative
  json release;                  // its data
  std::vector<Report> reports;   // every release report of the game
  std::vector<const Report*> chain;  // chain[0]: the report release.json names
};

std::optional<GameRelease> game_release(const fs::path& root, const std::string& game) {
  const fs::path file = root / "engines" / game / "release.json";
  if (!fs::exists(file)) return std::nullopt;
  GameRelease out;
  out.release_file = fs::relative(file, root).string();
  out.release = read_json_file(file.string());
  out.reports = release_reports(root, game);
  const std::string named = text_of(out.release, "report");
  if (named.empty()) throw InputError(out.release_file + ": names no release report (\"report\")");
  const std::string data_file = fs::path(named).replace_extension(".json").string();
  const auto current = std::find_if(out.reports.begin(), out.reports.end(),
                                    [&](const Report& r) { return r.file == data_file; });
  if (current == out.reports.end()) {
    throw InputError(out.release_file + ": names the release report " + named + ", whose data " + data_file +
                     " is not a release report's data under " + (root / "reports" / game).string());
  }
  std::set<std::string> seen;
  for (const Report* r = &*current; r && seen.insert(r->id).second; r = baseline_report(out.reports, *r)) {
    out.chain.push_back(r);
  }
  return out;
}

// The campaign folder a path lies in (tuner/campaigns/<group>/<name>), or empty.
std::string campaign_of(const std::string& path) {
  const fs::path p(path);
  std::vector<std::string> parts;
  for (const auto& part : p) parts.push_back(part.string());
  if (parts.size() < 4 || parts[0] != "tuner" || parts[1] != "campaigns") return "";
  return parts[0] + "/" + parts[1] + "/" + parts[2] + "/" + parts[3];
}

std::string campaign_folder(const json& campaign) {
  if (campaign.is_string()) return campaign.get<std::string>();
  return text_of(campaign, "folder");
}

// The learned evaluation's share is measured alone when the gate's baseline was the candidate's own
// parameters without it: fingerprints "P+eval:E" against "P".
bool share_measured(const Report& report) {
  const json& candidate = member(report.data, "candidate");
  const std::string eval = text_of(member(candidate, "eval"), "fingerprint");
  return !eval.empty() && text_of(candidate, "fingerprint") ==
                              text_of(member(report.data, "baseline"), "fingerprint") + "+eval:" + eval;
}

// What `gamelab sprt --records FILE --sprt SPEC` prints of a records file, computed with the statistics
// the command uses.
struct Reproduction {
  std::string command;
  std::string prints;  // "208 games (104 pairs), W-D-L 27-178-3; Elo 40.27 +- 17.72, 95% [22.65, 58.09]; LLR 2.950, accept H1"
  std::uint64_t pairs = 0, games = 0;
  std::string wdl;
};

std::string sprt_spec(const json& sprt) {
  std::string spec = "elo0=" + short_number(number_of(sprt, "elo0")) + ",elo1=" + short_number(number_of(sprt, "elo1"));
  if (member(sprt, "alpha").is_number() && number_of(sprt, "alpha") != 0.05) spec += ",alpha=" + short_number(number_of(sprt, "alpha"));
  if (member(sprt, "beta").is_number() && number_of(sprt, "beta") != 0.05) spec += ",beta=" + short_number(number_of(sprt, "beta"));
  const std::string model = text_of(sprt, "model");
  if (!model.empty() && model != "logistic") spec += ",model=" + model;
  return spec;
}

Reproduction reproduce(const fs::path& root, const std::string& records, const json& sprt, bool with_llr) {
  Reproduction out;
  const RecordsFile file = read_records((root / records).string());
  if (file.records.empty()) throw InputError(records + ": no records");
  std::string engine;
  if (file.records.front().engines[0].name != "candidate") engine = "candidate";
  const RecordsStatement stated = [&] {
    try {
      return records_statement(file.records, engine);
    } catch (const InputError& error) {
      throw InputError(records + ": " + error.what());
    }
  }();
  SprtConfig config;
  config.elo0 = number_of(sprt, "elo0");
  config.elo1 = member(sprt, "elo1").is_number() ? number_of(sprt, "elo1") : 10.0;
  if (member(sprt, "alpha").is_number()) config.alpha = number_of(sprt, "alpha");
  if (member(sprt, "beta").is_number()) config.beta = number_of(sprt, "beta");
  if (!text_of(sprt, "model").empty()) config.model = parse_elo_model(text_of(sprt, "model"));
  json spec_source = sprt;
  spec_source["elo1"] = config.elo1;
  out.command = "gamelab sprt --records " + records + (engine.empty() ? "" : " --engine " + engine) + " --sprt " +
                sprt_spec(spec_source);
  const EloEstimate e = estimate_elo(stated.penta);
  out.prints = games_text(stated) + "; Elo " + fixed(e.elo, 2) + " +- " + fixed(e.elo_error, 2) + ", 95% [" +
               fixed(e.elo_lower, 2) + ", " + fixed(e.elo_upper, 2) + "]";
  if (with_llr) {
    const double llr = sprt_llr(stated.penta, config);
    out.prints += "; LLR " + fixed(llr, 3) + ", " + std::string(to_string(sprt_verdict(llr, sprt_bounds(config.alpha, config.beta))));
  }
  out.pairs = stated.penta.pairs();
  out.games = stated.wdl.games();
  out.wdl = std::to_string(stated.wdl.wins) + "-" + std::to_string(stated.wdl.draws) + "-" + std::to_string(stated.wdl.losses);
  return out;
}

// The command, what it prints, and a note when the records hold more than the report counted.
void command_block(std::ostringstream& out, const Reproduction& r, const json& m, const std::string& what) {
  out << r.command << "\n#   " << what << ": " << r.prints << "\n";
  const std::uint64_t games = count_of(m, "games");
  if (r.games != games) {
    out << "#   the records hold " << r.games << " games; the report counts " << games
        << (r.games > games ? " (the gate stopped at its verdict: the pairs after it are not counted)" : "") << "\n";
  } else if (r.wdl != wdl_text(member(m, "wdl"))) {
    out << "#   the report states W-D-L " << wdl_text(member(m, "wdl")) << ": it does not agree with its records\n";
  }
}

std::string game_title(const std::vector<ResultsGame>& games, const std::string& name) {
  for (const auto& g : games) {
    if (g.name == name) return g.title;
  }
  return name;
}

std::string against_text(const GameRelease& g, std::size_t k) {
  const Report& r = *g.chain[k];
  const json& baseline = member(r.data, "baseline");
  if (text_of(baseline, "source") == kDefaults) return "the default parameters";
  if (k + 1 < g.chain.size()) {
    return "the release of " + date_of(text_of(g.chain[k + 1]->data, "date")) + " (row " + std::to_string(2 * k + 3) + ")" +
           (share_measured(r) ? ", the same parameters without the learned evaluation" : "");
  }
  return "`" + text_of(baseline, "source") + "` (no release report holds it)";
}

std::string clock_against(const GameRelease& g, std::size_t k) {
  const std::string opponent = text_of(member(g.chain[k]->data, "clock"), "opponent");
  if (opponent.empty() || opponent == kDefaults) return "the default parameters";
  return against_text(g, k);
}

std::string eval_text(const json& eval) {
  const std::string form = text_of(eval, "form"), inputs = text_of(eval, "inputs"), mode = text_of(eval, "mode");
  std::string out = "`" + text_of(eval, "file") + "`";
  if (!form.empty()) out += ", a " + form + (inputs.empty() ? "" : " over " + inputs);
  out += mode == "replace" ? ", in place of the hand-made evaluation" : ", added to the hand-made evaluation";
  if (!text_of(eval, "source").empty()) out += ", from `" + text_of(eval, "source") + "`";
  return out;
}

// The parameters' campaign: the first campaign named along the chain (the release's own data first).
std::pair<std::string, std::string> params_campaign(const GameRelease& g) {
  if (!campaign_folder(member(g.release, "campaign")).empty()) {
    return {campaign_folder(member(g.release, "campaign")), g.release_file};
  }
  for (const Report* r : g.chain) {
    const std::string folder = campaign_folder(member(r->data, "campaign"));
    if (!folder.empty()) return {folder, r->file};
  }
  return {"", ""};
}

void game_section(std::ostringstream& out, const fs::path& root, const ResultsGame& game, const std::optional<GameRelease>& g) {
  out << "## " << game.title << "\n\n";
  if (!g) {
    out << "No release: `engines/" << game.name << "/release.json` is not there.\n\n";
    return;
  }
  const Report& current = *g->chain.front();
  const std::string md = text_of(g->release, "report");
  out << "The release, `" << g->release_file << "`: gated on " << date_of(text_of(current.data, "date")) << ", "
      << text_of(member(current.data, "gate"), "decision") << " (report [" << md << "](../" << md << ")).\n\n";
  const auto [campaign, named_by] = params_campaign(*g);
  if (!campaign.empty()) out << "- Its parameters: from the campaign `" << campaign << "` (named by `" << named_by << "`).\n";
  else out << "- Its parameters: no campaign named by its data or the reports before it.\n";
  const json& eval = member(g->release, "eval");
  if (eval.is_object()) out << "- Its learned evaluation: " << eval_text(eval) << ".\n";
  else out << "- Its learned evaluation: none; it plays its hand-made evaluation alone.\n";
  out << "\n";

  out << "| row | match | against | limit | games | W-D-L | Elo [95%] | SPRT |\n"
      << "| ---: | --- | --- | --- | ---: | --- | --- | --- |\n";
  std::ostringstream commands;
  for (std::size_t k = 0; k < g->chain.size(); ++k) {
    const Report& r = *g->chain[k];
    const std::string who = k == 0 ? "the release" : "the release of " + date_of(text_of(r.data, "date"));
    const std::string report_link = "[" + r.id + "](../" + fs::path(r.file).replace_extension(".md").string() + ")";
    const json& m = member(r.data, "match");
    const json& clock = member(r.data, "clock");
    const std::string row_gate = std::to_string(2 * k + 1), row_clock = std::to_string(2 * k + 2);
    if (m.is_object()) {
      const json& sprt = member(m, "sprt");
      const std::string suite = text_of(m, "suite");
      out << "| " << row_gate << " | " << who << " at the gate, " << report_link << " | " << cell(against_text(*g, k)) << " | "
          << cell(text_of(m, "limit") + (suite.empty() ? "" : ", the bands of `" + suite + "`")) << " | "
          << count_of(m, "games") << " | " << wdl_text(member(m, "wdl")) << " | " << elo_text(m) << " | "
          << "elo0 " << short_number(number_of(sprt, "elo0")) << ", elo1 " << short_number(number_of(sprt, "elo1"))
          << ": LLR " << fixed(number_of(sprt, "llr"), 2) << ", " << text_of(sprt, "verdict") << " |\n";
      if (!text_of(m, "records").empty()) {
        const std::string records = (fs::path(r.file).parent_path() / text_of(m, "records")).string();
        command_block(commands, reproduce(root, records, sprt, true), m, "row " + row_gate + " prints");
      }
    } else {
      out << "| " << row_gate << " | " << who << ", " << report_link << " | " << cell(against_text(*g, k))
          << " | no match: " << cell(text_of(member(r.data, "gate"), "decision")) << " | | | | |\n";
    }
    if (clock.is_object()) {
      const std::string note = text_of(clock, "note");
      out << "| " << row_clock << " | " << who << " at the clock | " << cell(clock_against(*g, k)) << " | "
          << cell(text_of(clock, "limit") + (note.empty() ? "" : " (" + note + ")")) << " | " << count_of(clock, "games")
          << " | " << wdl_text(member(clock, "wdl")) << " | " << elo_text(clock) << " | none |\n";
      if (!text_of(clock, "records").empty()) {
        const std::string records = (fs::path(r.file).parent_path() / text_of(clock, "records")).string();
        const json& sprt = m.is_object() ? member(m, "sprt") : json::object();
        command_block(commands, reproduce(root, records, sprt, false), clock,
                      "row " + row_clock + " prints");
      }
    } else {
      out << "| " << row_clock << " | " << who << " at the clock | | no clock match in its report | | | | |\n";
    }
  }
  out << "\n";

  out << "The learned evaluation's share: ";
  if (!eval.is_object()) {
    out << "none (no learned evaluation).\n\n";
  } else if (share_measured(current)) {
    const json& m = member(current.data, "match");
    const json& clock = member(current.data, "clock");
    out << "rows 1 and 2 measure it alone, as the gate played the release against the same parameters without "
           "its learned evaluation: " << elo_text(m) << " at the gate"
        << (clock.is_object() ? ", " + elo_text(clock) + " at the clock" : std::string()) << ".";
    if (g->chain.size() > 1) out << " The parameters' own gain is in rows 3 and 4.";
    out << "\n\n";
  } else {
    out << "not recorded. The gate's baseline was not the release's parameters without its learned evaluation, "
           "and no release data records what the learned evaluation gains alone.\n\n";
  }
  const std::string listed = commands.str();
  if (!listed.empty()) {
    out << "From the committed records (run from the repository's root; under each command, what it prints; a clock "
           "match has no SPRT, so the LLR its command prints is no verdict):\n\n"
        << "```\n" << listed << "```\n\n";
  }
}

// One row a game of a page's table of current releases: `row` writes the cells after the game's title for a
// game with a release (its newest report, that report's match); a game without one gets `empty_cells`.
void release_rows(std::ostringstream& out, const std::vector<ResultsGame>& games,
                  const std::map<std::string, std::optional<GameRelease>>& releases, int empty_cells,
                  const std::function<void(const GameRelease&, const Report&, const json& match)>& row) {
  for (const auto& game : games) {
    const auto& g = releases.at(game.name);
    out << "| " << cell(game.title) << " | ";
    if (!g) {
      out << "no release |";
      for (int k = 0; k < empty_cells; ++k) out << " |";
      out << "\n";
      continue;
    }
    const Report& r = *g->chain.front();
    row(*g, r, member(r.data, "match"));
  }
}

std::string results_page(const fs::path& root, const std::vector<ResultsGame>& games,
                         const std::map<std::string, std::optional<GameRelease>>& releases) {
  std::ostringstream out;
  out << "# Results: the current releases, with the commands that prove them\n\n"
      << "Generated by `gamelab results` from `engines/<game>/release.json` and the release reports they name "
         "(`reports/<game>/<id>.json`); `make test` fails when it is not current (`gamelab results --check`). "
         "Do not edit it by hand.\n\n"
      << "Every release went through the release gate ([tools/release.md](tools/release.md)): an SPRT match "
         "against the release before it (or the default parameters) at a node limit, over the bands of the "
         "tournament's range where the game has a band suite, then a match at the bot's clock. Elo is the "
         "logistic Elo of the game pairs with its 95% interval; W-D-L is the release's. Where a release's "
         "baseline was an earlier release, that release's own rows follow, down to the default parameters. "
         "Each figure comes with the command that computes it again from the committed records.\n\n";
  out << "| game | release report | at the gate | at the clock | learned evaluation |\n"
      << "| --- | --- | --- | --- | --- |\n";
  release_rows(out, games, releases, 3, [&](const GameRelease& release, const Report& r, const json& m) {
    const GameRelease* g = &release;
    const json& clock = member(r.data, "clock");
    const std::string md = text_of(g->release, "report");
    out << "[" << r.id << "](../" << md << ") | "
        << (m.is_object() ? elo_text(m) + ", " + std::to_string(count_of(m, "games")) + " games at " + text_of(m, "limit")
                          : std::string("no match"))
        << " | "
        << (clock.is_object()
                ? elo_text(clock) + ", " + std::to_string(count_of(clock, "games")) + " games at " + text_of(clock, "limit")
                : std::string("no clock match"))
        << " | "
        << (member(g->release, "eval").is_object()
                ? std::string(share_measured(r) ? "yes: its share is the gate's gain" : "yes: its share is not recorded")
                : std::string("none"))
        << " |\n";
  });
  out << "\n";
  for (const auto& game : games) game_section(out, root, game, releases.at(game.name));
  std::string text = out.str();
  while (text.size() > 1 && text[text.size() - 2] == '\n') text.pop_back();
  return text;
}

std::string reports_page(const fs::path& root, const std::vector<ResultsGame>& games,
                         const std::map<std::string, std::optional<GameRelease>>& releases) {
  std::ostringstream out;
  out << "# Reports\n\n"
      << "Generated by `gamelab results` (`make test` fails when it is not current): do not edit it by hand.\n\n"
      << "Each game's folder holds the reports of its releases, written by the release gate: `<id>.md`, its data "
         "`<id>.json` and the records of its matches (`<id>.records.jsonl`, `<id>.clock.records.jsonl`). Its "
         "`experiments/` folder holds the matches and analyses played for an issue, apart from the releases, "
         "each with a README that says what it measured and how. The current figures, with the commands that "
         "reproduce them, are in [docs/results.md](../docs/results.md).\n\n";
  out << "## Current releases\n\n| game | release report | gated | decision | against | at the gate |\n"
      << "| --- | --- | --- | --- | --- | --- |\n";
  release_rows(out, games, releases, 4, [&](const GameRelease& g, const Report& r, const json& m) {
    const std::string md = fs::path(r.file).replace_extension(".md").lexically_relative("reports").string();
    out << "[" << md << "](" << md << ") | " << date_of(text_of(r.data, "date")) << " | "
        << cell(text_of(member(r.data, "gate"), "decision")) << " | " << cell(against_short(g.reports, r)) << " | "
        << (m.is_object() ? elo_text(m) + " at " + text_of(m, "limit") : std::string()) << " |\n";
  });
  out << "\n## Experiments\n\n";
  for (const auto& game : games) {
    const fs::path dir = root / "reports" / game.name / "experiments";
    const auto folders = sorted_entries(dir, true);
    const auto files = sorted_entries(dir, false);
    if (folders.empty() && files.empty()) continue;
    out << "### " << game.title << " (`reports/" << game.name << "/experiments/`)\n\n";
    if (!folders.empty()) out << "| folder | what it measured |\n| --- | --- |\n";
    for (const auto& folder : folders) {
      const ReadmeFacts facts = readme_facts(folder / "README.md");
      const std::string name = folder.filename().string();
      const std::string link = game.name + "/experiments/" + name + "/" + (facts.exists ? "README.md" : "");
      out << "| [" << name << "](" << link << ") | " << cell(facts.exists ? facts.title : "(no README)") << " |\n";
    }
    if (!files.empty()) {
      out << (folders.empty() ? "" : "\n") << "Files beside the folders:";
      for (const auto& file : files) out << " `" << file.filename().string() << "`";
      out << ".\n";
    }
    out << "\n";
  }
  out << "## Older release reports\n\n| game | report | gated | decision | against | at the gate |\n"
      << "| --- | --- | --- | --- | --- | --- |\n";
  for (const auto& game : games) {
    const auto& g = releases.at(game.name);
    std::vector<Report> reports = g ? g->reports : release_reports(root, game.name);
    std::reverse(reports.begin(), reports.end());
    for (const auto& r : reports) {
      if (g && r.file == g->chain.front()->file) continue;
      const json& m = member(r.data, "match");
      const std::string md = fs::path(r.file).replace_extension(".md").lexically_relative("reports").string();
      out << "| " << cell(game.title) << " | [" << md << "](" << md << ") | " << date_of(text_of(r.data, "date")) << " | "
          << cell(text_of(member(r.data, "gate"), "decision")) << " | " << cell(against_short(reports, r)) << " | "
          << (m.is_object() ? elo_text(m) + " at " + text_of(m, "limit") : std::string("no match")) << " |\n";
    }
  }
  return out.str();
}

std::string campaigns_page(const fs::path& root, const std::vector<ResultsGame>& games) {
  std::ostringstream out;
  out << "# Tuning campaigns\n\n"
      << "Generated by `gamelab results` from each campaign folder's `config.json` and `README.md` (`make test` "
         "fails when it is not current): do not edit it by hand.\n\n"
      << "A campaign folder is a campaign's whole state: its configuration, its journal, its results and the "
         "records of its matches. Its README says what it tried, the command that made it, and its status:\n\n"
      << "- **live**: running, or stopped midway; its README gives the command that continues it;\n"
      << "- **released**: its result is in `engines/<game>/release.json`;\n"
      << "- **historical**: finished, or set aside, and not released; kept for what it measured.\n";
  std::string group;
  for (const auto& folder : campaign_folders(root.string())) {
    const fs::path p(folder.path);
    const std::string this_group = p.parent_path().filename().string();
    if (this_group != group) {
      group = this_group;
      out << "\n## " << game_title(games, group) << " (`tuner/campaigns/" << group << "/`)\n\n"
          << "| campaign | kind | status | what it tried |\n| --- | --- | --- | --- |\n";
    }
    const std::string name = p.filename().string();
    out << "| [" << name << "](" << group << "/" << name << "/" << (folder.has_readme ? "README.md" : "") << ") | "
        << cell(folder.kind) << " | " << (folder.status.empty() ? "(none)" : cell(folder.status)) << " | "
        << cell(folder.has_readme ? folder.title : "(no README)") << " |\n";
  }
  return out.str();
}

std::map<std::string, std::optional<GameRelease>> all_releases(const fs::path& root, const std::vector<ResultsGame>& games) {
  std::map<std::string, std::optional<GameRelease>> out;
  for (const auto& game : games) out.emplace(game.name, game_release(root, game.name));
  return out;
}

}  // namespace results_detail

std::vector<GeneratedPage> results_pages(const std::string& root, const std::vector<ResultsGame>& games) {
  using namespace results_detail;
  using results_detail::member;
  using results_detail::text_of;
  if (!fs::is_directory(root)) throw InputError(root + ": not a folder (the repository's root)");
  if (!fs::is_directory(fs::path(root) / "engines") || !fs::is_directory(fs::path(root) / "reports")) {
    throw InputError(root + ": not the repository's root (it has no engines/ or no reports/ folder): run from the root "
                            "or give --root");
  }
  const auto releases = all_releases(root, games);
  return {{kResultsPage, results_page(root, games, releases)},
          {kReportsPage, reports_page(root, games, releases)},
          {kCampaignsPage, campaigns_page(root, games)}};
}

std::vector<std::string> stale_pages(const std::string& root, const std::vector<GeneratedPage>& pages) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  for (const auto& page : pages) {
    const fs::path file = fs::path(root) / page.path;
    if (!fs::is_regular_file(file) || read_text_file(file.string()) != page.text) out.push_back(page.path);
  }
  return out;
}

std::vector<std::string> write_pages(const std::string& root, const std::vector<GeneratedPage>& pages) {
  namespace fs = std::filesystem;
  std::vector<std::string> written;
  for (const auto& path : stale_pages(root, pages)) {
    for (const auto& page : pages) {
      if (page.path != path) continue;
      const fs::path file = fs::path(root) / page.path;
      fs::create_directories(file.parent_path());
      write_file_atomic(file.string(), page.text);
      written.push_back(page.path);
    }
  }
  return written;
}

namespace {

// A folder, with what its README says of it (title and status).
ReadmeFolder readme_folder(const std::filesystem::path& folder, const std::string& root) {
  const results_detail::ReadmeFacts facts = results_detail::readme_facts(folder / "README.md");
  ReadmeFolder f;
  f.path = std::filesystem::relative(folder, root).string();
  f.has_readme = facts.exists;
  f.title = facts.title;
  f.status = facts.status;
  return f;
}

}  // namespace

std::vector<ReadmeFolder> campaign_folders(const std::string& root) {
  using namespace results_detail;
  using results_detail::member;
  using results_detail::text_of;
  std::vector<ReadmeFolder> out;
  for (const auto& group : sorted_entries(fs::path(root) / "tuner" / "campaigns", true)) {
    for (const auto& folder : sorted_entries(group, true)) {
      ReadmeFolder f = readme_folder(folder, root);
      if (fs::is_regular_file(folder / "config.json")) {
        try {
          f.kind = text_of(read_json_file((folder / "config.json").string()), "kind");
        } catch (const InputError&) {
          f.kind = "";  // a config that is not JSON: the campaign's own commands refuse it by name
        }
      }
      out.push_back(std::move(f));
    }
  }
  return out;
}

std::vector<ReadmeFolder> experiment_folders(const std::string& root, const std::vector<ResultsGame>& games) {
  using namespace results_detail;
  using results_detail::member;
  using results_detail::text_of;
  std::vector<ReadmeFolder> out;
  for (const auto& game : games) {
    for (const auto& folder : sorted_entries(fs::path(root) / "reports" / game.name / "experiments", true)) {
      out.push_back(readme_folder(folder, root));
    }
  }
  return out;
}

std::vector<std::string> released_campaigns(const std::string& root, const std::vector<ResultsGame>& games) {
  using namespace results_detail;
  using results_detail::member;
  using results_detail::text_of;
  std::set<std::string> out;
  for (const auto& [name, g] : all_releases(root, games)) {
    if (!g) continue;
    const std::string own = campaign_folder(member(g->release, "campaign"));
    if (!own.empty()) out.insert(own);
    for (const Report* r : g->chain) {
      const std::string folder = campaign_folder(member(r->data, "campaign"));
      if (!folder.empty()) out.insert(folder);
    }
    const std::string learned = campaign_of(text_of(member(g->release, "eval"), "source"));
    if (!learned.empty()) out.insert(learned);
  }
  return {out.begin(), out.end()};
}

}  // namespace gamelab::eval::report
