#include "eval/report/release_section.hpp"

#include <filesystem>

#include "core/error.hpp"
#include "eval/report/campaign_files.hpp"
#include "eval/report/match_section.hpp"
#include "eval/report/number_format.hpp"

namespace gamelab::eval::report {

namespace {

using nlohmann::json;

const json& member(const json& object, const char* key) {
  static const json none;
  if (!object.is_object()) return none;
  const auto it = object.find(key);
  return it == object.end() ? none : *it;
}

std::string text(const json& object, const char* key) { return json_text(member(object, key)); }

}  // namespace

bool is_release_data(const std::string& path) {
  try {
    const json data = read_json_file(path);
    return data.is_object() && data.contains("gate") && data.contains("perft");
  } catch (const std::exception&) {
    return false;
  }
}

Section release_section(const std::string& path) {
  const json data = read_json_file(path);
  if (!data.is_object() || !data.contains("gate") || !data.contains("perft")) {
    throw InputError(path + ": not a release report's data (no \"gate\" and \"perft\")");
  }
  const json& gate = member(data, "gate");
  const json& perft = member(data, "perft");
  const json& bench = member(data, "bench");
  const json& match = member(data, "match");
  const bool passed = member(gate, "passed").is_boolean() && member(gate, "passed").get<bool>();

  Section section;
  section.title = "Release: " + text(data, "game") + " " + text(data, "id");
  section.id = "release-" + anchor_id(text(data, "game") + "-" + text(data, "id"));
  Cards cards;
  cards.items.push_back({"gate", text(gate, "decision"), passed ? "released" : "not released", passed ? Tone::Good : Tone::Bad});
  const bool perft_ok = text(perft, "result") == "ok";
  cards.items.push_back({"perft", text(perft, "result"), text(perft, "matching") + "/" + text(perft, "counts") + " counts",
                         perft_ok ? Tone::Good : Tone::Bad});
  if (bench.is_object()) {
    cards.items.push_back({"bench signature", text(bench, "nodes"), fixed(json_number(bench, "nodes_per_second"), 0) + " nodes/s",
                           Tone::Neutral});
  }
  if (match.is_object()) {
    const json& sprt = member(match, "sprt");
    const std::string verdict = text(sprt, "verdict");
    cards.items.push_back({"match", signed_fixed(json_number(match, "elo"), 1) + " Elo", verdict + " after " + text(match, "games") + " games",
                           verdict == "accept H1" ? Tone::Good : verdict == "accept H0" ? Tone::Bad : Tone::Neutral});
  }
  section.blocks.push_back(cards);

  Facts facts;
  facts.items.push_back({"game", text(data, "game")});
  facts.items.push_back({"date", text(data, "date")});
  facts.items.push_back({"candidate", text(member(data, "candidate"), "source") + " (fingerprint " +
                                          text(member(data, "candidate"), "fingerprint") + ")"});
  facts.items.push_back({"baseline", text(member(data, "baseline"), "source") + " (fingerprint " +
                                         text(member(data, "baseline"), "fingerprint") + ")"});
  std::string decision = text(gate, "decision");
  if (member(gate, "forced").is_boolean() && member(gate, "forced").get<bool>()) decision += " (--force given)";
  facts.items.push_back({"gate", decision});
  for (const auto& problem : member(gate, "problems")) facts.items.push_back({"problem", json_text(problem)});
  section.blocks.push_back(facts);

  Section perft_section;
  perft_section.title = "Perft check";
  perft_section.id = section.id + "-perft";
  perft_section.blocks.push_back(Facts{{{"dataset", text(perft, "dataset") + (member(perft, "deep").is_boolean() &&
                                                                                   member(perft, "deep").get<bool>()
                                                                               ? " (deep depths included)"
                                                                               : "")},
                                        {"counts", text(perft, "matching") + " of " + text(perft, "counts") + " match"},
                                        {"nodes", text(perft, "nodes") + " in " + fixed(json_number(perft, "seconds"), 2) + " s"},
                                        {"result", text(perft, "result")}}});
  if (member(perft, "mismatches").is_array() && !member(perft, "mismatches").empty()) {
    Table bad;
    bad.caption = "Counts that differ";
    bad.header = {"position", "depth", "expected", "computed"};
    bad.align = "lrrr";
    for (const auto& m : member(perft, "mismatches")) {
      bad.rows.push_back({{text(m, "name")}, {text(m, "depth")}, {text(m, "expected")}, {text(m, "actual")}});
    }
    perft_section.blocks.push_back(bad);
  }
  section.subsections.push_back(perft_section);

  if (bench.is_object()) {
    Section b;
    b.title = "Bench";
    b.id = section.id + "-bench";
    const json& build = member(bench, "build_signature");
    std::string build_text = text(build, "result");
    if (build.contains("recorded")) {
      build_text += ": the defaults give " + text(build, "defaults_nodes") + " nodes, " + text(build, "file") + " records " +
                    text(build, "recorded");
    }
    b.blocks.push_back(Facts{{{"suite", text(bench, "suite") + " at " +
                                            (bench.contains("depth") ? "depth " + text(bench, "depth")
                                                                     : text(bench, "iterations") + " iterations")},
                              {"signature", text(bench, "nodes") + " nodes with the released parameters"},
                              {"speed", fixed(json_number(bench, "nodes_per_second"), 0) + " nodes/s (" +
                                            fixed(json_number(bench, "seconds"), 2) + " s)"},
                              {"build signature", build_text}}});
    section.subsections.push_back(b);
  }

  if (match.is_object()) {
    const json& sprt = member(match, "sprt");
    const json& wdl = member(match, "wdl");
    Section m;
    m.title = "Match: candidate vs baseline";
    m.id = section.id + "-match";
    m.blocks.push_back(Facts{{{"games", text(match, "games") + " (" + text(match, "pairs") + " pairs; at most " +
                                            text(match, "max_games") + ") at " + text(match, "limit") + ", seed " +
                                            text(match, "seed")},
                              {"W-D-L", text(wdl, "wins") + "-" + text(wdl, "draws") + "-" + text(wdl, "losses")},
                              {"score", fixed(json_number(match, "score", 0.5), 4)},
                              {"Elo", fixed(json_number(match, "elo"), 2) + " +- " + fixed(json_number(match, "elo_error"), 2)},
                              {"LOS", percent(json_number(match, "los", 0.5), 2)},
                              {"SPRT", text(sprt, "model") + " Elo, H0 " + fixed(json_number(sprt, "elo0"), 2) + ", H1 " +
                                           fixed(json_number(sprt, "elo1"), 2)},
                              {"LLR", fixed(json_number(sprt, "llr"), 3) + ", bounds [" + fixed(json_number(sprt, "lower"), 3) +
                                          ", " + fixed(json_number(sprt, "upper"), 3) + "]"},
                              {"verdict", text(sprt, "verdict")}}});
    const json& records = member(match, "records");
    const std::string records_path =
        records.is_string() ? (std::filesystem::path(path).parent_path() / records.get<std::string>()).string() : "";
    if (!records_path.empty() && std::filesystem::exists(records_path)) {
      MatchInput input;
      input.path = records_path;
      input.records = read_records(records_path).records;
      try {
        SprtConfig s;
        s.elo0 = sprt.at("elo0").get<double>();
        s.elo1 = sprt.at("elo1").get<double>();
        s.alpha = sprt.at("alpha").get<double>();
        s.beta = sprt.at("beta").get<double>();
        s.model = parse_elo_model(sprt.at("model").get<std::string>());
        input.sprt = s;
        input.sprt_source = "from the release data";
      } catch (const json::exception&) {
      }
      input.title = "The gate's match, pair by pair";
      input.id = section.id + "-records";
      if (!input.records.empty()) m.subsections.push_back(match_section(input));
    }
    section.subsections.push_back(m);
  }

  const json& params = member(member(member(data, "candidate"), "params"), "params");
  if (params.is_array()) {
    Section p;
    p.title = "Released parameters";
    p.id = section.id + "-params";
    Table table;
    table.header = {"name", "value", "min", "max"};
    table.align = "lrrr";
    table.scroll = params.size() > 14;
    for (const auto& item : params) {
      table.rows.push_back({{text(item, "name")}, {text(item, "value")}, {text(item, "min")}, {text(item, "max")}});
    }
    p.blocks.push_back(table);
    section.subsections.push_back(p);
  }
  return section;
}

}  // namespace gamelab::eval::report
