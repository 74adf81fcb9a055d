// The release gate from the command line (`gamelab release`), writing into a temporary project folder
// (--root) so that the real engines/ and reports/ are never touched.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>

#include "core/params.hpp"
#include "core/process.hpp"
#include "core/text_file.hpp"
#include "eval/release/report_check.hpp"
#include "raichu/eval.hpp"

using namespace gamelab;
namespace fs = std::filesystem;

namespace {

struct Root {
  fs::path dir;
  explicit Root(const std::string& name) : dir(fs::temp_directory_path() / ("gamelab_release_test_" + name)) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Root() { fs::remove_all(dir); }
  std::string path(const std::string& relative) const { return (dir / relative).string(); }
  // Every file under the folder, relative to it.
  std::vector<std::string> files() const {
    std::vector<std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
      if (e.is_regular_file()) out.push_back(fs::relative(e.path(), dir).string());
    }
    std::sort(out.begin(), out.end());
    return out;
  }
};

ProcessResult run_gamelab(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {GAMELAB_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_process(argv, "", 600);
}

std::vector<std::string> release_args(const Root& root, const std::string& params, std::vector<std::string> more) {
  std::vector<std::string> args = {"release", "raichu", "--params", params, "--root", root.dir.string()};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// Default parameters with every evaluation weight at zero but mobility: a much weaker player.
std::string write_weak_params(const Root& root) {
  ParamSet weak = raichu::default_params();
  for (std::size_t i = 0; i < raichu::kFeatureCount; ++i) {
    const Param& p = weak.at(i);
    if (p.name != "eval_mobility") weak.set(p.name, std::clamp(0, p.min, p.max));
  }
  const std::string path = root.path("weak.json");
  weak.save_file(path);
  return path;
}

nlohmann::json read_json(const std::string& path) { return nlohmann::json::parse(read_text_file(path)); }

}  // namespace

TEST_CASE("gamelab release --force freezes the defaults: release.json, the report and its data", "[release][gate]") {
  Root root("forced");
  const ProcessResult r = run_gamelab(release_args(root, "defaults", {"--force"}));
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("cmake --build") && Catch::Contains("--target release_bots"));
  const auto files = root.files();
  REQUIRE(files.size() == 3);  // no match, so no records
  CHECK(files[0] == "engines/raichu/release.json");
  CHECK(std::regex_match(files[1], std::regex(R"(reports/raichu/\d{4}-\d\d-\d\d-\d{6}\.json)")));
  CHECK(files[2] == files[1].substr(0, files[1].size() - 5) + ".md");

  const auto release = read_json(root.path(files[0]));
  CHECK(release["game"] == "raichu");
  const ParamSet params = ParamSet::from_json(release["params"].dump(), raichu::default_params(), "release.json");
  CHECK(params == raichu::default_params());
  CHECK(release["perft"] == "ok");
  CHECK(release["bench"]["depth"] == read_json(std::string(GAMELAB_DATA_DIR) + "/bench/raichu.json")["depth"]);
  CHECK(release["bench"]["nodes"] ==
        read_json(std::string(GAMELAB_SOURCE_DIR) + "/engines/raichu/bench_signature.json")["nodes"]);  // the defaults' signature
  CHECK(release["verdict"]["decision"] == "forced");
  CHECK(release["verdict"]["forced"] == true);
  CHECK(release["verdict"]["sprt"].is_null());
  CHECK(std::regex_match(release["date"].get<std::string>(), std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")));
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(params.fingerprint()));
  CHECK(release["source_params_fingerprint"] == hex);
  CHECK(release["report"] == files[2]);

  const auto data = read_json(root.path(files[1]));
  CHECK(data["gate"]["passed"] == true);
  CHECK(data["perft"]["result"] == "ok");
  CHECK(data["perft"]["matching"] == data["perft"]["counts"]);
  CHECK(data["bench"]["build_signature"]["result"] == "matches");
  const std::string report = read_text_file(root.path(files[2]));
  CHECK_THAT(report, Catch::Contains("gate: **forced** (--force given)"));
  CHECK_THAT(report, Catch::Contains("| eval_material_pichu | 100 |"));

  // The next gate's baseline is this release: the same parameters again are refused without --force.
  const ProcessResult again = run_gamelab(release_args(root, "defaults", {}));
  CHECK(again.exit_code == 2);
  CHECK_THAT(again.err, Catch::Contains("the parameters are the baseline's (" + root.path("engines/raichu/release.json")));
  // A release.json is also a parameter file: its "params" member.
  const ProcessResult same = run_gamelab(release_args(root, root.path(files[0]), {}));
  CHECK(same.exit_code == 2);
  CHECK_THAT(same.err, Catch::Contains("the parameters are the baseline's"));
  CHECK(root.files() == files);
}

TEST_CASE("gamelab release: a perft mismatch is never released, even with --force", "[release][gate]") {
  Root root("perft");
  auto dataset = read_json(std::string(GAMELAB_DATA_DIR) + "/perft/raichu.json");
  dataset["positions"][0]["counts"][0] = dataset["positions"][0]["counts"][0].get<int>() + 1;
  write_file_atomic(root.path("broken.json"), dataset.dump());
  const ProcessResult r = run_gamelab(release_args(root, "defaults", {"--force", "--perft-dataset", root.path("broken.json")}));
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Catch::Contains("**MISMATCH**") && Catch::Contains("release refused"));
  CHECK_THAT(r.out, Catch::Contains("--force never releases a failing move generator"));
  CHECK(root.files() == std::vector<std::string>{"broken.json"});
}

TEST_CASE("gamelab release: without an SPRT acceptance nothing is written and the records are kept", "[release][gate]") {
  Root root("rejected");
  const std::string weak = write_weak_params(root);
  const std::string records = root.path("records.jsonl");
  const ProcessResult r =
      run_gamelab(release_args(root, weak, {"--games", "4", "--limit", "depth=1", "--records", records}));
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Catch::Contains("the SPRT did not accept H1 (verdict: ") && Catch::Contains("after 4 games"));
  CHECK_THAT(r.out, Catch::Contains("match records kept in " + records));
  CHECK(root.files() == std::vector<std::string>{"records.jsonl", "weak.json"});
}

TEST_CASE("gamelab release: an SPRT that accepts H1 releases, with the match and its records in the report", "[release][gate]") {
  Root root("accepted");
  // The current release is a weak configuration; the defaults must beat it.
  const std::string weak = write_weak_params(root);
  REQUIRE(run_gamelab(release_args(root, weak, {"--force"})).exit_code == 0);
  const auto before = root.files();
  const ProcessResult r = run_gamelab(release_args(
      root, "defaults", {"--games", "200", "--limit", "depth=2", "--sprt", "elo0=0,elo1=150,alpha=0.1,beta=0.1", "--concurrency", "2"}));
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  const auto release = read_json(root.path("engines/raichu/release.json"));
  CHECK(release["verdict"]["decision"] == "accepted by SPRT");
  CHECK(release["verdict"]["forced"] == false);
  CHECK(release["verdict"]["sprt"]["verdict"] == "accept H1");
  CHECK(release["verdict"]["sprt"]["llr"].get<double>() >= release["verdict"]["sprt"]["upper"].get<double>());
  CHECK(ParamSet::from_json(release["params"].dump(), raichu::default_params(), "release.json") == raichu::default_params());
  const std::string md = release["report"];
  const std::string id = md.substr(std::string("reports/raichu/").size(), md.size() - 18);
  const auto data = read_json(root.path("reports/raichu/" + id + ".json"));
  CHECK(data["baseline"]["source"] == "engines/raichu/release.json");  // relative to the project, not this machine
  CHECK(data["match"]["records"] == id + ".records.jsonl");
  CHECK(fs::exists(root.path("reports/raichu/" + id + ".records.jsonl")));
  CHECK_THAT(read_text_file(root.path(md)), Catch::Contains("**accept H1**"));
  CHECK(root.files().size() == before.size() + 3);  // data, report, records; release.json replaced
  // Without --openings or --boards the match plays the game's band suite: every n of the tournament.
  CHECK(data["match"]["suite"] == "datasets/gate/raichu.json");
  CHECK(release["verdict"]["suite"] == "datasets/gate/raichu.json");
  REQUIRE(data["match"]["bands"].size() == 5);  // n = 8, 10, 12, 14, 16 (the one axis n adds no rows)
  CHECK(data["match"]["bands"][4]["band"] == "n=16");
  CHECK(data["match"]["bands"][4]["games"].get<int>() > 0);
  CHECK_THAT(read_text_file(root.path(md)), Catch::Contains("| **n=12** |"));
}

TEST_CASE("gamelab release: a band or the clock lost beyond its interval is named among the refusals", "[release][gate][timed]") {
  Root root("bands");
  const std::string weak = write_weak_params(root);
  const std::string suite = root.path("suite.json");
  write_file_atomic(suite, std::string(R"({"game": "raichu", "axes": ["n"], "bands": [
      {"name": "n=8", "tags": {"n": "8"}, "openings": ")") + GAMELAB_DATA_DIR + R"(/openings/raichu-gate.json"},
      {"name": "n=10", "tags": {"n": "10"}, "openings": ")" + GAMELAB_DATA_DIR + R"(/openings/raichu-n10-gate.json"}]})");
  const ProcessResult r = run_gamelab(release_args(
      root, weak, {"--games", "20", "--limit", "depth=2", "--suite", suite, "--clock-limit", "movetime=5", "--clock-games", "10",
                   "--clock-note", "a stand-in for the bot's 1 s", "--records", root.path("records.jsonl")}));
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  // The weak candidate loses everywhere: on the bands of the SPRT match and at the clock.
  CHECK_THAT(r.out, Catch::Contains("match: loses on n=") && Catch::Contains("(a loss beyond its 95% interval)"));
  CHECK_THAT(r.out, Catch::Contains("clock match: loses to the defaults at movetime=5"));
  CHECK_THAT(r.out, Catch::Contains("## At the bot's clock: candidate vs the default parameters") &&
                        Catch::Contains("10 games at movetime=5") && Catch::Contains("**loses**") &&
                        Catch::Contains("- the clock: a stand-in for the bot's 1 s"));
  CHECK_THAT(r.out, Catch::Contains("clock match records kept in "));
  const std::string kept = r.out.substr(r.out.find("clock match records kept in ") + 28);
  const std::string clock_records = kept.substr(0, kept.find('\n'));
  CHECK(read_text_file(clock_records).find("\"band\":\"n=10\"") != std::string::npos);
  std::filesystem::remove(clock_records);  // the clock match's records were kept in the temporary folder
  CHECK(root.files() == std::vector<std::string>{"records.jsonl", "suite.json", "weak.json"});
}

TEST_CASE("gamelab release: bad options are refused before anything runs", "[release][gate]") {
  Root root("options");
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {release_args(root, "defaults", {"--force", "--suite", "s.json", "--openings", "o.json"}), "a band suite names its own positions"},
      {release_args(root, "defaults", {"--force", "--clock-limit", "movetime=-5"}), "--clock-limit"},
      {release_args(root, "defaults", {"--force", "--clock-note", "scaled"}), "--clock-note describes the --clock-limit match"},
      {release_args(root, root.path("missing.json"), {}), "missing.json"},
      {release_args(root, "defaults", {"--games", "10", "--sprt", "elo0=5,elo1=0"}), "elo0"},
      {{"release", "chess", "--params", "defaults"}, "A subcommand is required"},
  };
  for (const auto& [args, message] : cases) {
    const ProcessResult r = run_gamelab(args);
    INFO(r.out << r.err);
    CHECK(r.exit_code != 0);
    CHECK_THAT(r.out + r.err, Catch::Contains(message));
  }
  CHECK(root.files().empty());
}

TEST_CASE("gamelab release names the campaign the candidate came from", "[release][gate]") {
  Root root("campaign");
  // A campaign folder as `gamelab tune spsa` leaves it: the candidate is its current.json.
  const std::string campaign = root.path("runs/raichu-x");
  fs::create_directories(campaign);
  write_file_atomic(campaign + "/config.json",
                  R"({"kind": "spsa", "game": "raichu", "limits": "nodes=1000", "iterations": 50, "pairs_per_iteration": 4,
                      "verify": {"games": 100, "sprt": null, "limits": "nodes=10000"}})");
  write_file_atomic(campaign + "/verify.json", R"({"candidate": "current.json", "limits": "nodes=10000", "games": 96,
                      "elo": 42.5, "elo_lower": 12.25, "elo_upper": 73.0, "verdict": "accept H1"})");
  ParamSet tuned = raichu::default_params();
  tuned.set("eval_mobility", tuned.value("eval_mobility") + 1);
  tuned.save_file(campaign + "/current.json");
  const ProcessResult r = run_gamelab(release_args(root, campaign + "/current.json", {"--force"}));
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  const auto release = read_json(root.path("engines/raichu/release.json"));
  CHECK(release["campaign"] == campaign);
  const std::string md = release["report"];
  const auto data = read_json(root.path(md.substr(0, md.size() - 3) + ".json"));
  CHECK(data["campaign"]["folder"] == campaign);
  CHECK(data["campaign"]["limits"] == "nodes=1000");
  CHECK(data["campaign"]["verify_limits"] == "nodes=10000");
  CHECK(data["campaign"]["verification"]["verdict"] == "accept H1");
  const std::string report = read_text_file(root.path(md));
  CHECK_THAT(report, Catch::Contains("## Campaign\n\n- folder: `" + campaign + "` (spsa)\n- tuned at nodes=1000, 50 iterations of 4 pairs\n"
                                     "- verified at nodes=10000\n- its verification: 96 games at nodes=10000, Elo +42.5 [+12.2, +73.0], accept H1\n"));
  // A --campaign that holds no campaign is refused before anything is played.
  const ProcessResult bad = run_gamelab(release_args(root, "defaults", {"--force", "--campaign", root.path("nowhere")}));
  CHECK(bad.exit_code != 0);
  CHECK_THAT(bad.out + bad.err, Catch::Contains("nowhere: no campaign here"));
}

namespace {

// Raichu's first generation's learned evaluations (tuner/campaigns/raichu/): trained files a gate can play.
const std::string kLinearEval = GAMELAB_SOURCE_DIR "/tuner/campaigns/raichu/learned-gen1-linear/best.eval";
const std::string kNetworkEval = GAMELAB_SOURCE_DIR "/tuner/campaigns/raichu/learned-gen1-network/best.eval";

// The data of the report the release at `root` names.
nlohmann::json release_data(const Root& root, const nlohmann::json& release) {
  const std::string md = release["report"];
  return read_json(root.path(md.substr(0, md.size() - 3) + ".json"));
}

}  // namespace

TEST_CASE("gamelab release --eval: a learned evaluation enters a release through the gate, against the current release "
          "and its own evaluation",
          "[release][gate][eval]") {
  Root root("eval");
  const std::string weak = write_weak_params(root);
  REQUIRE(run_gamelab(release_args(root, weak, {"--force"})).exit_code == 0);
  const std::vector<std::string> tiny = {"--games", "60", "--limit", "depth=2", "--suite", "none", "--sprt",
                                         "elo0=0,elo1=150,alpha=0.1,beta=0.1"};

  // The defaults with the linear evaluation added beat the weak release: released, with the file beside it.
  // Its clock match (here at depth 2, so that it repeats) is against the current release too, and a
  // learned evaluation must win there: over 2 pairs no gain can be shown, and nothing is released.
  std::vector<std::string> args = tiny;
  args.insert(args.end(), {"--eval", kLinearEval});
  std::vector<std::string> with_clock = args;
  with_clock.insert(with_clock.end(), {"--clock", "depth=2", "--clock-games", "4"});
  const auto unreleased = root.files();
  std::vector<std::string> too_few = with_clock;
  too_few.insert(too_few.end(), {"--records", root.path("few.jsonl"), "--clock-records", root.path("few.clock.jsonl")});
  ProcessResult r = run_gamelab(release_args(root, "defaults", too_few));
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out + r.err, Catch::Contains("clock match: no gain shown over the current release at depth=2") &&
                                Catch::Contains("over 2 pairs (a learned evaluation enters a release only where it wins at the clock"));
  CHECK_THAT(r.out, Catch::Contains("clock match records kept in " + root.path("few.clock.jsonl")));
  fs::remove(root.path("few.jsonl"));
  fs::remove(root.path("few.clock.jsonl"));
  CHECK(root.files() == unreleased);
  with_clock.back() = "10";
  r = run_gamelab(release_args(root, "defaults", with_clock));
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("eval:     " + root.path("engines/raichu/release.eval")));
  CHECK(read_text_file(root.path("engines/raichu/release.eval")) == read_text_file(kLinearEval));
  auto release = read_json(root.path("engines/raichu/release.json"));
  CHECK(release["verdict"]["decision"] == "accepted by SPRT");
  CHECK(release["eval"] == nlohmann::json{{"file", "engines/raichu/release.eval"}, {"fingerprint", "84ce2375f20813ee"},
                                          {"inputs", "raichu-pieces-v1"}, {"form", "linear"}, {"mode", "add"},
                                          {"source", kLinearEval}});
  const std::string params_fingerprint = raichu::default_params().fingerprint_hex();
  CHECK(release["source_params_fingerprint"] == params_fingerprint);  // the parameters alone, as the bots' table
  auto data = release_data(root, release);
  CHECK(data["candidate"]["fingerprint"] == params_fingerprint + "+eval:84ce2375f20813ee");  // as its records name it
  CHECK(data["candidate"]["eval"]["file"] == "engines/raichu/release.eval");
  CHECK_FALSE(data["baseline"].contains("eval"));
  CHECK(data["bench"]["eval"] == "84ce2375f20813ee");
  const std::string md = read_text_file(root.path(release["report"].get<std::string>()));
  CHECK_THAT(md, Catch::Contains("  - learned evaluation: `" + kLinearEval + "` (the release's copy: `engines/raichu/release.eval`), "
                                 "linear over raichu-pieces-v1, fingerprint 84ce2375f20813ee, added to the hand-made evaluation\n"));
  CHECK_THAT(md, Catch::Contains("signature with the released parameters and evaluation file"));
  CHECK_THAT(r.out + r.err, Catch::Contains("clock match: candidate vs the current release, 10 games at depth=2"));
  CHECK_THAT(md, Catch::Contains("## At the bot's clock: candidate vs the current release\n\n- 10 games at depth=2"));
  CHECK(data["clock"]["opponent"] == "the current release");
  const std::string clock_records = root.path("reports/raichu/" + data["clock"]["records"].get<std::string>());
  const std::string weak_fingerprint = data["baseline"]["fingerprint"];
  CHECK_THAT(read_text_file(clock_records), Catch::Contains("{\"name\":\"baseline\",\"params_hash\":\"" + weak_fingerprint + "\"}"));
  const std::string report = release["report"];
  const eval::ReportCheck check = eval::check_release_report(root.path(report.substr(0, report.size() - 3) + ".json"), root.dir.string());
  std::string mismatches = check.skipped;
  for (const auto& m : check.mismatches) mismatches += eval::to_string(m) + "\n";
  INFO(mismatches);
  CHECK(check.agrees());  // the report states what its records give

  // The same parameters and evaluation again: nothing to measure.
  r = run_gamelab(release_args(root, "defaults", args));
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("the parameters and the learned evaluation are the baseline's"));

  // A weak candidate with the network replacing the hand-made evaluation, against the current release as
  // its bots play it (with its linear evaluation added): refused, and nothing changes.
  const auto before = root.files();
  const std::string records = root.path("refused.jsonl");
  args = tiny;
  args.insert(args.end(), {"--eval", kNetworkEval, "--eval-mode", "replace", "--records", records});
  r = run_gamelab(release_args(root, weak, args));
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Catch::Contains("- baseline: engines/raichu/release.json (fingerprint " + params_fingerprint +
                                    "+eval:84ce2375f20813ee)\n  - learned evaluation: `engines/raichu/release.eval`, linear"));
  CHECK_THAT(r.out, Catch::Contains("network over raichu-pieces-v1, fingerprint 1439eb20c669d0fa, replacing the hand-made evaluation"));
  const std::string first_record = read_text_file(records).substr(0, read_text_file(records).find('\n'));
  CHECK_THAT(first_record, Catch::Contains("+eval:1439eb20c669d0fa+replace") &&
                               Catch::Contains("\"baseline\",\"params_hash\":\"" + params_fingerprint + "+eval:84ce2375f20813ee\""));
  fs::remove(records);
  CHECK(root.files() == before);
  CHECK(read_text_file(root.path("engines/raichu/release.eval")) == read_text_file(kLinearEval));

  // A release without a learned evaluation takes the last one's away: the bots carry what the gate accepted.
  r = run_gamelab(release_args(root, "defaults", {"--force"}));
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK_FALSE(fs::exists(root.path("engines/raichu/release.eval")));
  release = read_json(root.path("engines/raichu/release.json"));
  CHECK_FALSE(release.contains("eval"));
  data = release_data(root, release);
  CHECK(data["baseline"]["eval"]["fingerprint"] == "84ce2375f20813ee");  // it was measured against the one it replaces
}

TEST_CASE("gamelab release --eval: bad evaluation options are refused before anything runs", "[release][gate][eval]") {
  Root root("eval_options");
  Root empty("eval_options_empty");
  REQUIRE(run_gamelab(release_args(root, "defaults", {"--force"})).exit_code == 0);
  const auto files = root.files();
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {release_args(root, "defaults", {"--eval", kLinearEval, "--baseline", "defaults"}),
       "--baseline defaults: with --eval the baseline is the current release"},
      {release_args(empty, "defaults", {"--eval", kLinearEval}), "release.json does not exist; release the parameters first"},
      {release_args(root, "defaults", {"--eval-mode", "replace"}), "--eval-mode goes with --eval FILE"},
      {release_args(root, "defaults", {"--eval", kLinearEval, "--eval-mode", "both"}), "--eval-mode"},
      {release_args(root, "defaults", {"--eval", root.path("missing.eval")}), "missing.eval"},
      {{"release", "jumpchess", "--params", "defaults", "--root", root.dir.string(), "--eval", kLinearEval},
       "game is 'raichu', expected 'jumpchess'"},
      {{"release", "raichu", "--root", root.dir.string(), "--bot", "cmd=\"true\"", "--bot-baseline", "cmd=\"false\"", "--out",
        root.path("bot"), "--limit", "nodes=10", "--eval", kLinearEval},
       "--eval is the lab's engine's"},
  };
  for (const auto& [args, message] : cases) {
    const ProcessResult r = run_gamelab(args);
    INFO(r.out << r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.out + r.err, Catch::Contains(message));
  }
  CHECK(root.files() == files);
  CHECK(empty.files().empty());
}

TEST_CASE("a release.json as --params or params= plays the release as its bots do, its learned file included",
          "[release][eval]") {
  Root root("named_eval");
  auto release = nlohmann::json::parse(read_text_file(GAMELAB_SOURCE_DIR "/engines/raichu/release.json"));
  release["eval"] = {{"file", kLinearEval}, {"fingerprint", "-"}, {"mode", "add"}};
  const std::string path = root.path("release.json");
  write_file_atomic(path, release.dump());
  const auto search = [&](std::vector<std::string> more) {
    std::vector<std::string> args = {"search", "raichu", "--n", "8", "--depth", "3", "--json", "--params"};
    args.insert(args.end(), more.begin(), more.end());
    const ProcessResult r = run_gamelab(args);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    auto out = nlohmann::json::parse(r.out);
    out.erase("seconds");
    return out;
  };
  const auto with_release = search({path});
  CHECK(with_release == search({path, "--eval", kLinearEval}));  // the file it names, as if given
  const auto without = search({path, "--eval", "none"});          // none: the hand-made evaluation alone
  release.erase("eval");
  write_file_atomic(root.path("plain.json"), release.dump());
  CHECK(without == search({root.path("plain.json")}));
  CHECK(with_release["nodes"] != without["nodes"]);
  // On --engine likewise: another evaluation is another engine in the records.
  const std::string records = root.path("m.jsonl");
  const ProcessResult m = run_gamelab({"match", "raichu", "--engine", "name=a,depth=1,params=" + path, "--engine",
                                       "name=b,depth=1,eval=none,params=" + path, "--games", "2", "--out", records});
  INFO(m.err);
  REQUIRE(m.exit_code == 0);
  const auto line = nlohmann::json::parse(read_text_file(records).substr(0, read_text_file(records).find('\n')));
  CHECK(line["engines"][0]["params_hash"].get<std::string>().find("+eval:") != std::string::npos);
  CHECK(line["engines"][1]["params_hash"].get<std::string>().find("+eval") == std::string::npos);
}
