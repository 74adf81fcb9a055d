#include "eval/release/release_report.hpp"

#include <algorithm>
#include <cstdio>

namespace gamelab::eval {

namespace {

using Json = nlohmann::ordered_json;

std::string format(const char* pattern, double x) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, x);
  return text;
}

std::string text(const Json& value) { return value.is_string() ? value.get<std::string>() : value.dump(); }

std::string perft_section(const Json& perft) {
  std::string out = "## Perft\n\n";
  if (perft.contains("against")) {  // a team's bot: its own perft script against the lab's
    if (perft["against"].is_null()) return out + "- not checked (no --perft-against)\n\n";
    return out + "- `" + text(perft["against"]) + "` against `" + text(perft["dataset"]) + "`: **" + text(perft["result"]) + "**\n\n";
  }
  out += "- dataset: `" + text(perft["dataset"]) + "`" + (perft["deep"].get<bool>() ? " (deep depths included)" : "") + "\n";
  out += "- " + text(perft["matching"]) + "/" + text(perft["counts"]) + " counts match, " + text(perft["nodes"]) +
         " nodes in " + format("%.2f", perft["seconds"].get<double>()) + " s: **" + text(perft["result"]) + "**\n";
  for (const auto& m : perft["mismatches"]) {
    out += "  - " + text(m["name"]) + " depth " + text(m["depth"]) + ": expected " + text(m["expected"]) + ", got " +
           text(m["actual"]) + "\n";
  }
  return out + "\n";
}

std::string bench_section(const Json& bench) {
  std::string out = "## Bench\n\n";
  const std::string limit = bench.contains("depth") ? "depth " + text(bench["depth"]) : text(bench["iterations"]) + " iterations";
  out += "- suite: `" + text(bench["suite"]) + "` at " + limit + "\n";
  out += std::string("- signature with the released parameters") + (bench.contains("eval") ? " and evaluation file" : "") +
         ": **" + text(bench["nodes"]) + "** nodes\n";
  out += "- speed: " + format("%.0f", bench["nodes_per_second"].get<double>()) + " nodes/s (" +
         format("%.2f", bench["seconds"].get<double>()) + " s)\n";
  const Json& build = bench["build_signature"];
  out += "- the build with the default parameters: ";
  if (build.contains("recorded")) {
    out += text(build["defaults_nodes"]) + " nodes, recorded " + text(build["recorded"]) + " in `" + text(build["file"]) +
           "`: " + text(build["result"]) + "\n";
  } else {
    out += "no signature recorded in `" + text(build["file"]) + "`\n";
  }
  return out + "\n";
}

// "- candidate failures: {...}" for each engine of a match that failed at least once.
std::string failure_lines(const Json& faults, const std::string& opponent) {
  std::string out;
  for (int e = 0; e < 2; ++e) {
    const Json& f = faults[e];
    const auto count = f["crash"].get<int>() + f["timeout"].get<int>() + f["illegal"].get<int>() + f["stalled"].get<int>();
    if (count > 0) out += "- " + (e == 0 ? std::string("candidate") : opponent) + " failures: " + f.dump() + "\n";
  }
  return out;
}

// The per-band table of a match over a band suite: one row per band, then one per axis value.
std::string bands_table(const Json& bands) {
  std::string out = "\n| band | games | W-D-L | Elo [95% interval] | |\n| --- | ---: | --- | --- | --- |\n";
  for (const auto& b : bands) {
    const std::string label = b.contains("axis") ? text(b["axis"]) + " " + text(b["band"]) : "**" + text(b["band"]) + "**";
    const Json& wdl = b["wdl"];
    out += "| " + label + " | " + text(b["games"]) + " | " + text(wdl["wins"]) + "-" + text(wdl["draws"]) + "-" +
           text(wdl["losses"]) + " | ";
    if (b.contains("elo")) {
      out += format("%+.1f", b["elo"].get<double>()) + " [" + format("%+.1f", b["elo_lower"].get<double>()) + ", " +
             format("%+.1f", b["elo_upper"].get<double>()) + "]";
    } else {
      out += "no games";
    }
    out += std::string(" | ") + (b["loses"].get<bool>() ? "**loses**" : "") + " |\n";
  }
  return out;
}

std::string match_section(const Json& match) {
  std::string out = "## Match: candidate vs baseline\n\n";
  const Json& wdl = match["wdl"];
  const Json& sprt = match["sprt"];
  out += "- " + text(match["games"]) + " games (" + text(match["pairs"]) + " pairs; at most " + text(match["max_games"]) +
         ") at " + text(match["limit"]) + ", seed " + text(match["seed"]) + "\n";
  out += "- W-D-L " + text(wdl["wins"]) + "-" + text(wdl["draws"]) + "-" + text(wdl["losses"]) + ", score " +
         format("%.1f%%", 100 * match["score"].get<double>()) + ", pentanomial " + match["pentanomial"].dump() + "\n";
  out += "- Elo " + format("%+.1f", match["elo"].get<double>()) + " +- " + format("%.1f", match["elo_error"].get<double>()) +
         ", LOS " + format("%.1f%%", 100 * match["los"].get<double>()) + "\n";
  out += "- SPRT (" + text(sprt["model"]) + ") elo0 " + format("%g", sprt["elo0"].get<double>()) + ", elo1 " +
         format("%g", sprt["elo1"].get<double>()) + ", alpha " + format("%g", sprt["alpha"].get<double>()) + ", beta " +
         format("%g", sprt["beta"].get<double>()) + ": LLR " + format("%.2f", sprt["llr"].get<double>()) + " [" +
         format("%.2f", sprt["lower"].get<double>()) + ", " + format("%.2f", sprt["upper"].get<double>()) + "], **" +
         text(sprt["verdict"]) + "**\n";
  out += failure_lines(match["faults"], "baseline");
  if (match.contains("records")) out += "- records: `" + text(match["records"]) + "`\n";
  if (match.contains("reproducible") && !match["reproducible"].get<bool>()) {
    out += "- the limit is timed: the games, and so the verdict, vary from run to run\n";
  }
  if (match.contains("suite")) out += "- per band of `" + text(match["suite"]) + "`:\n" + bands_table(match["bands"]);
  return out + "\n";
}

std::string clock_section(const Json& clock) {
  // The gate's opponent at the clock: the default parameters, or with --eval the current release.
  const std::string opponent = clock.value("opponent", std::string("default parameters"));
  const bool release = opponent == kClockReleaseOpponent;
  std::string out = "## At the bot's clock: candidate vs " + (release ? opponent : "the default parameters") + "\n\n";
  const Json& wdl = clock["wdl"];
  // Games taken up from the records of an earlier run were played at a concurrency the records do not
  // hold: only the games this run played are said to be played so many at once.
  const std::uint64_t games = clock["games"].get<std::uint64_t>();
  const std::uint64_t resumed = std::min(games, clock.value("resumed_games", std::uint64_t{0}));
  out += "- " + text(clock["games"]) + " games at " + text(clock["limit"]) + " (timed: the games vary from run to run), ";
  if (resumed == 0) {
    out += text(clock["concurrency"]) + " at once";
  } else if (resumed == games) {
    out += "all taken up from the records of a match played before the gate (`--clock-records --resume`)";
  } else {
    out += std::to_string(resumed) + " taken up from the records of an earlier run, " + std::to_string(games - resumed) + " played " +
           text(clock["concurrency"]) + " at once";
  }
  out += ", seed " + text(clock["seed"]) + "\n";
  if (clock.contains("note")) out += "- the clock: " + text(clock["note"]) + "\n";
  out += "- W-D-L " + text(wdl["wins"]) + "-" + text(wdl["draws"]) + "-" + text(wdl["losses"]) + ", pentanomial " +
         clock["pentanomial"].dump() + "\n";
  out += "- Elo " + format("%+.1f", clock["elo"].get<double>()) + " [" + format("%+.1f", clock["elo_lower"].get<double>()) +
         ", " + format("%+.1f", clock["elo_upper"].get<double>()) + "]\n";
  out += failure_lines(clock["faults"], release ? "baseline" : "defaults");
  if (clock.contains("suite")) out += "- per band of `" + text(clock["suite"]) + "`:\n" + bands_table(clock["bands"]);
  if (clock.contains("records")) out += "- records: `" + text(clock["records"]) + "`\n";
  return out + "\n";
}

// A side's learned evaluation file, when it has one (`gamelab release --eval`, or the current release's
// own): the file, where the release keeps it, its form, input set and fingerprint, and how it plays.
std::string eval_line(const Json& side) {
  if (!side.contains("eval")) return "";
  const Json& e = side["eval"];
  std::string out = "  - learned evaluation: `" + text(e["source"]) + "`";
  if (e.contains("file") && text(e["file"]) != text(e["source"])) out += " (the release's copy: `" + text(e["file"]) + "`)";
  return out + ", " + text(e["form"]) + " over " + text(e["inputs"]) + ", fingerprint " + text(e["fingerprint"]) + ", " +
         (text(e["mode"]) == "add" ? "added to the hand-made evaluation" : "replacing the hand-made evaluation") + "\n";
}

// The campaign the candidate came from: where it is, how it was tuned and how it was verified.
std::string campaign_section(const Json& c) {
  std::string out = "## Campaign\n\n- folder: `" + text(c["folder"]) + "` (" + text(c["kind"]) + ")\n";
  if (c.contains("limits")) {
    out += "- tuned at " + text(c["limits"]);
    if (c.contains("iterations")) out += ", " + text(c["iterations"]) + " iterations of " + text(c["pairs_per_iteration"]) + " pairs";
    out += "\n";
  }
  if (c.contains("verify_limits")) out += "- verified at " + text(c["verify_limits"]) + "\n";
  if (c.contains("verification")) {
    const Json& v = c["verification"];
    out += "- its verification: " + text(v["games"]) + " games at " + text(v["limits"]) + ", Elo " +
           format("%+.1f", v["elo"].get<double>()) + " [" + format("%+.1f", v["elo_lower"].get<double>()) + ", " +
           format("%+.1f", v["elo_upper"].get<double>()) + "], " + text(v["verdict"]) + "\n";
  }
  return out + "\n";
}

}  // namespace

std::string release_report_markdown(const Json& data) {
  const Json& gate = data["gate"];
  std::string out = "# " + text(data["game"]) + " release " + text(data["id"]) + "\n\n";
  out += "- date: " + text(data["date"]) + "\n";
  out += "- candidate: `" + text(data["candidate"]["source"]) + "` (fingerprint " + text(data["candidate"]["fingerprint"]) + ")\n";
  out += eval_line(data["candidate"]);
  out += "- baseline: " + text(data["baseline"]["source"]) + " (fingerprint " + text(data["baseline"]["fingerprint"]) + ")\n";
  out += eval_line(data["baseline"]);
  out += "- gate: **" + text(gate["decision"]) + "**" + (gate["forced"].get<bool>() ? " (--force given)" : "") + "\n";
  for (const auto& problem : gate["problems"]) out += "  - " + text(problem) + "\n";
  out += "\n";
  if (data.contains("campaign") && data["campaign"].is_object()) out += campaign_section(data["campaign"]);
  out += perft_section(data["perft"]);
  if (data.contains("bench")) out += bench_section(data["bench"]);
  if (data.contains("match")) {
    out += match_section(data["match"]);
  } else {
    out += std::string("## Match\n\nNo match was played: ") +
           (gate["passed"].get<bool>() ? "the release was forced.\n\n" : "the gate stopped before it.\n\n");
  }
  if (data.contains("clock")) out += clock_section(data["clock"]);
  if (data["candidate"]["params"]["params"].empty()) return out + "## Parameters\n\nNone handed: the bot's own.\n";
  out += "## Parameters\n\n| name | value | min | max |\n| --- | ---: | ---: | ---: |\n";
  for (const auto& p : data["candidate"]["params"]["params"]) {
    out += "| " + text(p["name"]) + " | " + text(p["value"]) + " | " + text(p["min"]) + " | " + text(p["max"]) + " |\n";
  }
  return out;
}

}  // namespace gamelab::eval
