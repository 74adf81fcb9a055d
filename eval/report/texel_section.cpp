#include "eval/report/texel_section.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>

#include "core/error.hpp"
#include "eval/report/campaign_files.hpp"
#include "eval/report/epoch_curves.hpp"
#include "eval/report/number_format.hpp"
#include "eval/report/svg_chart.hpp"

namespace gamelab::eval::report {

namespace {

using nlohmann::json;

std::string mse(double x) { return fixed(x, 6); }

}  // namespace

Section texel_section(const std::string& dir) {
  const std::string config_path = file_in(dir, "config.json");
  const json config = read_json_file(config_path);
  struct Weight {
    std::string name;
    int before = 0, min = 0, max = 0;
  };
  std::vector<Weight> weights;
  std::string game;
  int epochs = 0;
  try {
    game = config.at("game").get<std::string>();
    epochs = config.at("epochs").get<int>();
    const auto count = config.at("eval_weights").get<std::size_t>();
    const auto& params = config.at("base").at("params");
    for (std::size_t j = 0; j < count && j < params.size(); ++j) {
      weights.push_back({params[j].at("name").get<std::string>(), params[j].at("value").get<int>(),
                         params[j].at("min").get<int>(), params[j].at("max").get<int>()});
    }
  } catch (const json::exception& e) {
    throw InputError(config_path + ": not a Texel campaign configuration (" + e.what() + ")");
  }
  const JsonLines journal = read_json_lines(file_in(dir, "journal.jsonl"));
  const EpochCurves curves = epoch_curves(journal, "train_mse", "validation_mse");
  const auto& [epoch, train, validation] = curves;
  double k = 0;
  for (const auto& line : journal.lines) {
    if (line.contains("k")) k = json_number(line, "k");
  }
  const json checkpoint = std::filesystem::exists(file_in(dir, "checkpoint.json")) ? read_json_file(file_in(dir, "checkpoint.json")) : json();
  if (checkpoint.is_object()) k = json_number(checkpoint, "k", k);
  const int best_epoch = checkpoint.is_object() ? static_cast<int>(json_number(checkpoint, "best_epoch")) : 0;
  const bool validating = curves.validating();

  // The weights after: best.json (the lowest validation error), else the checkpoint's best weights.
  std::map<std::string, int> after;
  if (std::filesystem::exists(file_in(dir, "best.json"))) {
    const json best = read_json_file(file_in(dir, "best.json"));  // named: the loop below must not outlive it
    for (const auto& p : best.at("params")) {
      after[p.at("name").get<std::string>()] = p.at("value").get<int>();
    }
  } else if (checkpoint.is_object() && checkpoint.contains("best_weights")) {
    const auto best = checkpoint["best_weights"].get<std::vector<double>>();
    for (std::size_t j = 0; j < best.size() && j < weights.size(); ++j) {
      after[weights[j].name] = std::clamp(static_cast<int>(std::lround(best[j])), weights[j].min, weights[j].max);
    }
  }

  Section section;
  section.title = "Texel campaign: " + game + ", " + dir;
  section.id = "texel-" + anchor_id(dir);
  const int done = epoch.empty() ? 0 : static_cast<int>(epoch.back());
  section.running = done < epochs;
  const std::size_t best_index = std::min<std::size_t>(static_cast<std::size_t>(std::max(best_epoch, 0)), epoch.size() ? epoch.size() - 1 : 0);
  Cards cards;
  cards.items.push_back({"epochs", std::to_string(done) + " / " + std::to_string(epochs), "full-batch Adam steps",
                         done == epochs ? Tone::Good : Tone::Warn});
  cards.items.push_back({"K", fixed(k, 6), "fitted on the starting weights", Tone::Neutral});
  if (!epoch.empty()) {
    const auto& errors = validating ? validation : train;
    cards.items.push_back({validating ? "validation MSE" : "training MSE", mse(errors[best_index]),
                           "from " + mse(errors.front()) + " at epoch 0", errors[best_index] < errors.front() ? Tone::Good : Tone::Neutral});
    cards.items.push_back({"best epoch", std::to_string(best_epoch), "lowest " + std::string(validating ? "validation" : "training") + " error",
                           Tone::Neutral});
  }
  section.blocks.push_back(cards);

  Facts facts;
  facts.items.push_back({"game", game});
  facts.items.push_back({"campaign folder", dir});
  facts.items.push_back({"data", json_text(config.value("data", json("?"))) + " (" +
                                     json_text(config.value("data_positions", json("?"))) + " positions, hash " +
                                     json_text(config.value("data_hash", json("?"))) + ")"});
  facts.items.push_back({"epochs", std::to_string(done) + " of " + std::to_string(epochs) + ", learning rate " +
                                       json_text(config.value("learning_rate", json("?"))) + ", validation fraction " +
                                       json_text(config.value("validation", json("?")))});
  facts.items.push_back({"K", fixed(k, 6)});
  add_epoch_facts(facts, curves, best_index, "MSE");
  if (!epoch.empty()) facts.items.push_back({"best epoch", std::to_string(best_epoch)});
  if (!journal.note.empty()) facts.items.push_back({"note", journal.note});
  section.blocks.push_back(facts);

  if (!epoch.empty()) {
    section.blocks.push_back(epoch_chart(curves, section.id + "-error", "Mean squared error per epoch",
                                         "Training and validation error after each epoch (epoch 0: the starting weights)."));
  }

  Table table;
  table.caption = "Evaluation weights before (the base set) and after (best.json)";
  table.header = {"weight", "before", "after", "change", "min", "max"};
  table.align = "lrrrrr";
  for (const auto& w : weights) {
    const auto a = after.find(w.name);
    table.rows.push_back({{w.name}, {std::to_string(w.before)}, {a == after.end() ? "-" : std::to_string(a->second)},
                          {a == after.end() ? "-" : signed_fixed(a->second - w.before, 0)}, {std::to_string(w.min)},
                          {std::to_string(w.max)}});
  }
  section.blocks.push_back(table);
  return section;
}

}  // namespace gamelab::eval::report
