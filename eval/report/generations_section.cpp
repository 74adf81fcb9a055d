#include "eval/report/generations_section.hpp"

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

// One generation's three journal lines (a missing one stays null: the step has not happened yet).
struct Generation {
  json data, train, match;
};

std::string text_of(const json& line, const char* key) {
  return line.is_object() && line.contains(key) ? json_text(line[key]) : "";
}

std::string member(const json& config, const char* part, const char* key) {
  return config.contains(part) && config[part].contains(key) ? json_text(config[part][key]) : "?";
}

}  // namespace

Section generations_section(const std::string& dir) {
  const std::string config_path = file_in(dir, "config.json");
  const json config = read_json_file(config_path);
  std::string game;
  int planned = 0;
  try {
    game = config.at("game").get<std::string>();
    planned = config.at("generations").get<int>();
  } catch (const json::exception& e) {
    throw InputError(config_path + ": not a generations campaign configuration (" + e.what() + ")");
  }
  const JsonLines journal = read_json_lines(file_in(dir, "journal.jsonl"));
  std::map<int, Generation> generations;
  for (const auto& line : journal.lines) {
    const int k = static_cast<int>(json_number(line, "generation"));
    const std::string step = line.value("step", std::string());
    if (step == "data") generations[k].data = line;
    else if (step == "train") generations[k].train = line;
    else if (step == "match") generations[k].match = line;
  }
  int done = 0, best = 0;
  for (const auto& [k, g] : generations) {
    if (g.match.is_object()) {
      done = k;
      best = static_cast<int>(json_number(g.match, "best"));
    }
  }

  Section section;
  section.title = "Generations campaign: " + game + ", " + dir;
  section.id = "generations-" + anchor_id(dir);
  Cards cards;
  cards.items.push_back({"generations", std::to_string(done) + " / " + std::to_string(planned),
                         "self-play, training, verification", done == planned ? Tone::Good : Tone::Warn});
  // Generation 0 is the hand-made evaluation, or it with the learned file the campaign started from.
  const std::string gen0 = config.contains("start_eval") ? "gen-0/best.eval (the evaluation it started from)" : "the hand-made evaluation";
  cards.items.push_back({"best now", "gen" + std::to_string(best), best == 0 ? gen0 : "gen-" + std::to_string(best) + "/train/best.eval",
                         best > 0 ? Tone::Good : Tone::Neutral});
  section.blocks.push_back(cards);

  Facts facts;
  facts.items.push_back({"game", game});
  facts.items.push_back({"campaign folder", dir});
  facts.items.push_back({"seed", config.contains("seed") ? json_text(config["seed"]) : "?"});
  facts.items.push_back({"data", member(config, "data", "games") + " self-play games a generation at " + member(config, "data", "limit") +
                                     " by the current best, " + member(config, "data", "random_plies") + " random plies first"});
  facts.items.push_back({"training", member(config, "train", "form") + " (hidden " + member(config, "train", "hidden") + "), " +
                                         member(config, "train", "epochs") + " epochs, learning rate " +
                                         member(config, "train", "learning_rate") + " (x " + member(config, "train", "lr_gamma") +
                                         " an epoch), wdl " + member(config, "train", "wdl") + ", validation " +
                                         member(config, "train", "validation")});
  std::string sprt = "?";
  if (config.contains("match") && config["match"].contains("sprt")) {
    const json& s = config["match"]["sprt"];
    sprt = "elo0=" + json_text(s.value("elo0", json("?"))) + ", elo1=" + json_text(s.value("elo1", json("?")));
  }
  facts.items.push_back({"verification", "the new best.eval against the current best at " + member(config, "match", "limit") +
                                             ", SPRT " + sprt + ", at most " + member(config, "match", "games") +
                                             " games; undecided at the cap: " + member(config, "match", "undecided")});
  facts.items.push_back({"evaluation", config.value("eval_mode", std::string()) == "replace"
                                           ? "the learned output replaces the hand-made evaluation"
                                           : "the learned output is added to the hand-made evaluation"});
  if (!journal.note.empty()) facts.items.push_back({"note", journal.note});
  section.blocks.push_back(facts);

  Table table;
  table.caption = "Generations (gen0 is " + gen0 + "; losses at the training's best epoch)";
  table.header = {"gen", "data by", "games", "positions", "data hash", "best epoch", "train loss", "validation loss",
                  "against", "W-D-L", "Elo [95%]", "LLR", "verdict", "best after"};
  table.align = "llrrlrrrlrrrll";
  ErrorBarChart chart;
  chart.title = "Each generation against the best before it";
  chart.x_label = "Elo";
  for (const auto& [k, g] : generations) {
    std::vector<Cell> row = {{"gen" + std::to_string(k)}};
    if (g.data.is_object()) {
      row.push_back({"gen" + text_of(g.data, "played_by")});
      row.push_back({text_of(g.data, "games")});
      row.push_back({text_of(g.data, "positions")});
      row.push_back({text_of(g.data, "data_hash")});
    } else {
      for (int i = 0; i < 4; ++i) row.push_back({""});
    }
    if (g.train.is_object()) {
      row.push_back({text_of(g.train, "best_epoch") + " / " + text_of(g.train, "epochs")});
      row.push_back({fixed(json_number(g.train, "train_loss"), 6)});
      row.push_back({fixed(json_number(g.train, "validation_loss"), 6)});
    } else {
      for (int i = 0; i < 3; ++i) row.push_back({""});
    }
    if (g.match.is_object()) {
      const double elo = json_number(g.match, "elo"), lower = json_number(g.match, "elo_lower"), upper = json_number(g.match, "elo_upper");
      const std::string interval = signed_fixed(elo, 1) + " [" + signed_fixed(lower, 1) + ", " + signed_fixed(upper, 1) + "]";
      row.push_back({text_of(g.match, "opponent")});
      row.push_back({text_of(g.match, "wins") + "-" + text_of(g.match, "draws") + "-" + text_of(g.match, "losses")});
      row.push_back({interval});
      row.push_back({g.match["llr"].is_number() ? fixed(g.match["llr"].get<double>(), 2) : "-"});
      row.push_back({text_of(g.match, "verdict"), "", "", text_of(g.match, "reason")});
      row.push_back({"gen" + text_of(g.match, "best") + (g.match.value("promoted", false) ? " (promoted)" : "")});
      chart.items.push_back({"gen" + std::to_string(k) + " vs " + text_of(g.match, "opponent"), elo, lower, upper, interval});
    } else {
      for (int i = 0; i < 6; ++i) row.push_back({""});
    }
    table.rows.push_back(row);
  }
  if (!chart.items.empty()) {
    section.blocks.push_back(Chart{error_bar_chart_svg(chart), "Each generation's verification: its Elo against the best "
                                                               "evaluation before it (dot) and the 95% interval."});
  }
  section.blocks.push_back(table);
  section.running = done < planned;
  // The generation under way: its verification match's games so far (gen-K/match.jsonl, no journal line yet).
  if (!generations.empty() && !generations.rbegin()->second.match.is_object()) {
    const int k = generations.rbegin()->first;
    const std::string records = file_in(dir, "gen-" + std::to_string(k) + "/match.jsonl");
    if (std::filesystem::exists(records)) {
      const RecordsFile file = read_records(records);
      if (!file.records.empty()) {
        MatchInput match;
        match.path = records;
        match.records = file.records;
        if (config.contains("match") && config["match"].contains("sprt") && config["match"]["sprt"].is_object()) {
          const json& s = config["match"]["sprt"];
          try {
            SprtConfig sprt;
            sprt.elo0 = s.at("elo0").get<double>();
            sprt.elo1 = s.at("elo1").get<double>();
            sprt.alpha = s.value("alpha", sprt.alpha);
            sprt.beta = s.value("beta", sprt.beta);
            if (s.contains("model")) sprt.model = parse_elo_model(s["model"].get<std::string>());
            match.sprt = sprt;
            match.sprt_source = "from config.json";
          } catch (const json::exception&) {  // no SPRT of its own: the path is drawn against the default bounds
          }
        }
        match.title = "Generation " + std::to_string(k) + "'s verification match, running";
        match.id = section.id + "-gen" + std::to_string(k) + "-match";
        Section live = match_section(match);
        if (auto w = truncation_warning(file); !w.empty()) live.blocks.insert(live.blocks.begin(), Paragraph{w, true});
        section.subsections.push_back(live);
      }
    }
  }
  section.blocks.push_back(Paragraph{"Each generation's training campaign is a folder of its own (" + dir +
                                         "/gen-K/train): gamelab report draws its loss curves.",
                                     true});
  return section;
}

}  // namespace gamelab::eval::report
