// The report generator on the committed fixtures: the numbers in summary.md (derived here by hand or
// from the statistics commands' own output), the HTML's well-formedness, and the command's errors.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "core/error.hpp"
#include "eval/report/number_format.hpp"
#include "eval/report/report.hpp"
#include "html_check.hpp"
#include "run.hpp"

using namespace gamelab::eval::report;
using report_test::count_of;
using report_test::kFixtures;

namespace {

struct Rendered {
  std::string html, markdown;
};

Rendered render(const std::vector<std::string>& inputs, const ReportOptions& options = {}) {
  const Document doc = build_report(inputs, options);
  return {render_html(doc), render_markdown(doc)};
}

// The value `gamelab sprt` prints after `label` (the rest of its line, spaces trimmed).
std::string sprt_value(const std::string& output, const std::string& label) {
  std::istringstream in(output);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(label, 0) == 0) return line.substr(line.find_first_not_of(' ', label.size()));
  }
  FAIL("gamelab sprt printed no " << label << " line:\n" << output);
  return "";
}

void check_well_formed(const std::string& html) {
  const auto problems = report_test::html_problems(html);
  INFO("first problems: " << (problems.empty() ? "" : problems.front()) << (problems.size() > 1 ? "; " + problems[1] : ""));
  CHECK(problems.empty());
  CHECK(html.find("<script") == std::string::npos);  // nothing to run
  CHECK(html.find("http://") == html.find("http://www.w3.org/2000/svg"));  // no link out but the SVG namespace
  CHECK(html.find("https://") == std::string::npos);
}

}  // namespace

TEST_CASE("a match report counts the pairs gamelab match counts and prints its numbers", "[report]") {
  const auto r = render({kFixtures + "match.jsonl"});
  const std::string& md = r.markdown;
  // By hand from the fixture: pairs 0-7 (pair 8 is missing, so pair 9 is not counted); new's pairs
  // score WW, WD, DD, LW, WL, DL, WW, LL.
  CHECK_THAT(md, Catch::Contains("- records: " + kFixtures + "match.jsonl: 9 pairs, 8 counted\n"));
  CHECK_THAT(md, Catch::Contains("- games: 16 (8 pairs)\n"));
  CHECK_THAT(md, Catch::Contains("- W-D-L: 7-4-5\n"));
  CHECK_THAT(md, Catch::Contains("- score: 0.5625\n"));
  CHECK_THAT(md, Catch::Contains("| pairs | 1 | 1 | 3 | 1 | 2 |\n"));
  CHECK_THAT(md, Catch::Contains("| share | 12.5 % | 12.5 % | 37.5 % | 12.5 % | 25.0 % |\n"));
  // Elo of the score 9/16, computed here: -400 log10(1/s - 1).
  const double elo = -400 * std::log10(1 / 0.5625 - 1);
  CHECK_THAT(md, Catch::Contains("- Elo: " + fixed(elo, 2) + " +- "));
  CHECK(fixed(elo, 2) == "43.66");
  // Every statistic as `gamelab sprt` prints it for the same pentanomial and test.
  const auto sprt = report_test::run_gamelab("sprt --penta 1,1,3,1,2 --elo0 0 --elo1 5");
  REQUIRE(sprt.status == 0);
  std::string elo_line = sprt_value(sprt.output, "Elo");  // "43.66 +- 172.40  95% [-117.20, 227.60]"
  elo_line.replace(elo_line.find("  95%"), 5, ", 95%");
  CHECK_THAT(md, Catch::Contains("- Elo: " + elo_line + "\n"));
  CHECK_THAT(md, Catch::Contains("- nElo: " + sprt_value(sprt.output, "nElo") + "\n"));
  CHECK_THAT(md, Catch::Contains("- LOS: " + sprt_value(sprt.output, "LOS") + "\n"));
  CHECK_THAT(md, Catch::Contains("- draw ratio: " + sprt_value(sprt.output, "draw ratio") + "\n"));
  CHECK_THAT(md, Catch::Contains("- SPRT: " + sprt_value(sprt.output, "SPRT") + " (not stored in the records"));
  std::string llr_line = sprt_value(sprt.output, "LLR");  // "0.031  bounds [-2.944, 2.944]"
  llr_line.replace(llr_line.find("  bounds"), 8, ", bounds");
  CHECK_THAT(md, Catch::Contains("- LLR: " + llr_line + "\n"));
  CHECK_THAT(md, Catch::Contains("- verdict: " + sprt_value(sprt.output, "verdict") + "\n"));
  // What gamelab match printed at its end, verbatim.
  CHECK_THAT(md, Catch::Contains("new vs old: 16 games (8 pairs), W-D-L 7-4-5, score 56.2%\n"));
  CHECK_THAT(md, Catch::Contains("new failures: 1 crash, 0 timeout, 0 illegal, 0 stalled\n"));
  // Game lengths: the 16 counted games' plies, sorted: 12 20 33 40 47 52 58 61 66 71 75 80 88 99 118 120.
  CHECK_THAT(md, Catch::Contains("- plies: shortest 12, median 61, mean 65.0, longest 120\n"));
  // By opening: A (pairs 0, 3, 6) WW LW WW; B (1, 4, 7) WD WL LL; C (2, 5) DD DL.
  CHECK_THAT(md, Catch::Contains("| 3 | 5-0-1 | 83.3 % |\n"));
  CHECK_THAT(md, Catch::Contains("| 3 | 2-1-3 | 41.7 % |\n"));
  CHECK_THAT(md, Catch::Contains("| 2 | 0-3-1 | 37.5 % |\n"));
  CHECK_THAT(md, Catch::Contains("| 8 w ..b.b.b.b.b.b.b.b................................... | 3 |"));
  // The position file's comment line is not its name.
  CHECK_THAT(md, Catch::Contains("| 3 | 8 w ....b.b.b.b.b.b.b"));
  // Failures and endings.
  CHECK_THAT(md, Catch::Contains("| new | 1 | 0 | 0 | 0 |\n"));
  CHECK_THAT(md, Catch::Contains("| old | 0 | 1 | 0 | 0 |\n"));
  CHECK_THAT(md, Catch::Contains("| no pieces left | 10 |\n"));
  CHECK_THAT(md, Catch::Contains("| draw: ply limit | 4 |\n"));
  CHECK_THAT(md, Catch::Contains("| old: timeout: no move within 1 s | 1 |\n"));
  // The page: well-formed, with its three charts (LLR, Elo, lengths) drawn inline.
  check_well_formed(r.html);
  CHECK(count_of(r.html, "<svg") == 3);
  CHECK_THAT(r.html, Catch::Contains("accept H1 (2.944)"));
  // The same numbers in both renderings.
  CHECK_THAT(r.html, Catch::Contains("<dt>Elo</dt><dd>" + elo_line + "</dd>"));
}

TEST_CASE("with the match's SPRT, the report counts what the SPRT counted", "[report]") {
  ReportOptions options;
  gamelab::eval::SprtConfig sprt;
  sprt.elo0 = -10;
  sprt.elo1 = 10;
  options.sprt = sprt;
  const auto md = render({kFixtures + "match.jsonl"}, options).markdown;
  const auto cli = report_test::run_gamelab("sprt --penta 1,1,3,1,2 --elo0 -10 --elo1 10");
  std::string llr_line = sprt_value(cli.output, "LLR");
  llr_line.replace(llr_line.find("  bounds"), 8, ", bounds");
  CHECK_THAT(md, Catch::Contains("- LLR: " + llr_line + "\n"));
  CHECK_THAT(md, Catch::Contains("- SPRT: logistic Elo, H0 -10.00, H1 10.00, alpha 0.05, beta 0.05 (--sprt)\n"));
  CHECK_THAT(md, Catch::Contains("SPRT elo0=-10 elo1=10 (logistic): LLR"));  // gamelab match's own line
}

TEST_CASE("several records files make a rating list with the numbers of gamelab ratings", "[report]") {
  const std::vector<std::string> files = {kFixtures + "alpha_beta.jsonl", kFixtures + "beta_gamma.jsonl",
                                          kFixtures + "alpha_gamma.jsonl"};
  const auto r = render(files);
  const std::string& md = r.markdown;
  const auto cli = report_test::run_gamelab("ratings " + files[0] + " " + files[1] + " " + files[2]);
  REQUIRE(cli.status == 0);
  // Each engine's line of `gamelab ratings` (rank, name, rating, +-, games, score%) is a row of the table.
  const std::regex row(R"(^\s*(\d+)\s+(\w+)\s+(-?[\d.]+)\s+(-|[\d.]+)\s+(\d+)\s+([\d.]+)$)");
  std::istringstream in(cli.output);
  std::string line;
  int rows = 0;
  while (std::getline(in, line)) {
    std::smatch m;
    if (!std::regex_match(line, m, row)) continue;
    ++rows;
    CHECK_THAT(md, Catch::Contains("| " + m[1].str() + " | " + m[2].str() + " | " + m[3].str() + " | " + m[4].str() + " |"));
    CHECK_THAT(md, Catch::Contains("| " + m[5].str() + " | ") && Catch::Contains(" | " + m[6].str() + " |\n"));
  }
  CHECK(rows == 3);
  // Head to head, by hand: alpha scored 5.5/8 against beta and 4/6 against gamma; beta 4/8 against gamma.
  CHECK_THAT(md, Catch::Contains("| alpha |  | 66.7% (6) | 68.8% (8) |\n"));
  CHECK_THAT(md, Catch::Contains("| beta | 31.2% (8) | 50.0% (8) |  |\n"));
  CHECK_THAT(md, Catch::Contains("| " + escape_markdown(files[0]) + " | alpha vs beta | 8 | 4-3-1 | 0.6875 |"));
  check_well_formed(r.html);
  CHECK(count_of(r.html, "<circle") == 3);  // one dot per engine in the error-bar chart
}

TEST_CASE("an SPSA campaign report shows trajectories, values and the verification", "[report]") {
  const auto r = render({kFixtures + "spsa"});
  const std::string& md = r.markdown;
  CHECK_THAT(md, Catch::Contains("- iterations: 10 of 10, 2 game pairs each at nodes=150\n"));
  // journal.jsonl's W-D-L summed over the 10 iterations (40 games).
  CHECK_THAT(md, Catch::Contains("- games: 40, plus engine W-D-L 5-35-0\n"));
  // Start (config.json), current.json, best.json, bounds, and the change of the last theta (journal):
  // eval_material_raichu 900 -> 891.97..., range 3000: -0.27 %.
  CHECK_THAT(md, Catch::Contains("| eval\\_material\\_raichu | 900 | 892 | 892 | 0 | 3000 | -0.27 |\n"));
  CHECK_THAT(md, Catch::Contains("| eval\\_promotion\\_threats | 150 | 146 | 146 | 0 | 1000 | -0.42 |\n"));
  // verify.json's verdict, and its match drawn from verify.jsonl with its SPRT.
  CHECK_THAT(md, Catch::Contains("- verdict: continue\n"));
  CHECK_THAT(md, Catch::Contains("- W-D-L: 0-10-0\n"));
  CHECK_THAT(md, Catch::Contains("- SPRT: logistic Elo, H0 0.00, H1 50.00, alpha 0.05, beta 0.05 (from verify.json)\n"));
  CHECK_THAT(md, Catch::Contains("- LLR: -0.764, bounds [-2.944, 2.944]\n"));
  check_well_formed(r.html);
  CHECK(count_of(r.html, "<polyline") >= 15 + 2 + 15);  // 15 trajectories, the score, 15 sparklines
  CHECK(md.find("<svg") == std::string::npos);          // the sparkline column stays out of the Markdown
}

TEST_CASE("a Texel campaign report shows the errors per epoch and the weights before and after", "[report]") {
  const auto r = render({kFixtures + "texel"});
  const std::string& md = r.markdown;
  CHECK_THAT(md, Catch::Contains("- epochs: 40 of 40, learning rate 2.0, validation fraction 0.1\n"));
  // journal.jsonl: epoch 0 and epoch 40 (the best, the last).
  CHECK_THAT(md, Catch::Contains("- training MSE: 0.003204 at epoch 0, 0.003191 at the best epoch, 0.003191 at the last\n"));
  CHECK_THAT(md, Catch::Contains("- validation MSE: 0.005410 at epoch 0, 0.005389 at the best epoch, 0.005389 at the last\n"));
  CHECK_THAT(md, Catch::Contains("- best epoch: 40\n"));
  // config.json's base set against best.json.
  CHECK_THAT(md, Catch::Contains("| eval\\_material\\_pichu | 100 | 39 | -61 | 0 | 400 |\n"));
  CHECK_THAT(md, Catch::Contains("| eval\\_tempo | 10 | -35 | -45 | -100 | 200 |\n"));
  CHECK_THAT(md, Catch::Contains("| eval\\_threatened\\_pichu | 60 | 60 | 0 | 0 | 400 |\n"));
  check_well_formed(r.html);
  CHECK(count_of(r.html, "<polyline") == 2);
}

TEST_CASE("a release report shows perft, bench, the match and the gate's verdict", "[report]") {
  const auto r = render({kFixtures + "release/2026-11-23-024708.json"});
  const std::string& md = r.markdown;
  CHECK_THAT(md, Catch::Contains("- gate: forced (--force given)\n"));
  CHECK_THAT(md, Catch::Contains("- counts: 54 of 54 match\n"));
  CHECK_THAT(md, Catch::Contains("- result: ok\n"));
  CHECK_THAT(md, Catch::Contains("- signature: 1032214 nodes with the released parameters\n"));
  CHECK_THAT(md, Catch::Contains("- speed: 951241 nodes/s (1.09 s)\n"));
  CHECK_THAT(md, Catch::Contains("- W-D-L: 1-17-12\n"));
  // The records beside it are drawn as a match and agree with the gate's figures.
  CHECK_THAT(md, Catch::Contains("records: " + kFixtures + "release/2026-11-23-024708.records.jsonl: 15 pairs, 15 counted"));
  CHECK_THAT(md, Catch::Contains("pentanomial [2, 7, 6, 0, 0]"));
  CHECK(count_of(md, "- LLR: -0.438, bounds [-2.944, 2.944]\n") == 2);
  CHECK_THAT(md, Catch::Contains("| eval\\_tempo | -35 | -100 | 200 |\n"));
  check_well_formed(r.html);
}

TEST_CASE("all kinds on one page, and the same inputs give the same bytes", "[report]") {
  const std::vector<std::string> inputs = {kFixtures + "spsa", kFixtures + "texel", kFixtures + "release/2026-11-23-024708.json",
                                           kFixtures + "alpha_beta.jsonl", kFixtures + "beta_gamma.jsonl"};
  const auto one = render(inputs), two = render(inputs);
  CHECK(one.html == two.html);
  CHECK(one.markdown == two.markdown);
  check_well_formed(one.html);
  CHECK_THAT(one.html, Catch::Contains("<nav>"));
  CHECK(count_of(one.markdown, "\n## ") == 4);  // rating list, SPSA, Texel, release
  // Ids are unique (charts' clip paths and section anchors).
  std::set<std::string> ids;
  const std::regex id(R"re( id="([^"]+)")re");
  for (auto it = std::sregex_iterator(one.html.begin(), one.html.end(), id); it != std::sregex_iterator(); ++it) {
    CHECK(ids.insert((*it)[1].str()).second);
  }
}

TEST_CASE("gamelab report writes index.html and summary.md, and names bad inputs", "[report][cli]") {
  const std::string out = "report_cli_out";
  std::filesystem::remove_all(out);
  auto run = report_test::run_gamelab("report " + kFixtures + "match.jsonl --out " + out);
  CHECK(run.status == 0);
  CHECK_THAT(run.output, Catch::Contains("wrote " + out + "/index.html and " + out + "/summary.md"));
  CHECK(report_test::file_text(out + "/summary.md") == render({kFixtures + "match.jsonl"}).markdown);
  CHECK(report_test::html_problems(report_test::file_text(out + "/index.html")).empty());

  run = report_test::run_gamelab("report no_such_file.jsonl --out " + out);
  CHECK(run.status != 0);
  CHECK_THAT(run.output, Catch::Contains("no_such_file.jsonl: no such file or folder"));
  run = report_test::run_gamelab("report " + kFixtures + " --out " + out);
  CHECK(run.status != 0);
  CHECK_THAT(run.output, Catch::Contains("a folder without config.json"));
  run = report_test::run_gamelab("report " + kFixtures + "texel/config.json --out " + out);
  CHECK(run.status != 0);
  CHECK_THAT(run.output, Catch::Contains("texel/config.json:1: malformed record"));
  run = report_test::run_gamelab("report " + kFixtures + "match.jsonl --out " + out + " --sprt elo0=5,elo1=0");
  CHECK(run.status != 0);
}

TEST_CASE("a cut-off last line is noted, not fatal", "[report]") {
  const std::string path = "report_cut.jsonl";
  const std::string text = report_test::file_text(kFixtures + "match.jsonl");
  {
    std::ofstream out(path, std::ios::binary);
    out << text << "{\"game\": \"raichu\", \"pair\": 10, \"se";
  }
  const auto md = render({path}).markdown;
  CHECK_THAT(md, Catch::Contains("- W-D-L: 7-4-5\n"));
  CHECK_THAT(md, Catch::Contains("report\\_cut.jsonl:10: truncated last line"));
}

TEST_CASE("boards of several lines are told apart in the results by opening", "[report]") {
  // Two board files with the same first line (their size), as simultaneous games' records hold them.
  const std::string path = "report_boards.jsonl";
  std::string text = report_test::file_text(kFixtures + "match.jsonl");
  for (const auto& [from, to] : {std::pair<std::string, std::string>{"8 w ..b.b", "5 5\\n#####\\n#B.R#\\n#####\\n..b.b"},
                                 {"8 b .b.b", "5 5\\n#####\\n#R.B#\\n#####\\n.b.b"}}) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
  }
  std::ofstream(path, std::ios::binary) << text;
  const auto md = render({path}).markdown;
  const std::regex label(R"(\| 5 5 \(\d lines, #[0-9a-f]{8}\) \|)");
  std::set<std::string> labels;
  for (auto it = std::sregex_iterator(md.begin(), md.end(), label); it != std::sregex_iterator(); ++it) labels.insert(it->str());
  CHECK(labels.size() == 2);
}

TEST_CASE("a game's reports folder makes its release history, Elo over the defaults chained release by release", "[report]") {
  const auto r = render({kFixtures + "history"});
  const std::string& md = r.markdown;
  CHECK_THAT(md, Catch::Contains("- releases: 3\n"));
  // The forced release of the defaults is the origin; the first tuned release measured against it;
  // the second against the first: 30 + 20, half-widths hypot(20, 0) and hypot(15, 20) = 25.
  CHECK_THAT(md, Catch::Contains("| 2026-01-01-000000 | forced | default parameters | - | default parameters | no match | - | 0.0 [0.0, 0.0] |"));
  CHECK_THAT(md, Catch::Contains("| tuner/campaigns/raichu/x | engines/raichu/release.json | 800 games at nodes=10000, accept H1 | +30.0 [+10.0, +50.0] | +30.0 [+10.0, +50.0] |"));
  CHECK_THAT(md, Catch::Contains("| +20.0 [+5.0, +35.0] | +50.0 [+25.0, +75.0] chained |"));
  // Each release follows with its own section.
  CHECK(count_of(md, "Release: raichu 2026-01-0") == 3);
  check_well_formed(r.html);
  CHECK(count_of(r.html, "<polyline") >= 1);  // the progression
}
