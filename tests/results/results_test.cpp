// `gamelab results` (eval/report/results.hpp): the committed pages it generates are current, every
// command docs/results.md prints computes again the figures it states, and every campaign and
// experiment folder has its README. The repository is read where it is (GAMELAB_SOURCE_DIR) and never
// written; the changes are made on a copy of what the command reads, in the temporary folder.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "common/run.hpp"
#include "common/temp_folder.hpp"
#include "core/text_file.hpp"
#include "eval/report/number_format.hpp"
#include "eval/report/results.hpp"

namespace fs = std::filesystem;
using gamelab::eval::report::fixed;
using gamelab::eval::report::signed_fixed;

namespace {

const fs::path kSource = GAMELAB_SOURCE_DIR;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The registry's games, as `gamelab games` lists them.
std::vector<gamelab::eval::report::ResultsGame> registry_games() {
  const auto run = gamelab_test::run("games", gamelab_test::Stderr::Discard);
  REQUIRE(run.status == 0);
  std::vector<gamelab::eval::report::ResultsGame> games;
  for (const auto& line : lines_of(run.output)) {
    const auto tab = line.find('\t');
    REQUIRE(tab != std::string::npos);
    games.push_back({line.substr(0, tab), line.substr(tab + 1, line.find('\t', tab + 1) - tab - 1)});
  }
  REQUIRE(games.size() >= 5);
  return games;
}

gamelab_test::Run results(const fs::path& root, const std::string& args = "") {
  return gamelab_test::run("results --root " + root.string() + (args.empty() ? "" : " " + args));
}

// What `gamelab results` reads, copied: each game's release.json, its release reports and their records,
// the experiments' READMEs, the campaign folders' READMEs and configurations, and the three pages.
struct RepositoryCopy {
  gamelab_test::TempFolder folder{"results_copy"};
  RepositoryCopy() {
    for (const auto& game : registry_games()) {
      const fs::path release = kSource / "engines" / game.name / "release.json";
      if (fs::exists(release)) copy(release);
      for (const auto& entry : fs::directory_iterator(kSource / "reports" / game.name)) {
        if (entry.is_regular_file()) copy(entry.path());
      }
    }
    for (const auto& game : fs::directory_iterator(kSource / "reports")) {
      if (!game.is_directory()) continue;
      const fs::path experiments = game.path() / "experiments";
      if (!fs::is_directory(experiments)) continue;
      for (const auto& entry : fs::directory_iterator(experiments)) {
        if (entry.is_regular_file()) copy(entry.path());
        if (!entry.is_directory()) continue;
        fs::create_directories(folder / fs::relative(entry.path(), kSource).string());
        copy(entry.path() / "README.md");
      }
    }
    copy(kSource / "reports" / "README.md");
    for (const auto& group : fs::directory_iterator(kSource / "tuner" / "campaigns")) {
      if (!group.is_directory()) continue;
      for (const auto& campaign : fs::directory_iterator(group.path())) {
        if (!campaign.is_directory()) continue;
        fs::create_directories(folder / fs::relative(campaign.path(), kSource).string());
        copy(campaign.path() / "README.md");
        copy(campaign.path() / "config.json");
      }
    }
    copy(kSource / "tuner" / "campaigns" / "README.md");
    copy(kSource / "docs" / "results.md");
  }
  void copy(const fs::path& from) const {
    if (!fs::exists(from)) return;
    const fs::path to = folder / fs::relative(from, kSource).string();
    fs::create_directories(to.parent_path());
    fs::copy_file(from, to, fs::copy_options::overwrite_existing);
  }
  fs::path path() const { return folder.path(); }
  std::string text(const std::string& relative) const { return gamelab::read_text_file((folder / relative).string()); }
};

}  // namespace

TEST_CASE("gamelab results --check passes on the repository: docs/results.md and the two READMEs are current",
          "[results]") {
  const auto run = results(kSource, "--check");
  INFO(run.output);
  CHECK(run.status == 0);
  CHECK_THAT(run.output, Catch::Contains("docs/results.md: current"));
  CHECK_THAT(run.output, Catch::Contains("reports/README.md: current"));
  CHECK_THAT(run.output, Catch::Contains("tuner/campaigns/README.md: current"));
}

TEST_CASE("every command of docs/results.md prints what the page says it prints, and the row's figures", "[results]") {
  const auto lines = lines_of(gamelab::read_text_file((kSource / "docs" / "results.md").string()));
  // Each game's section: its table rows by number ("| 3 | ..."), then its commands.
  std::map<std::string, std::string> rows;
  int commands = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (line.rfind("## ", 0) == 0) rows.clear();
    if (line.rfind("| ", 0) == 0) {
      const auto bar = line.find(" |", 2);
      rows[line.substr(2, bar - 2)] = line;
    }
    if (line.rfind("gamelab sprt ", 0) != 0) continue;
    ++commands;
    REQUIRE(i + 1 < lines.size());
    const std::string& stated = lines[i + 1];
    const std::string mark = "#   row ";
    REQUIRE(stated.rfind(mark, 0) == 0);
    const std::string row = stated.substr(mark.size(), stated.find(' ', mark.size()) - mark.size());
    const std::string prints = stated.substr(stated.find(": ") + 2);
    const bool counted_as_stated = i + 2 >= lines.size() || lines[i + 2].rfind("#   the records hold", 0) != 0;

    const auto run = gamelab_test::run_command("cd " + kSource.string() + " && " + std::string(GAMELAB_BINARY) +
                                                   line.substr(std::string("gamelab").size()) + " --json",
                                               gamelab_test::Stderr::Discard);
    INFO(line);
    REQUIRE(run.status == 0);
    const auto out = nlohmann::json::parse(run.output);
    std::string expected = out["statement"].get<std::string>() + "; Elo " + fixed(out["elo"], 2) + " +- " +
                           fixed(out["elo_error"], 2) + ", 95% [" + fixed(out["elo_interval"][0], 2) + ", " +
                           fixed(out["elo_interval"][1], 2) + "]";
    if (prints.find("; LLR ") != std::string::npos) {
      expected += "; LLR " + fixed(out["llr"], 3) + ", " + out["verdict"].get<std::string>();
    }
    CHECK(prints == expected);
    if (counted_as_stated) {
      REQUIRE(rows.count(row));
      const std::string wdl = std::to_string(out["wdl"][0].get<int>()) + "-" + std::to_string(out["wdl"][1].get<int>()) +
                              "-" + std::to_string(out["wdl"][2].get<int>());
      const std::string elo = signed_fixed(out["elo"], 1) + " [" + signed_fixed(out["elo_interval"][0], 1) + ", " +
                              signed_fixed(out["elo_interval"][1], 1) + "]";
      INFO(rows[row]);
      CHECK_THAT(rows[row], Catch::Contains("| " + std::to_string(out["games"].get<int>()) + " | " + wdl + " | " + elo + " |"));
      if (prints.find("; LLR ") != std::string::npos) {
        CHECK_THAT(rows[row], Catch::Contains(": LLR " + fixed(out["llr"], 2) + ", " + out["verdict"].get<std::string>() + " |"));
      }
    }
  }
  CHECK(commands >= 10);  // five games, a gate and a clock match each
}

TEST_CASE("every campaign folder has a README with its title and a Status line, released exactly when a release holds it",
          "[results]") {
  const auto games = registry_games();
  const auto released = gamelab::eval::report::released_campaigns(kSource.string(), games);
  const std::set<std::string> released_set(released.begin(), released.end());
  const auto& statuses = gamelab::eval::report::campaign_statuses();
  const auto folders = gamelab::eval::report::campaign_folders(kSource.string());
  CHECK(folders.size() >= 20);
  for (const auto& folder : folders) {
    INFO(folder.path);
    CHECK(folder.has_readme);
    CHECK(!folder.title.empty());
    CHECK(std::find(statuses.begin(), statuses.end(), folder.status) != statuses.end());
    CHECK((folder.status == "released") == (released_set.count(folder.path) == 1));
  }
  // The releases' campaigns are folders of tuner/campaigns/: each game's parameters, and the two learned
  // evaluations.
  for (const auto& path : released) CHECK(fs::is_directory(kSource / path));
  CHECK(released_set.count("tuner/campaigns/raichu/residual") == 1);
  CHECK(released_set.count("tuner/campaigns/jumpchess/eval-n1000-v10000") == 1);
}

TEST_CASE("every experiment folder of reports/ has a README with a title", "[results]") {
  const auto folders = gamelab::eval::report::experiment_folders(kSource.string(), registry_games());
  CHECK(folders.size() >= 30);
  for (const auto& folder : folders) {
    INFO(folder.path);
    CHECK(folder.has_readme);
    CHECK(!folder.title.empty());
  }
}

TEST_CASE("a changed release.json makes gamelab results --check fail naming the stale pages, and a rewrite fixes it",
          "[results]") {
  const RepositoryCopy copy;
  REQUIRE(results(copy.path()).status == 0);
  REQUIRE(results(copy.path(), "--check").status == 0);

  // Raichu's release named back to the hand-made release before it.
  const std::string release = "engines/raichu/release.json";
  auto data = nlohmann::json::parse(copy.text(release));
  data["report"] = "reports/raichu/2026-11-26-094310.md";
  data.erase("eval");
  std::ofstream(copy.path() / release) << data.dump(2) << "\n";

  const auto stale = results(copy.path(), "--check");
  CHECK(stale.status == 1);
  CHECK_THAT(stale.output, Catch::Contains("docs/results.md: stale"));
  CHECK_THAT(stale.output, Catch::Contains("reports/README.md: stale"));
  CHECK_THAT(stale.output, !Catch::Contains("tuner/campaigns/README.md: stale"));

  const auto rewrite = results(copy.path());
  CHECK(rewrite.status == 0);
  CHECK_THAT(rewrite.output, Catch::Contains("wrote docs/results.md"));
  CHECK_THAT(rewrite.output, Catch::Contains("current tuner/campaigns/README.md"));
  CHECK(results(copy.path(), "--check").status == 0);
  const std::string page = copy.text("docs/results.md");
  CHECK_THAT(page, Catch::Contains("[reports/raichu/2026-11-26-094310.md](../reports/raichu/2026-11-26-094310.md)"));
  CHECK_THAT(page, Catch::Contains("gamelab sprt --records reports/raichu/2026-11-26-094310.records.jsonl --sprt elo0=0,elo1=10"));
  // No temporary file is left beside the pages.
  for (const auto& entry : fs::directory_iterator(copy.path() / "docs")) CHECK(entry.path().filename() == "results.md");
}

TEST_CASE("a new experiment folder or campaign folder makes gamelab results --check fail, and a rewrite lists it", "[results]") {
  const RepositoryCopy copy;
  REQUIRE(results(copy.path()).status == 0);

  fs::create_directories(copy.path() / "reports/raichu/experiments/zz-new-match");
  std::ofstream(copy.path() / "reports/raichu/experiments/zz-new-match/README.md") << "# Raichu, a new match (issue 99)\n\nText.\n";
  auto stale = results(copy.path(), "--check");
  CHECK(stale.status == 1);
  CHECK_THAT(stale.output, Catch::Contains("reports/README.md: stale"));
  CHECK_THAT(stale.output, !Catch::Contains("docs/results.md: stale"));
  REQUIRE(results(copy.path()).status == 0);
  CHECK_THAT(copy.text("reports/README.md"),
             Catch::Contains("| [zz-new-match](raichu/experiments/zz-new-match/README.md) | Raichu, a new match (issue 99) |"));

  fs::create_directories(copy.path() / "tuner/campaigns/raichu/zz-new-campaign");
  stale = results(copy.path(), "--check");
  CHECK(stale.status == 1);
  CHECK_THAT(stale.output, Catch::Contains("tuner/campaigns/README.md: stale"));
  REQUIRE(results(copy.path()).status == 0);
  CHECK_THAT(copy.text("tuner/campaigns/README.md"), Catch::Contains("| [zz-new-campaign](raichu/zz-new-campaign/) |  | (none) | (no README) |"));
  std::ofstream(copy.path() / "tuner/campaigns/raichu/zz-new-campaign/README.md") << "# A new campaign\n\nStatus: **live**, running.\n";
  REQUIRE(results(copy.path()).status == 0);
  CHECK_THAT(copy.text("tuner/campaigns/README.md"),
             Catch::Contains("| [zz-new-campaign](raichu/zz-new-campaign/README.md) |  | live | A new campaign |"));
  CHECK(results(copy.path(), "--check").status == 0);
}

TEST_CASE("gamelab results refuses a root that is not the repository and a release that names a missing report, by name", "[results]") {
  const auto missing = results(kSource / "no-such-folder", "--check");
  CHECK(missing.status == 2);
  CHECK_THAT(missing.output, Catch::Contains("no-such-folder: not a folder"));

  const gamelab_test::TempFolder empty("results_empty");
  const auto elsewhere = results(empty.path(), "--check");
  CHECK(elsewhere.status == 2);
  CHECK_THAT(elsewhere.output, Catch::Contains(empty.path().string() + ": not the repository's root"));

  const RepositoryCopy copy;
  auto data = nlohmann::json::parse(copy.text("engines/dcms/release.json"));
  data["report"] = "reports/dcms/1999-01-01-000000.md";
  std::ofstream(copy.path() / "engines/dcms/release.json") << data.dump(2) << "\n";
  const std::string before = copy.text("docs/results.md");
  const auto run = results(copy.path());
  CHECK(run.status == 2);
  CHECK_THAT(run.output, Catch::Contains("engines/dcms/release.json: names the release report reports/dcms/1999-01-01-000000.md"));
  CHECK(copy.text("docs/results.md") == before);  // nothing written
}
