#include "eval/report/train_section.hpp"

#include <algorithm>
#include <filesystem>

#include "core/error.hpp"
#include "eval/report/campaign_files.hpp"
#include "eval/report/epoch_curves.hpp"
#include "eval/report/number_format.hpp"
#include "eval/report/svg_chart.hpp"

namespace gamelab::eval::report {

namespace {

std::string loss_text(double x) { return fixed(x, 6); }

}  // namespace

Section train_section(const std::string& dir) {
  const std::string config_path = file_in(dir, "config.json");
  const nlohmann::json config = read_json_file(config_path);
  std::string game, form;
  int epochs = 0;
  try {
    game = config.at("game").get<std::string>();
    form = config.at("form").get<std::string>();
    epochs = config.at("epochs").get<int>();
  } catch (const nlohmann::json::exception& e) {
    throw InputError(config_path + ": not a training campaign configuration (" + e.what() + ")");
  }
  const JsonLines journal = read_json_lines(file_in(dir, "journal.jsonl"));
  const EpochCurves curves = epoch_curves(journal, "train_loss", "validation_loss");
  const auto& [epoch, train, validation] = curves;
  double rate = 0;
  for (const auto& line : journal.lines) rate = json_number(line, "positions_per_s", rate);
  const bool validating = curves.validating();
  const auto& losses = validating ? validation : train;
  const std::size_t best = losses.empty() ? 0 : static_cast<std::size_t>(std::min_element(losses.begin(), losses.end()) - losses.begin());
  const int done = epoch.empty() ? 0 : static_cast<int>(epoch.back());

  Section section;
  section.title = "Training campaign: " + game + ", " + dir;
  section.id = "train-" + anchor_id(dir);
  section.running = done < epochs;
  std::string shape = form + " over " + json_text(config.value("input_count", nlohmann::json("?"))) + " inputs";
  if (form == "network") shape += ", 2 x " + json_text(config.value("hidden", nlohmann::json("?"))) + " hidden units";
  Cards cards;
  cards.items.push_back({"epochs", std::to_string(done) + " / " + std::to_string(epochs), "passes over the training positions",
                         done == epochs ? Tone::Good : Tone::Warn});
  if (!epoch.empty()) {
    cards.items.push_back({validating ? "validation loss" : "training loss", loss_text(losses[best]),
                           "from " + loss_text(losses.front()) + " at epoch 0", losses[best] < losses.front() ? Tone::Good : Tone::Neutral});
    cards.items.push_back({"best epoch", fixed(epoch[best], 0), "best.eval", Tone::Neutral});
  }
  if (rate > 0) cards.items.push_back({"speed", fixed(rate / 1e6, 2) + " M", "positions per second, last epoch", Tone::Neutral});
  section.blocks.push_back(cards);

  Facts facts;
  facts.items.push_back({"game", game + " (inputs " + json_text(config.value("inputs", nlohmann::json("?"))) + ")"});
  facts.items.push_back({"form", shape});
  facts.items.push_back({"campaign folder", dir});
  facts.items.push_back({"data", json_text(config.value("data", nlohmann::json("?"))) + " (" +
                                     json_text(config.value("data_positions", nlohmann::json("?"))) + " positions, hash " +
                                     json_text(config.value("data_hash", nlohmann::json("?"))) + ")"});
  facts.items.push_back({"targets", "wdl " + json_text(config.value("wdl", nlohmann::json("?"))) + ", scale " +
                                        json_text(config.value("scale", nlohmann::json("?"))) + " engine units per logit (" +
                                        json_text(config.value("scale_source", nlohmann::json("?"))) + ")"});
  facts.items.push_back({"fit", "Adam, learning rate " + json_text(config.value("learning_rate", nlohmann::json("?"))) + " (x " +
                                    json_text(config.value("lr_gamma", nlohmann::json("?"))) + " an epoch), batch " +
                                    json_text(config.value("batch", nlohmann::json("?"))) + ", validation fraction " +
                                    json_text(config.value("validation", nlohmann::json("?"))) + ", seed " +
                                    json_text(config.value("seed", nlohmann::json("?")))});
  add_epoch_facts(facts, curves, best, "loss");
  for (const char* name : {"best.eval", "current.eval"}) {
    if (std::filesystem::exists(file_in(dir, name))) facts.items.push_back({name, file_in(dir, name)});
  }
  if (!journal.note.empty()) facts.items.push_back({"note", journal.note});
  section.blocks.push_back(facts);

  if (!epoch.empty()) {
    section.blocks.push_back(epoch_chart(curves, section.id + "-loss", "Loss per epoch",
                                         "Training loss (the mean over each epoch's batches) and validation loss (at the "
                                         "epoch's end) per epoch; epoch 0 is the starting weights."));
  }
  return section;
}

}  // namespace gamelab::eval::report
