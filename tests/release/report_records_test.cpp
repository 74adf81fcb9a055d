// Every committed release report states what its records give (issue 34): reports/<game>/<id>.json and
// its .md against <id>.records.jsonl and <id>.clock.records.jsonl, recomputed with the project's own
// statistics (eval/release/report_check.hpp). The reports are read where they are committed
// (GAMELAB_SOURCE_DIR) and never written; the refusals are shown on copies in the temporary folder.
#include <catch2/catch.hpp>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "common/temp_folder.hpp"
#include "core/text_file.hpp"
#include "eval/records.hpp"
#include "eval/records_statement.hpp"
#include "eval/release/report_check.hpp"
#include "eval/release/release_report.hpp"

using namespace gamelab;
namespace fs = std::filesystem;

namespace {

// Committed reports known not to agree with their records, each with its reason. This is the one place
// such a report is named: remove its line once its records are restored. A listed report that agrees
// with its records (or is no longer there) fails the test, so that the list cannot outlive its reason.
// Empty: reports/bullets/2026-11-26-051848 was the one (a git checkout under the running gate had sent
// 49 of its 104 pairs into an unlinked file, fixed in b52e008); its records were replayed from the
// gate's seed, the first 55 pairs byte for byte as committed, and agree with it since.
const std::map<std::string, std::string> kKnownDisagreements = {};

struct Audit {
  std::vector<std::string> failures;  // what fails the test
  std::vector<std::string> lines;     // one line per report (and its notes), for the test's output
};

// The checks against the list of known disagreements, reports named relative to `root`.
Audit audit(const std::vector<eval::ReportCheck>& checks, const std::map<std::string, std::string>& known,
            const fs::path& root) {
  Audit a;
  std::map<std::string, bool> seen;
  for (const auto& check : checks) {
    const std::string name = fs::relative(check.report, root).string();
    const auto listed = known.find(name);
    if (listed != known.end()) seen[name] = true;
    if (!check.skipped.empty()) {
      a.lines.push_back("skipped   " + name + ": " + check.skipped);
    } else if (check.mismatches.empty()) {
      a.lines.push_back("agrees    " + name);
    } else if (listed != known.end()) {
      a.lines.push_back("known     " + name + ": " + listed->second + "; " + std::to_string(check.mismatches.size()) +
                        " figures differ, the first: " + to_string(check.mismatches.front()));
    } else {
      a.lines.push_back("DISAGREES " + name);
      for (const auto& m : check.mismatches) a.failures.push_back(to_string(m));
    }
    for (const auto& note : check.notes) a.lines.push_back("          note: " + note);
    if (listed != known.end() && check.mismatches.empty()) {
      a.failures.push_back(name + " agrees with its records now (" + (check.skipped.empty() ? "every figure" : check.skipped) +
                           "): remove it from kKnownDisagreements (" + listed->second + ")");
    }
  }
  for (const auto& [name, reason] : known) {
    if (!seen.count(name)) {
      a.failures.push_back("kKnownDisagreements names " + name + ", which is not a release report here (" + reason + ")");
    }
  }
  return a;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& line : lines) out += line + "\n";
  return out;
}

std::vector<std::string> mismatch_texts(const eval::ReportCheck& check) {
  std::vector<std::string> out;
  for (const auto& m : check.mismatches) out.push_back(to_string(m));
  return out;
}

// A copy of a committed report (its data, its .md and the records beside them) in a temporary folder.
struct ReportCopy {
  gamelab_test::TempFolder folder;
  std::string id;
  ReportCopy(const std::string& game, const std::string& report_id) : folder("report_check_" + report_id), id(report_id) {
    const fs::path from = fs::path(GAMELAB_SOURCE_DIR) / "reports" / game;
    for (const char* suffix : {".json", ".md", ".records.jsonl", ".clock.records.jsonl"}) {
      if (fs::exists(from / (id + suffix))) fs::copy_file(from / (id + suffix), folder / (id + suffix));
    }
  }
  std::string path(const std::string& suffix) const { return (folder / (id + suffix)).string(); }
  eval::ReportCheck check() const { return eval::check_release_report(path(".json"), GAMELAB_SOURCE_DIR); }

  std::vector<std::string> lines(const std::string& suffix) const {
    std::istringstream in(read_text_file(path(suffix)));
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
  }
  void write(const std::string& suffix, const std::vector<std::string>& lines) const {
    std::ofstream out(path(suffix), std::ios::trunc);
    for (const auto& line : lines) out << line << "\n";
  }
};

const char* const kGame = "raichu";
const char* const kId = "2026-11-26-094310";  // a match over a band suite and a clock match, both with records

}  // namespace

TEST_CASE("every committed release report states the games, W-D-L and verdict its records give", "[report_check]") {
  const fs::path root = GAMELAB_SOURCE_DIR;
  std::vector<eval::ReportCheck> checks;
  for (const auto& file : eval::release_report_files((root / "reports").string())) {
    checks.push_back(eval::check_release_report(file, root.string()));
  }
  REQUIRE(checks.size() >= 10);
  const Audit a = audit(checks, kKnownDisagreements, root);
  WARN("release reports against their records:\n" << joined(a.lines));
  for (const auto& failure : a.failures) FAIL_CHECK(failure);
}

TEST_CASE("a report whose records lack its last pair is refused, naming the file, the figure and both values", "[report_check]") {
  const ReportCopy copy(kGame, kId);
  REQUIRE(copy.check().agrees());
  auto lines = copy.lines(".records.jsonl");
  lines.pop_back();  // pair 103
  copy.write(".records.jsonl", lines);

  const auto check = copy.check();
  const std::string text = joined(mismatch_texts(check));
  CHECK(!check.agrees());
  CHECK_THAT(text, Catch::Contains(copy.path(".json") + ": match games: the report states 208, the records give 206\n"));
  CHECK_THAT(text, Catch::Contains(copy.path(".json") + ": match pairs: the report states 104, the records give 103\n"));
  CHECK_THAT(text, Catch::Contains(copy.path(".json") + ": match SPRT verdict: the report states accept H1, the records give continue\n"));
  CHECK_THAT(text, Catch::Contains(copy.path(".md") + ": section 'Match: candidate vs baseline' line 29: the report states '- 208 "
                                   "games (104 pairs; at most 4000) at nodes=8000, seed 1', the records give '- 206 games (103 pairs; "
                                   "at most 4000) at nodes=8000, seed 1'\n"));
  // The clock match's records are untouched: it still agrees.
  CHECK_THAT(text, !Catch::Contains(": clock "));
}

TEST_CASE("a report whose records lack a pair in the middle counts the pairs before it, as the gate does", "[report_check]") {
  const ReportCopy copy(kGame, kId);
  auto lines = copy.lines(".records.jsonl");
  lines.erase(lines.begin() + 50);  // pair 50
  copy.write(".records.jsonl", lines);

  const auto check = copy.check();
  const std::string text = joined(mismatch_texts(check));
  CHECK_THAT(text, Catch::Contains(copy.path(".json") + ": match games: the report states 208, the records give 100\n"));
  REQUIRE(check.notes.size() == 1);
  CHECK(check.notes[0] ==
        "match records " + std::string(kId) + ".records.jsonl: 103 pairs, 50 counted (the pairs after a missing one)");
}

TEST_CASE("a report whose records have a changed result is refused", "[report_check]") {
  const ReportCopy copy(kGame, kId);
  auto lines = copy.lines(".records.jsonl");
  // Pair 103's second game, baseline first, was drawn: the baseline wins it now, the candidate loses.
  eval::PairRecord last = eval::parse_record_line(lines.back());
  REQUIRE(last.pair == 103);
  REQUIRE(last.games[1].seats[0] == "baseline");
  REQUIRE(last.games[1].result == eval::GameResult::Draw);
  last.games[1].result = eval::GameResult::Win;
  last.games[1].score = 1.0;
  lines.back() = eval::to_json_line(last);
  copy.write(".records.jsonl", lines);

  const auto check = copy.check();
  const std::string text = joined(mismatch_texts(check));
  CHECK(!check.agrees());
  CHECK_THAT(text, Catch::Contains(copy.path(".json") + ": match W-D-L: the report states 31-169-8, the records give 31-168-9\n"));
  CHECK_THAT(text, Catch::Contains(copy.path(".json") +
                                   ": match pentanomial: the report states [0,6,69,29,0], the records give [0,6,70,28,0]\n"));
  CHECK_THAT(text, Catch::Contains(copy.path(".json") + ": match band n=14 W-D-L: the report states "));
  CHECK_THAT(text, Catch::Contains(copy.path(".md") + ": section 'Match: candidate vs baseline' line 30: the report states '- W-D-L "
                                   "31-169-8, score 55.5%, pentanomial [0,6,69,29,0]', the records give '- W-D-L 31-168-9, score 55.3%, "
                                   "pentanomial [0,6,70,28,0]'\n"));
  CHECK_THAT(text, !Catch::Contains("match games:"));
}

TEST_CASE("a report over a band suite is refused when a pair's band changes, by band and by axis value", "[report_check]") {
  const ReportCopy copy("dcms", "2026-11-26-095642");  // bands "variant size", axes variant and size
  REQUIRE(copy.check().agrees());
  auto lines = copy.lines(".records.jsonl");
  eval::PairRecord first = eval::parse_record_line(lines.front());
  REQUIRE(first.band == "mouse small");  // two draws: the match's totals stay
  first.band = "full large";
  lines.front() = eval::to_json_line(first);
  copy.write(".records.jsonl", lines);

  const std::string text = joined(mismatch_texts(copy.check()));
  const std::string json = copy.path(".json") + ": match ";
  CHECK_THAT(text, Catch::Contains(json + "band mouse small games: the report states 58, the records give 56\n"));
  CHECK_THAT(text, Catch::Contains(json + "band full large games: the report states 58, the records give 60\n"));
  CHECK_THAT(text, Catch::Contains(json + "axis variant mouse games: the report states 116, the records give 114\n"));
  CHECK_THAT(text, Catch::Contains(json + "axis size large W-D-L: the report states 32-75-9, the records give 32-77-9\n"));
  CHECK_THAT(text, Catch::Contains(copy.path(".md") + ": section 'Match: candidate vs baseline' line "));
  CHECK_THAT(text, Catch::Contains("the report states '| **mouse small** | 58 | 0-58-0 |"));
  CHECK_THAT(text, !Catch::Contains(json + "games:"));
  CHECK_THAT(text, !Catch::Contains(": clock "));
}

TEST_CASE("a report whose clock records are missing or of another candidate is refused", "[report_check]") {
  const ReportCopy copy(kGame, kId);
  SECTION("missing") {
    fs::remove(copy.path(".clock.records.jsonl"));
    const auto texts = mismatch_texts(copy.check());
    REQUIRE(texts.size() == 1);
    CHECK(texts[0] == copy.path(".json") + ": clock records: the report states " + kId +
                          ".clock.records.jsonl, the records give no such file beside the report");
  }
  SECTION("another candidate") {
    auto lines = copy.lines(".clock.records.jsonl");
    eval::PairRecord first = eval::parse_record_line(lines.front());
    first.engines[0].params_hash = "0123456789abcdef";
    lines.front() = eval::to_json_line(first);
    copy.write(".clock.records.jsonl", lines);
    const auto texts = mismatch_texts(copy.check());
    REQUIRE(texts.size() == 1);
    CHECK(texts[0] == copy.path(".json") + ": clock records' candidate fingerprint: the report states 3b050f457799c43d, the "
                          "records give 0123456789abcdef (" + kId + ".clock.records.jsonl line 1)");
  }
}

TEST_CASE("a report that states no match is skipped, not failed", "[report_check]") {
  const ReportCopy copy("raichu", "2026-11-23-022950");  // the first release: the defaults, forced
  const auto check = copy.check();
  CHECK(check.mismatches.empty());
  CHECK(check.skipped == "no match was played (forced): no records to check");
  CHECK(!check.agrees());
}

TEST_CASE("the list of known disagreements cannot name a report that agrees or is not there", "[report_check]") {
  const ReportCopy copy(kGame, kId);
  const std::vector<eval::ReportCheck> checks = {copy.check()};
  const std::string name = std::string(kId) + ".json";
  const Audit listed = audit(checks, {{name, "records being replayed"}}, copy.folder.path());
  REQUIRE(listed.failures.size() == 1);
  CHECK(listed.failures[0] == name + " agrees with its records now (every figure): remove it from kKnownDisagreements (records "
                                     "being replayed)");
  const Audit gone = audit(checks, {{"reports/raichu/gone.json", "why"}}, copy.folder.path());
  REQUIRE(gone.failures.size() == 1);
  CHECK(gone.failures[0] == "kKnownDisagreements names reports/raichu/gone.json, which is not a release report here (why)");
  // A listed report that disagrees is reported, not failed; an unlisted one fails with each figure.
  auto lines = copy.lines(".records.jsonl");
  lines.pop_back();
  copy.write(".records.jsonl", lines);
  const std::vector<eval::ReportCheck> broken = {copy.check()};
  CHECK(audit(broken, {{name, "being replayed"}}, copy.folder.path()).failures.empty());
  CHECK(audit(broken, {}, copy.folder.path()).failures.size() == broken[0].mismatches.size());
}

TEST_CASE("a clock match taken up from the records of an earlier run is not said to be played at the gate's concurrency",
          "[report_check]") {
  // Jump chess's learned release: its 28 clock games were played one at a time by `gamelab match` before
  // the gate (run with --concurrency 2) took them up with --clock-records --resume.
  auto data = nlohmann::ordered_json::parse(
      read_text_file(std::string(GAMELAB_SOURCE_DIR) + "/reports/jumpchess/2026-11-27-125144.json"));
  REQUIRE(data["clock"]["games"] == 28);
  const auto clock_line = [&data] {
    const std::string md = eval::release_report_markdown(data);
    const std::size_t at = md.find("- 28 games at movetime=2950");
    REQUIRE(at != std::string::npos);
    return md.substr(at, md.find('\n', at) - at);
  };
  CHECK(clock_line() == "- 28 games at movetime=2950 (timed: the games vary from run to run), all taken up from the records of "
                        "a match played before the gate (`--clock-records --resume`), seed 1");
  data["clock"]["resumed_games"] = 10;
  CHECK(clock_line() == "- 28 games at movetime=2950 (timed: the games vary from run to run), 10 taken up from the records of "
                        "an earlier run, 18 played 2 at once, seed 1");
  data["clock"].erase("resumed_games");  // a report written before the field: every game played by the gate
  CHECK(clock_line() == "- 28 games at movetime=2950 (timed: the games vary from run to run), 2 at once, seed 1");
}

namespace {

// A README's words with the Markdown bold marks taken out and every run of blanks and line ends made
// one blank, so that a statement may wrap or be set in bold.
std::string plain_words(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, "**") == 0) {
      ++i;
      continue;
    }
    const char c = text[i];
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

// Every records file in a folder of reports/<game>/experiments/ (the matches played for an issue, apart
// from the release gate's own reports) must be stated by the folder's README.md in the words `gamelab sprt --records`
// prints: "N games (P pairs), W-D-L w-d-l", from the side of the first engine of its first record. The
// failures, each naming the file and what is missing.
std::vector<std::string> folder_statement_failures(const fs::path& reports, std::vector<std::string>& lines) {
  std::vector<std::string> failures;
  std::vector<fs::path> folders;
  for (const auto& game : fs::directory_iterator(reports)) {
    if (!game.is_directory() || !fs::is_directory(game.path() / "experiments")) continue;
    for (const auto& folder : fs::directory_iterator(game.path() / "experiments")) {
      if (folder.is_directory()) folders.push_back(folder.path());
    }
  }
  std::sort(folders.begin(), folders.end());
  for (const auto& folder : folders) {
    std::vector<fs::path> records;
    for (const auto& file : fs::directory_iterator(folder)) {
      const std::string name = file.path().filename().string();
      if (name.size() >= 13 && name.compare(name.size() - 13, 13, "records.jsonl") == 0) records.push_back(file.path());
    }
    std::sort(records.begin(), records.end());
    if (records.empty()) continue;
    const fs::path readme = folder / "README.md";
    const auto shown = [&](const fs::path& path) { return fs::relative(path, reports.parent_path()).string(); };
    if (!fs::exists(readme)) {
      failures.push_back(shown(readme) + ": missing; it must state what " + records.front().filename().string() +
                         " holds");
      continue;
    }
    const std::string words = plain_words(read_text_file(readme.string()));
    for (const auto& file : records) {
      const eval::RecordsFile read = eval::read_records(file.string());
      if (read.records.empty()) {  // a match just begun: nothing to state yet
        lines.push_back("empty     " + shown(file));
        continue;
      }
      const eval::RecordsStatement statement = eval::records_statement(read.records);
      const std::string expected = eval::games_text(statement);
      if (words.find(expected) == std::string::npos) {
        failures.push_back(shown(readme) + ": does not state '" + expected + "' (" + statement.engine + "'s side), what " +
                           shown(file) + " holds (gamelab sprt --records FILE --elo0 0 --elo1 10 prints it)");
      } else {
        lines.push_back("states    " + shown(file) + ": " + expected);
      }
    }
  }
  return failures;
}

}  // namespace

TEST_CASE("every report folder's README states the games, pairs and W-D-L of each records file in it", "[report_check]") {
  std::vector<std::string> lines;
  const auto failures = folder_statement_failures(fs::path(GAMELAB_SOURCE_DIR) / "reports", lines);
  CHECK(lines.size() >= 40);
  WARN("report folders against their records:\n" << joined(lines));
  for (const auto& failure : failures) FAIL_CHECK(failure);
}

TEST_CASE("a report folder whose README misses its records' figures, or is missing, is refused by name", "[report_check]") {
  gamelab_test::TempFolder folder("report_folders");
  // A release report's clock records: frozen with the report (a match folder's records grow as it goes on).
  const fs::path source = fs::path(GAMELAB_SOURCE_DIR) / "reports/raichu/2026-11-28-071645.clock.records.jsonl";
  fs::create_directories(folder / "raichu/experiments/match");
  fs::copy_file(source, folder / "raichu/experiments/match/records.jsonl");
  std::vector<std::string> lines;
  {
    const auto failures = folder_statement_failures(folder.path(), lines);
    REQUIRE(failures.size() == 1);
    CHECK_THAT(failures[0], Catch::Contains("raichu/experiments/match/README.md: missing"));
  }
  const eval::RecordsStatement statement = eval::records_statement(eval::read_records(source.string()).records);
  CHECK(statement.engine == "candidate");
  CHECK(eval::games_text(statement) == "64 games (32 pairs), W-D-L 8-55-1");
  CHECK(eval::pentanomial_text(statement.penta) == "pentanomial [0, 0, 26, 5, 1]");
  {
    std::ofstream(folder / "raichu/experiments/match/README.md") << "Where it stopped: **62 games (31 pairs), W-D-L\n8-53-1**.\n";
    const auto failures = folder_statement_failures(folder.path(), lines);
    REQUIRE(failures.size() == 1);
    CHECK_THAT(failures[0], Catch::Contains("does not state '64 games (32 pairs), W-D-L 8-55-1' (candidate's side)"));
  }
  std::ofstream(folder / "raichu/experiments/match/README.md") << "Where it stopped: **64 games (32 pairs), W-D-L\n8-55-1**.\n";
  CHECK(folder_statement_failures(folder.path(), lines).empty());
}
