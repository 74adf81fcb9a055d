#include "eval/release/release_gate.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <ostream>

#include "core/error.hpp"
#include "core/eval_file.hpp"
#include "core/json_file.hpp"
#include "core/progress.hpp"
#include "core/text_file.hpp"
#include "eval/match/match_runner.hpp"
#include "eval/match/referee_game.hpp"
#include "eval/release/release_config.hpp"
#include "eval/release/release_report.hpp"
#include "eval/stats/elo.hpp"
#include "registry/bench_suite.hpp"
#include "registry/game_registry.hpp"
#include "registry/perft_suite.hpp"

namespace gamelab::eval {

namespace {

using Json = nlohmann::ordered_json;

struct Clock {
  std::string date;  // 2025-01-31T12:00:00Z
  std::string id;    // 2025-01-31-120000
};

Clock now_utc() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&t, &utc);
  char date[32], id[32];
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &utc);
  std::strftime(id, sizeof id, "%Y-%m-%d-%H%M%S", &utc);
  return {date, id};
}

Json params_json(const ParamSet& params) { return Json::parse(params.to_json()); }

// One side of the gate, the candidate or the baseline: its parameters and, when it has one, its learned
// evaluation (the file the engines read, and what the report and the release record of it).
struct GateSide {
  explicit GateSide(ParamSet p) : params(std::move(p)) {}
  ParamSet params;
  std::string eval_path;  // empty: the hand-made evaluation alone
  bool eval_add = true;
  Json eval;              // null, or {source, fingerprint, inputs, form, mode}

  bool has_eval() const { return !eval_path.empty(); }
  LearnedEvalSpec learned() const { return has_eval() ? LearnedEvalSpec{eval_path, eval_add} : LearnedEvalSpec{}; }
  // The lab's engine `name` playing this side at `limits`, with its evaluation file as eval=FILE,evalmode=
  // gives one on --engine: its records name it <params>+eval:<fingerprint>.
  EngineArg engine(const GameEntry& game, const std::string& name, const SearchLimits& limits) const {
    EngineArg arg = lab_engine(name, params, limits);
    if (has_eval()) add_learned_eval(arg, game, eval_path, eval_add);
    return arg;
  }
  // Its name in the report, the records' name of its engine: the parameters' fingerprint, followed by
  // +eval:<fingerprint> (and +replace) for an evaluation file.
  std::string fingerprint(const GameEntry& game) const { return engine(game, "side", SearchLimits{}).params_hash; }
  // Same parameters, same evaluation, same mode: no match can tell them apart.
  bool same_as(const GateSide& other) const {
    const auto evaluation = [](const GateSide& side) {
      return side.has_eval() ? side.eval["fingerprint"].get<std::string>() + " " + side.eval["mode"].get<std::string>() : "";
    };
    return params.values() == other.params.values() && evaluation(*this) == evaluation(other);
  }
};

// The learned evaluation file at `path` with `add` as a side of the gate records it: read with the game's
// expectations (InputError naming the file and the field for another game's, input set's or version's
// file, or a game whose engine plays none), named `source` in the report.
Json gate_eval_json(const GameEntry& game, const std::string& path, const std::string& source, bool add) {
  const std::string fingerprint = check_learned_eval(path, game);
  const learned::EvalFile file =
      learned::read_eval_file(path, {game.name, "", game.sparse_inputs.name, game.sparse_inputs.count});
  return {{"source", source}, {"fingerprint", fingerprint}, {"inputs", file.inputs}, {"form", file.form()},
          {"mode", add ? "add" : "replace"}};
}

// Step 1: the perft dataset. Returns the rows that do not match.
std::vector<PerftSuiteRow> check_perft(const GameEntry& game, const ReleaseGateOptions& o, Json& data,
                                       std::ostream& progress) {
  PerftSuiteOptions options;
  options.deep = o.deep_perft;
  options.threads = o.concurrency;
  const std::string dataset = o.perft_dataset.empty() ? default_perft_dataset(game.name) : o.perft_dataset;
  const auto start = std::chrono::steady_clock::now();
  ProgressOptions bar;
  bar.task = "perft " + game.name;
  bar.unit = "counts";
  bar.final_line = false;  // the line below says how it went
  Progress perft_progress(progress, bar);
  options.on_progress = [&](std::size_t done, std::size_t total) {
    perft_progress.set_total(total);
    perft_progress.update(done);
  };
  const auto rows = run_perft_suite(game, dataset, options);
  perft_progress.finish(rows.size());
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::vector<PerftSuiteRow> bad;
  std::uint64_t nodes = 0;
  Json mismatches = Json::array();
  for (const auto& row : rows) {
    nodes += row.actual;
    if (row.ok()) continue;
    bad.push_back(row);
    mismatches.push_back({{"name", row.name}, {"depth", row.depth}, {"expected", row.expected}, {"actual", row.actual}});
  }
  data["perft"] = {{"dataset", o.perft_dataset.empty() ? "datasets/perft/" + game.name + ".json" : dataset},
                   {"deep", o.deep_perft},
                   {"counts", rows.size()}, {"matching", rows.size() - bad.size()}, {"nodes", nodes},
                   {"seconds", seconds}, {"mismatches", mismatches}, {"result", bad.empty() ? "ok" : "MISMATCH"}};
  progress << "perft: " << rows.size() - bad.size() << "/" << rows.size() << " counts match (" << dataset << ")\n";
  return bad;
}

// Step 2: the bench signature with the candidate's parameters, and the build's with the defaults.
void run_benches(const GameEntry& game, const GateSide& candidate, Json& data, std::ostream& progress) {
  const BenchReport bench = run_bench(game, candidate.params, 0, "", candidate.learned());
  Json b = {{"suite", "datasets/bench/" + game.name + ".json"}};
  if (bench.depth > 0) b["depth"] = bench.depth;
  else b["iterations"] = bench.iterations;
  b["nodes"] = bench.nodes;
  b["seconds"] = bench.seconds;
  b["nodes_per_second"] = bench.seconds > 0 ? bench.nodes / bench.seconds : 0.0;
  if (candidate.has_eval()) b["eval"] = candidate.eval["fingerprint"];  // the signature is the engine's with it
  Json build = {{"file", "engines/" + game.name + "/bench_signature.json"}};
  if (std::filesystem::exists(bench_signature_path(game.name))) {
    const ParamSet defaults = game.default_params();
    const std::uint64_t recorded = recorded_bench_signature(game.name);
    const bool plain_defaults = candidate.params.values() == defaults.values() && !candidate.has_eval();
    const std::uint64_t actual = plain_defaults ? bench.nodes : run_bench(game, defaults).nodes;
    build["recorded"] = recorded;
    build["defaults_nodes"] = actual;
    build["result"] = recorded == actual ? "matches" : "differs";
  } else {
    build["result"] = "not recorded";
  }
  b["build_signature"] = build;
  data["bench"] = b;
  progress << "bench: signature " << bench.nodes << " nodes in " << bench.seconds << " s; the build's signature "
           << build["result"].get<std::string>() << " (" << bench_signature_path(game.name) << ")\n";
}

// The per-band rows of the report's data; `losses` gets a line for each band or axis value lost beyond
// its interval.
Json bands_json(const std::vector<BandResult>& bands, const std::string& what, std::vector<std::string>& losses) {
  for (const BandResult& b : bands) {
    if (!b.loses()) continue;
    char line[256];
    std::snprintf(line, sizeof line, "%s: loses on %s, Elo %+.1f [%+.1f, %+.1f] over %llu games", what.c_str(),
                  b.label().c_str(), b.elo.elo, b.elo.elo_lower, b.elo.elo_upper,
                  static_cast<unsigned long long>(b.wdl.games()));
    losses.push_back(line);
  }
  return band_results_json(bands);
}

// The band suite the matches play: --suite, else datasets/gate/<game>.json when it exists and the user
// named no openings or boards; "" for none.
std::string gate_suite(const GameEntry& game, const ReleaseGateOptions& o) {
  if (o.suite == "none") return "";
  if (!o.suite.empty()) return o.suite;
  if (!o.openings.empty() || !o.boards.empty()) return "";
  const std::string suite = std::string(GAMELAB_DATA_DIR) + "/gate/" + game.name + ".json";
  return std::filesystem::exists(suite) ? suite : "";
}

// --resume continues a match whose records file holds pairs already (a gate stopped mid-match: its
// matches are long, the band suites' and the clock's most of all).
bool resumable(const ReleaseGateOptions& o, const std::string& records) {
  return o.resume && std::filesystem::exists(records) && std::filesystem::file_size(records) > 0;
}

// A suite inside the project is named by its place in it, not by this machine's path to it.
std::string project_relative(const std::string& path) {
  const std::string source = std::string(GAMELAB_SOURCE_DIR) + "/";
  return path.rfind(source, 0) == 0 ? path.substr(source.size()) : path;
}

// What the gate's two matches share: the game's positions (its band suite, or the openings or boards
// given), the seed, the concurrency, and the records file, continued with --resume.
MatchConfig gate_match_config(const GameEntry& game, const ReleaseGateOptions& o, std::vector<EngineArg> engines, int games,
                              const std::string& records) {
  MatchConfig config;
  config.game = game.name;
  config.engines = std::move(engines);
  config.games = games;
  config.concurrency = o.concurrency;
  config.seed = o.seed;
  config.records = records;
  config.resume = resumable(o, records);
  config.openings = o.openings;
  config.boards = o.boards;
  config.suite = gate_suite(game, o);
  return config;
}

// Each engine's failures (crash, timeout, illegal, stalled).
Json faults_json(const MatchSummary& s) {
  Json faults = Json::array();
  for (const FaultCounts& f : s.faults) {
    faults.push_back({{"crash", f.crash}, {"timeout", f.timeout}, {"illegal", f.illegal}, {"stalled", f.stalled}});
  }
  return faults;
}

// A match over a band suite: the suite and its per-band rows go into the match's section of the data.
void add_bands(Json& section, const MatchConfig& config, const MatchSummary& s, const std::string& what,
               std::vector<std::string>& losses) {
  if (config.suite.empty()) return;
  section["suite"] = project_relative(config.suite);
  section["bands"] = bands_json(s.bands, what, losses);
}

// Step 3: the SPRT match, candidate (A) against baseline (B). Returns whether it accepted H1; a band
// lost beyond its interval adds a line to `losses`.
bool play_match(const GameEntry& game, const ReleaseGateOptions& o, const EngineArg& candidate, const EngineArg& baseline,
                int games, const std::string& records, Json& data, std::vector<std::string>& losses,
                std::ostream& progress) {
  const SearchLimits limits = candidate.player.limits;
  MatchConfig config = gate_match_config(game, o, {candidate, baseline}, games, records);
  config.sprt = o.sprt;
  progress << "match: candidate vs baseline, up to " << games << " games at " << o.limit << ", records " << records << "\n";
  const MatchSummary s = run_match(config, progress);
  progress << summary_text(s, config);
  const EloEstimate elo = estimate_elo(s.penta);
  const SprtBounds bounds = sprt_bounds(o.sprt.alpha, o.sprt.beta);
  const SprtVerdict verdict = s.verdict.value_or(SprtVerdict::Continue);
  data["match"] = {
      {"games", s.wdl.games()},
      {"pairs", s.pairs_counted},
      {"max_games", games},
      {"limit", o.limit},
      {"concurrency", o.concurrency},
      {"seed", o.seed},
      {"wdl", {{"wins", s.wdl.wins}, {"draws", s.wdl.draws}, {"losses", s.wdl.losses}}},
      {"pentanomial", s.penta.cells},
      {"score", elo.score},
      {"elo", elo.elo},
      {"elo_error", elo.elo_error},
      {"elo_lower", elo.elo_lower},
      {"elo_upper", elo.elo_upper},
      {"los", elo.los},
      {"faults", faults_json(s)},
      {"sprt", {{"elo0", o.sprt.elo0}, {"elo1", o.sprt.elo1}, {"alpha", o.sprt.alpha}, {"beta", o.sprt.beta},
                {"model", std::string(to_string(o.sprt.model))}, {"llr", s.llr.value_or(0.0)},
                {"lower", bounds.lower}, {"upper", bounds.upper}, {"verdict", std::string(to_string(verdict))}}},
      {"seconds", s.seconds},
  };
  if (!o.openings.empty()) data["match"]["openings"] = o.openings;
  if (!o.boards.empty()) data["match"]["boards"] = o.boards;
  data["match"]["reproducible"] = limits.reproducible();
  if (s.referee_faults.total()) {  // a game played by its referee (eval/match/referee_game.hpp): games it failed, not scored
    data["match"]["referee_faults"] = {{"crash", s.referee_faults.crash}, {"timeout", s.referee_faults.timeout},
                                       {"no_result", s.referee_faults.no_result}, {"pairs", s.pairs_faulted}};
  }
  add_bands(data["match"], config, s, "match", losses);
  return verdict == SprtVerdict::AcceptH1;
}

// Step 4: the candidate at the bot's clock (--clock-limit), on the same positions, against the default
// parameters; with --eval against the baseline, the current release as its bots play it (what a learned
// evaluation must beat where the tournament plays). Its losses beyond the interval, overall or per band,
// go to `losses`. With --eval a learned evaluation must also win there: what it gains at the gate's node
// limit is paid for in speed at the clock, and it enters a release only where it wins at the clock (its
// interval above 0 over at least kMinPairsToJudge pairs). Returns why it did not, or "".
std::string play_clock_match(const GameEntry& game, const ReleaseGateOptions& o, const GateSide& candidate,
                             const GateSide& baseline, const std::string& records, Json& data,
                             std::vector<std::string>& losses, std::ostream& progress) {
  const SearchLimits limits = parse_limits(o.clock, "--clock-limit");
  const bool against_release = !o.eval.empty();
  const std::string opponent = against_release ? kClockReleaseOpponent : "default parameters";
  const MatchConfig config = gate_match_config(
      game, o,
      {candidate.engine(game, "candidate", limits),
       against_release ? baseline.engine(game, "baseline", limits) : lab_engine("defaults", game.default_params(), limits)},
      o.clock_games, records);
  progress << "clock match: candidate vs " << opponent << ", " << o.clock_games << " games at " << o.clock
           << " (timed: the games vary from run to run), records " << records << "\n";
  const MatchSummary s = run_match(config, progress);
  progress << summary_text(s, config);
  const EloEstimate elo = estimate_elo(s.penta);
  data["clock"] = {{"limit", o.clock},
                   {"opponent", opponent},
                   {"games", s.wdl.games()},
                   {"concurrency", o.concurrency},
                   // Games found in --clock-records, played before this run (a clock match played on its own
                   // and taken up): the concurrency above is not theirs, and the records do not say it.
                   {"resumed_games", 2 * s.pairs_resumed},
                   {"seed", o.seed},
                   {"wdl", {{"wins", s.wdl.wins}, {"draws", s.wdl.draws}, {"losses", s.wdl.losses}}},
                   {"pentanomial", s.penta.cells},
                   {"elo", elo.elo},
                   {"elo_lower", elo.elo_lower},
                   {"elo_upper", elo.elo_upper},
                   {"seconds", s.seconds},
                   {"faults", faults_json(s)}};
  if (!o.clock_note.empty()) data["clock"]["note"] = o.clock_note;
  add_bands(data["clock"], config, s, "clock match", losses);
  if (lost_beyond_interval(s.penta, elo)) {
    char line[200];
    std::snprintf(line, sizeof line, "clock match: loses to %s at %s, Elo %+.1f [%+.1f, %+.1f]",
                  against_release ? "the current release" : "the defaults", o.clock.c_str(), elo.elo, elo.elo_lower,
                  elo.elo_upper);
    losses.push_back(line);
  }
  if (!against_release || won_beyond_interval(s.penta, elo)) return "";
  char line[300];
  std::snprintf(line, sizeof line,
                "clock match: no gain shown over the current release at %s, Elo %+.1f [%+.1f, %+.1f] over %llu pairs "
                "(a learned evaluation enters a release only where it wins at the clock: the interval above 0 over "
                "at least %llu pairs; play more games with --clock-games and --resume)",
                o.clock.c_str(), elo.elo, elo.elo_lower, elo.elo_upper, static_cast<unsigned long long>(s.penta.pairs()),
                static_cast<unsigned long long>(kMinPairsToJudge));
  return line;
}

// Moves the records into the reports folder (a rename, or a copy across file systems).
void move_file(const std::string& from, const std::string& to) {
  std::error_code error;
  std::filesystem::rename(from, to, error);
  if (!error) return;
  write_file_atomic(to, read_text_file(from));
  std::filesystem::remove(from);
}

// A report id that `folder` does not hold yet: the UTC second, then "-2", "-3"... (two gates within a
// second, a forced one and another, say): a report is never replaced.
Clock unused_report_id(const std::string& folder) {
  Clock clock = now_utc();
  const std::string second = clock.id;
  for (int k = 2; std::filesystem::exists(folder + "/" + clock.id + ".json"); ++k) clock.id = second + "-" + std::to_string(k);
  return clock;
}

// Where a match writes its records while it runs: the file given, else a temporary file `name`.
std::string running_records(const std::string& given, const std::string& name) {
  return !given.empty() ? given : (std::filesystem::temp_directory_path() / name).string();
}

std::string sprt_refusal(const Json& data) {
  return "match: the SPRT did not accept H1 (verdict: " + data["match"]["sprt"]["verdict"].get<std::string>() + " after " +
         std::to_string(data["match"]["games"].get<std::uint64_t>()) + " games)";
}

// A passed gate's files in `folder`: the records moved in beside the report (<id>.records.jsonl, and
// <id>.clock.records.jsonl for a clock match), then the data <id>.json and the report <id>.md.
void write_gate_report(const std::string& folder, const std::string& id, ReleaseGateResult& result) {
  std::filesystem::create_directories(folder);
  const auto keep = [&](std::string& path, const char* section, const std::string& name) {
    if (path.empty()) return;
    move_file(path, folder + "/" + name);
    // A referee's match keeps each game's output beside its records: it goes with them.
    if (std::filesystem::exists(path + ".referee.log")) move_file(path + ".referee.log", folder + "/" + name + ".referee.log");
    path = folder + "/" + name;
    result.data[section]["records"] = name;
  };
  keep(result.records_path, "match", id + ".records.jsonl");
  keep(result.clock_records_path, "clock", id + ".clock.records.jsonl");
  result.data_path = folder + "/" + id + ".json";
  result.report_path = folder + "/" + id + ".md";
  write_file_atomic(result.data_path, result.data.dump(2) + "\n");
  write_file_atomic(result.report_path, release_report_markdown(result.data));
}

// The campaign behind the candidate: `o.campaign`, or the folder of --params when it holds a campaign's
// config.json. What a reader needs to trace the release: the folder, the kind, the limits it was tuned
// and verified at, and the verification's verdict (verify.json) when there is one.
Json campaign_json(const ReleaseGateOptions& o) {
  namespace fs = std::filesystem;
  std::string folder = o.campaign;
  if (folder.empty() && o.params != kDefaultParamsName) {
    const fs::path parent = fs::path(o.params).parent_path();
    if (!parent.empty() && fs::exists(parent / "config.json")) folder = parent.string();
  }
  if (folder.empty()) return Json(nullptr);
  const fs::path config_path = fs::path(folder) / "config.json";
  if (!fs::exists(config_path)) throw InputError("--campaign " + folder + ": no campaign here (no config.json)");
  const nlohmann::json config = read_json_file(config_path.string());
  Json c = {{"folder", folder}, {"kind", config.value("kind", std::string("?"))}};
  if (config.contains("limits")) c["limits"] = config["limits"];
  if (config.contains("verify") && config["verify"].is_object() && config["verify"].contains("limits")) {
    c["verify_limits"] = config["verify"]["limits"];
  }
  if (config.contains("iterations")) c["iterations"] = config["iterations"];
  if (config.contains("pairs_per_iteration")) c["pairs_per_iteration"] = config["pairs_per_iteration"];
  const fs::path verify_path = fs::path(folder) / "verify.json";
  if (fs::exists(verify_path)) {
    const nlohmann::json v = read_json_file(verify_path.string());
    Json verify;
    for (const char* key : {"candidate", "limits", "games", "elo", "elo_lower", "elo_upper", "verdict"}) {
      if (v.contains(key)) verify[key] = v[key];
    }
    c["verification"] = verify;
  }
  return c;
}

Json release_config(const Json& data, const ParamSet& candidate, const std::string& game) {
  Json bench = {{"nodes", data["bench"]["nodes"]}};
  if (data["bench"].contains("depth")) bench["depth"] = data["bench"]["depth"];
  else bench["iterations"] = data["bench"]["iterations"];
  Json verdict = {{"decision", data["gate"]["decision"]}, {"forced", data["gate"]["forced"]}};
  verdict["sprt"] = data.contains("match") ? data["match"]["sprt"] : Json(nullptr);
  if (data.contains("match")) {
    for (const char* key : {"games", "wdl", "pentanomial", "elo", "elo_error", "limit"}) verdict[key] = data["match"][key];
  }
  verdict["baseline_fingerprint"] = data["baseline"]["fingerprint"];
  if (data.contains("match") && data["match"].contains("suite")) verdict["suite"] = data["match"]["suite"];
  if (data.contains("clock")) {
    verdict["clock"] = {{"limit", data["clock"]["limit"]}, {"games", data["clock"]["games"]},
                        {"elo", data["clock"]["elo"]}, {"elo_lower", data["clock"]["elo_lower"]},
                        {"elo_upper", data["clock"]["elo_upper"]}};
    if (data["clock"].contains("note")) verdict["clock"]["note"] = data["clock"]["note"];
  }
  Json release = {{"game", data["game"]},
                  {"params", params_json(candidate)},
                  {"bench", bench},
                  {"perft", "ok"},
                  {"verdict", verdict},
                  {"date", data["date"]},
                  {"source_params_fingerprint", candidate.fingerprint_hex()},
                  {"campaign", data.contains("campaign") ? data["campaign"]["folder"] : Json(nullptr)},
                  {"report", data["report"]}};
  // The learned evaluation beside it (a release without one has no such member, as before).
  if (data["candidate"].contains("eval")) {
    const Json& e = data["candidate"]["eval"];
    release["eval"] = {{"file", "engines/" + game + "/release.eval"}, {"fingerprint", e["fingerprint"]},
                       {"inputs", e["inputs"]}, {"form", e["form"]}, {"mode", e["mode"]}, {"source", e["source"]}};
  }
  return release;
}

// The gate for a team's own bot (docs/tools/your-bot.md §5): the frozen file against the file handed in
// last time, both external programs at the same limit, over the game's band suite. Perft is the
// caller's (`--perft-against`, in `o.bot_perft`); a bot has no bench. It writes the report, its data and
// the records into `o.out` and no release.json: the bot's file is the release.
ReleaseGateResult run_bot_gate(const GameEntry& game, const ReleaseGateOptions& o, std::ostream& progress) {
  if (o.bot_baseline.empty()) throw InputError("--bot-baseline: give the bot the candidate must beat (cmd=\"...\")");
  if (o.out.empty()) throw InputError("--out DIR: the folder for a bot's release report");
  if (!o.params.empty() || !o.baseline.empty()) throw InputError("--params and --baseline are the lab's engine's; a bot gate takes --bot and --bot-baseline");
  if (!o.clock.empty()) throw InputError("--clock-limit is the lab's engine's; a bot plays its own clock with --limit clock");
  if (!o.eval.empty() || !o.eval_mode.empty()) {
    throw InputError("--eval is the lab's engine's; a bot carries its own evaluation in its file");
  }
  check_sprt_config(o.sprt);
  const SearchLimits limits = o.limit == "clock" ? SearchLimits{} : parse_limits(o.limit, "--limit");
  if (o.limit != "clock" && (limits.depth || limits.movetime_ms || !limits.nodes)) {
    throw InputError("--limit " + o.limit + ": a bot plays at nodes=N (its node budget) or at clock (its own time limit)");
  }
  // Both bots at the gate's limit: the node budget is the gate's, not each bot's.
  const auto bot = [&](const std::string& name, const std::string& text) {
    const EngineArg parsed = parse_engine_arg("name=" + name + "," + text, game);
    if (!parsed.player.external()) throw InputError("--bot and --bot-baseline name external programs: cmd=\"COMMAND\"");
    if (parsed.player.limits.any()) throw InputError("--bot '" + text + "': the node budget is the gate's --limit");
    return external_engine(name, parsed.player, parsed.player.params, limits);
  };
  const EngineArg candidate = bot("candidate", o.bot);
  const EngineArg baseline = bot("baseline", o.bot_baseline);
  if (candidate.params_hash == baseline.params_hash) {
    throw InputError("--bot and --bot-baseline are the same program with the same parameters: no match can tell them apart");
  }
  const int games = o.games.value_or(kDefaultReleaseGames);
  const Clock when = unused_report_id(o.out);
  ReleaseGateResult result;
  result.records_path = running_records(o.records, "gamelab-release-bot-" + game.name + "-" + when.id + ".records.jsonl");
  Json& data = result.data;
  data["game"] = game.name;
  data["id"] = when.id;
  data["date"] = when.date;
  data["candidate"] = {{"source", candidate.player.command}, {"fingerprint", candidate.params_hash}};
  data["baseline"] = {{"source", baseline.player.command}, {"fingerprint", baseline.params_hash}};
  data["perft"] = o.bot_perft.is_null() ? Json{{"against", nullptr}, {"result", "not checked"}} : o.bot_perft;
  const std::string perft = data["perft"]["result"].get<std::string>();
  if (perft != "ok" && perft != "not checked") {
    result.problems.push_back("perft: the bot's move generator does not agree with the lab's (" + perft + ")");
  } else {
    std::vector<std::string> losses;
    const bool accepted = play_match(game, o, candidate, baseline, games, result.records_path, data, losses, progress);
    if (!accepted) result.problems.push_back(sprt_refusal(data));
    for (const auto& loss : losses) result.problems.push_back(loss + " (a loss beyond its 95% interval)");
  }
  result.passed = result.problems.empty();
  data["gate"] = {{"decision", result.passed ? "accepted by SPRT" : "rejected"}, {"passed", result.passed}, {"forced", false},
                  {"problems", result.problems}};
  data["candidate"]["params"] = candidate.player.params.size() ? params_json(candidate.player.params) : Json{{"params", Json::array()}};
  if (!result.passed) return result;
  data["report"] = when.id + ".md";
  write_gate_report(o.out, when.id, result);
  return result;
}

}  // namespace

ReleaseGateResult run_release_gate(const ReleaseGateOptions& o, std::ostream& progress) {
  const GameEntry& game = find_match_game(o.game);
  if (!o.bot.empty()) return run_bot_gate(game, o, progress);
  if (!game.search || !game.default_params || !game.perft) {
    throw InputError("game " + game.name + " has no searching engine to release yet");
  }
  if (o.params.empty()) throw InputError("--params FILE is required: the parameters to release");
  const std::string root = o.root.empty() ? std::string(GAMELAB_SOURCE_DIR) : o.root;
  const ParamSet defaults = game.default_params();
  const std::string current = release_config_path(root, game.name);
  GateSide candidate{o.params == kDefaultParamsName ? defaults : load_any_params(o.params, defaults)};
  if (!o.eval_mode.empty() && o.eval_mode != "add" && o.eval_mode != "replace") {
    throw InputError("--eval-mode '" + o.eval_mode + "' is not add or replace");
  }
  if (!o.eval_mode.empty() && o.eval.empty()) throw InputError("--eval-mode goes with --eval FILE");
  if (!o.eval.empty()) {
    candidate.eval_path = o.eval;
    candidate.eval_add = o.eval_mode != "replace";
    candidate.eval = gate_eval_json(game, o.eval, o.eval, candidate.eval_add);
    // A learned evaluation is measured against the release it would replace, as its bots play it.
    if (!o.baseline.empty()) {
      throw InputError("--baseline " + o.baseline + ": with --eval the baseline is the current release (engines/" +
                       game.name + "/release.json, with its own learned evaluation if it has one); leave --baseline out");
    }
    if (!std::filesystem::exists(current)) {
      throw InputError("--eval " + o.eval + ": a learned evaluation enters a release against the current one, and " +
                       current + " does not exist; release the parameters first");
    }
  }
  std::string baseline_source = o.baseline;
  if (baseline_source.empty() && std::filesystem::exists(current)) baseline_source = current;
  if (baseline_source == kDefaultParamsName) baseline_source.clear();
  GateSide baseline{baseline_source.empty() ? defaults : load_any_params(baseline_source, defaults)};
  // The current release plays as its bots do: with its own learned evaluation, when it has one.
  const bool baseline_is_current = !baseline_source.empty() && std::filesystem::exists(current) &&
                                   std::filesystem::equivalent(baseline_source, current);
  if (baseline_is_current) {
    if (const std::optional<ReleaseEval> recorded = read_release_eval(current)) {
      baseline.eval_path = release_eval_path(root, game.name);
      baseline.eval_add = recorded->add;
      if (!std::filesystem::exists(baseline.eval_path)) {
        throw InputError(current + ": eval: the current release has a learned evaluation (fingerprint " +
                         recorded->fingerprint + "), but " + baseline.eval_path + " does not exist");
      }
      baseline.eval = gate_eval_json(game, baseline.eval_path, recorded->file, recorded->add);
      if (baseline.eval["fingerprint"] != recorded->fingerprint) {
        throw InputError(baseline.eval_path + ": fingerprint is " + baseline.eval["fingerprint"].get<std::string>() +
                         ", but " + current + " records eval.fingerprint " + recorded->fingerprint);
      }
    }
  }
  const bool identical = candidate.same_as(baseline);
  if (identical && !o.force) {
    const bool evals = candidate.has_eval() || baseline.has_eval();
    throw InputError(o.params + (evals ? ": the parameters and the learned evaluation are" : ": the parameters are") +
                     " the baseline's (" + (baseline_source.empty() ? "the defaults" : baseline_source) +
                     "), so no match can accept them; give --force to freeze them as they are");
  }
  check_sprt_config(o.sprt);
  if (!parse_limits(o.limit, "--limit").reproducible()) {
    progress << "note: --limit " << o.limit << " is timed: the match's games, and so its verdict, vary from run to run\n";
  }
  if (!o.clock.empty()) parse_limits(o.clock, "--clock-limit");
  if (o.clock.empty() && !o.clock_note.empty()) throw InputError("--clock-note describes the --clock-limit match: give --clock-limit");
  if (o.clock_games < 2) throw InputError("--clock-games must be at least 2");
  if (o.resume && o.records.empty()) throw InputError("--resume continues the match in --records FILE: give it");
  if (!o.suite.empty() && o.suite != "none" && (!o.openings.empty() || !o.boards.empty())) {
    throw InputError("--suite " + o.suite + ": a band suite names its own positions; give no --openings or --boards");
  }
  if (o.concurrency < 1) throw InputError("--concurrency must be at least 1");
  if (o.games && *o.games < 1) throw InputError("--games must be at least 1");
  const int games = identical ? 0 : o.games.value_or(o.force ? 0 : kDefaultReleaseGames);

  const std::string reports = root + "/reports/" + game.name;
  const Clock clock = unused_report_id(reports);
  ReleaseGateResult result;
  result.records_path = games == 0 ? "" : running_records(o.records, "gamelab-release-" + game.name + "-" + clock.id + ".records.jsonl");
  Json& data = result.data;
  data["game"] = game.name;
  data["id"] = clock.id;
  data["date"] = clock.date;
  data["report"] = "reports/" + game.name + "/" + clock.id + ".md";
  data["candidate"] = {{"source", o.params == kDefaultParamsName ? "default parameters" : o.params},
                       {"fingerprint", candidate.fingerprint(game)}};
  if (candidate.has_eval()) {
    data["candidate"]["eval"] = candidate.eval;
    data["candidate"]["eval"]["file"] = "engines/" + game.name + "/release.eval";  // where the release keeps it
  }
  // The current release is named by its place in the project, not by this machine's path to it.
  const std::string baseline_name = baseline_source.empty()                                ? "default parameters"
                                    : baseline_source == release_config_path(root, game.name) ? "engines/" + game.name + "/release.json"
                                                                                             : baseline_source;
  data["baseline"] = {{"source", baseline_name},
                      {"fingerprint", baseline.fingerprint(game)}};
  if (baseline.has_eval()) data["baseline"]["eval"] = baseline.eval;
  if (const Json campaign = campaign_json(o); !campaign.is_null()) data["campaign"] = campaign;

  if (!check_perft(game, o, data, progress).empty()) {
    result.problems.push_back("perft: the move generator does not match " + data["perft"]["dataset"].get<std::string>() +
                              " (--force never releases a failing move generator)");
  } else {
    run_benches(game, candidate, data, progress);
    bool accepted = false;
    std::vector<std::string> losses;
    if (games > 0) {
      const SearchLimits limits = parse_limits(o.limit, "--limit");
      accepted = play_match(game, o, candidate.engine(game, "candidate", limits), baseline.engine(game, "baseline", limits),
                            games, result.records_path, data, losses, progress);
      if (!accepted && !o.force) result.problems.push_back(sprt_refusal(data));
    }
    if (!o.clock.empty()) {
      result.clock_records_path =
          running_records(o.clock_records, "gamelab-release-" + game.name + "-" + clock.id + ".clock.records.jsonl");
      const std::string no_gain =
          play_clock_match(game, o, candidate, baseline, result.clock_records_path, data, losses, progress);
      if (!no_gain.empty() && !o.force) {
        result.problems.push_back(no_gain);
        accepted = false;
      }
    }
    if (!o.force) {
      for (const auto& loss : losses) result.problems.push_back(loss + " (a loss beyond its 95% interval)");
      if (!losses.empty()) accepted = false;
    }
    data["gate"]["decision"] = accepted ? "accepted by SPRT" : o.force ? "forced" : "rejected";
  }
  result.passed = result.problems.empty();
  if (!result.passed) data["gate"]["decision"] = "rejected";
  data["gate"]["passed"] = result.passed;
  data["gate"]["forced"] = o.force;
  data["gate"]["problems"] = result.problems;
  data["candidate"]["params"] = params_json(candidate.params);
  // The evaluation released must be the one the matches played: a file rewritten meanwhile (a training
  // campaign's best.eval, say) is not released.
  std::string eval_bytes;
  if (result.passed && candidate.has_eval()) {
    eval_bytes = read_text_file(o.eval);
    const learned::EvalFile now = learned::parse_eval_file(eval_bytes, o.eval);
    const std::string fingerprint = now.fingerprint_hex();
    if (candidate.eval["fingerprint"] != fingerprint) {
      result.problems.push_back("--eval " + o.eval + ": the file changed while the gate ran (fingerprint " +
                                candidate.eval["fingerprint"].get<std::string>() + " at the start, " + fingerprint +
                                " now); nothing is released");
      result.passed = false;
      data["gate"]["decision"] = "rejected";
      data["gate"]["passed"] = false;
      data["gate"]["problems"] = result.problems;
    }
  }
  if (!result.passed) return result;

  // Reports first, the release last: a release never exists without its report. The evaluation file
  // goes beside it before release.json names it; a release without one removes the last one's, which
  // release.json no longer names (cmake/release_config.cmake refuses a release.eval it does not name).
  write_gate_report(reports, clock.id, result);
  result.release_path = release_config_path(root, game.name);
  std::filesystem::create_directories(std::filesystem::path(result.release_path).parent_path());
  const std::string eval_path = release_eval_path(root, game.name);
  if (candidate.has_eval()) {
    write_file_atomic(eval_path, eval_bytes);
    result.eval_path = eval_path;
  }
  write_file_atomic(result.release_path, release_config(data, candidate.params, game.name).dump(2) + "\n");
  if (!candidate.has_eval() && std::filesystem::exists(eval_path)) std::filesystem::remove(eval_path);
  return result;
}

}  // namespace gamelab::eval
