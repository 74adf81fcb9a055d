#include "tuner/generations/settings.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/rng.hpp"
#include "registry/game_registry.hpp"
#include "tuner/campaign_files.hpp"

namespace gamelab::generations {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

constexpr int kGenerationsFormat = 1;

// A limit a step can repeat: nodes or depth, never wall time.
void check_limit(const std::string& text, const std::string& what) {
  if (!parse_limits(text, what).reproducible()) {
    throw InputError(what + " '" + text + "': a generation must give the same games when run again: nodes=N or depth=D");
  }
}

}  // namespace

std::string_view to_string(Step step) {
  switch (step) {
    case Step::Data: return "data";
    case Step::Train: return "train";
    case Step::Match: return "match";
  }
  return "?";
}

Step parse_step(const std::string& text, const std::string& what) {
  for (Step s : {Step::Data, Step::Train, Step::Match}) {
    if (text == to_string(s)) return s;
  }
  throw InputError(what + ": '" + text + "' is not a step (data, train or match)");
}

std::string_view to_string(Undecided rule) { return rule == Undecided::Keep ? "keep" : "positive"; }

Undecided parse_undecided(const std::string& text, const std::string& what) {
  if (text == "keep") return Undecided::Keep;
  if (text == "positive") return Undecided::Positive;
  throw InputError(what + ": '" + text + "' is not keep or positive");
}

ordered_json GenerationsSettings::to_json() const {
  ordered_json j;
  j["kind"] = "generations";
  j["format"] = kGenerationsFormat;
  j["game"] = game;
  j["generations"] = generations;
  j["seed"] = seed;
  j["params"] = {{"file", params_file}, {"fingerprint", params_fingerprint}};
  j["eval_mode"] = eval_add ? "add" : "replace";
  // Only when given: a campaign that starts from the hand-made evaluation writes the config it always did.
  if (!start_eval_file.empty()) j["start_eval"] = {{"file", start_eval_file}, {"fingerprint", start_eval_fingerprint}};
  j["data"] = {{"games", data.games},
               {"limit", data.limit},
               {"openings", data.openings},
               {"random_plies", data.random_plies},
               {"keep_tactical", data.keep_tactical}};
  j["train"] = {{"form", train::to_string(train.form)},
                {"hidden", train.hidden},
                {"epochs", train.epochs},
                {"batch", train.batch},
                {"learning_rate", train.learning_rate},
                {"lr_gamma", train.lr_gamma},
                {"wdl", train.wdl},
                {"scale", train.scale},
                {"validation", train.validation},
                {"data_window", data_window},
                {"residual", residual},
                {"warm_start", warm_start}};
  j["match"] = {{"limit", match.limit},
                {"games", match.games},
                {"openings", match.openings},
                {"boards", match.boards},
                {"suite", match.suite},
                {"sprt", tuner::sprt_json(match.sprt)},
                {"undecided", std::string(to_string(match.undecided))}};
  return j;
}

GenerationsSettings GenerationsSettings::from_json(const json& j, const std::string& source) {
  GenerationsSettings s;
  try {
    if (j.at("kind").get<std::string>() != "generations") throw InputError(source + ": not a generations campaign");
    if (j.at("format").get<int>() != kGenerationsFormat) {
      throw InputError(source + ": campaign format " + j.at("format").dump() + " unknown");
    }
    s.game = j.at("game").get<std::string>();
    s.generations = j.at("generations").get<int>();
    s.seed = j.at("seed").get<std::uint64_t>();
    s.params_file = j.at("params").at("file").get<std::string>();
    s.params_fingerprint = j.at("params").at("fingerprint").get<std::string>();
    s.eval_add = j.at("eval_mode").get<std::string>() != "replace";
    if (j.contains("start_eval")) {
      s.start_eval_file = j.at("start_eval").at("file").get<std::string>();
      s.start_eval_fingerprint = j.at("start_eval").at("fingerprint").get<std::string>();
    }
    const json& d = j.at("data");
    s.data.games = d.at("games").get<int>();
    s.data.limit = d.at("limit").get<std::string>();
    s.data.openings = d.at("openings").get<std::string>();
    s.data.random_plies = d.at("random_plies").get<int>();
    s.data.keep_tactical = d.at("keep_tactical").get<bool>();
    const json& t = j.at("train");
    s.train.form = train::parse_form(t.at("form").get<std::string>());
    s.train.hidden = t.at("hidden").get<std::uint32_t>();
    s.train.epochs = t.at("epochs").get<int>();
    s.train.batch = t.at("batch").get<std::size_t>();
    s.train.learning_rate = t.at("learning_rate").get<double>();
    s.train.lr_gamma = t.at("lr_gamma").get<double>();
    s.train.wdl = t.at("wdl").get<double>();
    s.train.scale = t.at("scale").get<int>();
    s.train.validation = t.at("validation").get<double>();
    s.data_window = t.value("data_window", 1);  // campaigns made before it trained on their own generation's data
    s.residual = t.value("residual", false);     // and fitted the whole target
    s.warm_start = t.value("warm_start", false); // from random weights
    const json& m = j.at("match");
    s.match.limit = m.at("limit").get<std::string>();
    s.match.games = m.at("games").get<int>();
    s.match.openings = m.at("openings").get<std::string>();
    s.match.boards = m.at("boards").get<std::string>();
    s.match.suite = m.at("suite").get<std::string>();
    s.match.sprt = tuner::sprt_from_json(m.at("sprt"));
    s.match.undecided = parse_undecided(m.at("undecided").get<std::string>(), source + ": match.undecided");
  } catch (const json::exception& e) {
    throw InputError(source + ": not a generations campaign configuration (" + e.what() + ")");
  }
  const train::TrainOptions& t = s.train;
  if (s.generations < 1 || s.data_window < 1 || s.data.games < 1 || s.data.random_plies < 0 || s.match.games < 2 || t.epochs < 1 ||
      t.batch < 1 || !(t.learning_rate > 0) || !(t.lr_gamma >= 0 && t.lr_gamma <= 1) || !(t.wdl >= 0 && t.wdl <= 1) ||
      t.scale < 0 || !(t.validation >= 0 && t.validation < 1) || (t.form == train::Form::Network && (t.hidden < 1 || t.hidden > 1024))) {
    throw InputError(source + ": a setting is out of range (generations >= 1, data.games >= 1, random_plies >= 0, "
                     "match.games >= 2, epochs >= 1, batch >= 1, learning_rate > 0, lr_gamma and wdl in [0, 1], scale >= 0, "
                     "validation in [0, 1), hidden in [1, 1024])");
  }
  if (s.residual && !s.eval_add) {
    throw InputError(source + ": train.residual fits each network over the hand-made evaluation it is added to, so the "
                     "eval mode must be add, not replace");
  }
  check_limit(s.data.limit, source + ": data.limit");
  check_limit(s.match.limit, source + ": match.limit");
  return s;
}

std::uint64_t step_seed(std::uint64_t seed, int generation, Step step) {
  return derive_seed(derive_seed(seed, static_cast<std::uint64_t>(generation)), static_cast<std::uint64_t>(step));
}

const std::vector<SettingFlag>& setting_flags() {
  static const std::vector<SettingFlag> flags = {
      {"--seed", "/seed"},
      {"--params", "/params"},
      {"--eval-mode", "/eval_mode"},
      {"--start-eval", "/start_eval"},
      {"--games", "/data/games"},
      {"--data-limit", "/data/limit"},
      {"--data-openings", "/data/openings"},
      {"--random-plies", "/data/random_plies"},
      {"--keep-tactical", "/data/keep_tactical"},
      {"--form", "/train/form"},
      {"--hidden", "/train/hidden"},
      {"--epochs", "/train/epochs"},
      {"--batch", "/train/batch"},
      {"--learning-rate", "/train/learning_rate"},
      {"--lr-gamma", "/train/lr_gamma"},
      {"--wdl", "/train/wdl"},
      {"--scale", "/train/scale"},
      {"--validation", "/train/validation"},
      {"--residual", "/train/residual"},
      {"--match-limit", "/match/limit"},
      {"--match-games", "/match/games"},
      {"--openings", "/match/openings"},
      {"--boards", "/match/boards"},
      {"--suite", "/match/suite"},
      {"--sprt", "/match/sprt"},
      {"--undecided", "/match/undecided"},
  };
  return flags;
}

void check_resume_flags(const GenerationsSettings& stored, const GenerationsSettings& asked,
                        const std::vector<std::string>& given, const std::string& config_path) {
  const ordered_json have = stored.to_json(), want = asked.to_json();
  for (const SettingFlag& f : setting_flags()) {
    if (std::find(given.begin(), given.end(), f.flag) == given.end()) continue;
    const ordered_json::json_pointer member(f.member);
    // A member written only when set (start_eval) is null where it is not.
    const ordered_json had = have.contains(member) ? have.at(member) : ordered_json();
    const ordered_json wants = want.contains(member) ? want.at(member) : ordered_json();
    if (had == wants) continue;
    throw InputError(f.flag + " gives " + wants.dump() + ", but the campaign was made with " + had.dump() +
                     " (" + config_path + ", " + f.member + "); --resume continues with the campaign's settings: leave " +
                     f.flag + " out (only --generations, --data-window, --warm-start, --threads and --concurrency may change)");
  }
}

void check_generations_game(const GameEntry& game) {
  std::string lacks;
  if (!game.learned_eval) lacks = "its engine does not evaluate with learned evaluation files (GameEntry::learned_eval)";
  else if (!game.sparse_inputs.active) lacks = "it has no sparse inputs to train on (GameEntry::sparse_inputs)";
  else if (!game.datagen_game || !game.play_game || !game.default_params) lacks = "it has no self-play data or matches";
  if (lacks.empty()) return;
  std::string able;
  for (const GameEntry& g : game_registry()) {
    if (g.learned_eval && g.sparse_inputs.active && g.datagen_game && g.play_game && g.default_params) {
      able += (able.empty() ? "" : ", ") + g.name;
    }
  }
  throw InputError("gamelab generations " + game.name + ": " + game.title + " cannot run generations: " + lacks +
                   ", so a trained file could not play the next generation's data or its match; games that can: " +
                   (able.empty() ? "none" : able));
}

}  // namespace gamelab::generations
