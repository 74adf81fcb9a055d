#include "eval/release/release_config.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/text_file.hpp"

namespace gamelab::eval {

std::string release_config_path(const std::string& root, const std::string& game) {
  return root + "/engines/" + game + "/release.json";
}

std::string release_eval_path(const std::string& root, const std::string& game) {
  return root + "/engines/" + game + "/release.eval";
}

std::optional<ReleaseEval> read_release_eval(const std::string& path) {
  const std::string text = read_text_file(path);
  if (!is_release_config(text)) return std::nullopt;
  const auto data = nlohmann::json::parse(text);
  if (!data.contains("eval") || data["eval"].is_null()) return std::nullopt;
  const auto& e = data["eval"];
  const auto field = [&](const char* key) {
    if (!e.is_object() || !e.contains(key) || !e[key].is_string()) {
      throw InputError(path + ": eval." + key + ": expected a string (the release's learned evaluation)");
    }
    return e[key].get<std::string>();
  };
  ReleaseEval eval{field("file"), field("fingerprint"), field("inputs"), field("form"), true, field("source")};
  const std::string mode = field("mode");
  if (mode != "add" && mode != "replace") throw InputError(path + ": eval.mode is '" + mode + "', expected add or replace");
  eval.add = mode == "add";
  return eval;
}

bool is_release_config(const std::string& text) {
  const auto data = nlohmann::json::parse(text, nullptr, false);
  return !data.is_discarded() && data.is_object() && data.contains("params") && data["params"].is_object();
}

ParamSet load_any_params(const std::string& path, const ParamSet& defaults) {
  const std::string text = read_text_file(path);
  if (!is_release_config(text)) return ParamSet::load_file(path, defaults);
  const auto data = nlohmann::json::parse(text);
  if (data.contains("game") && data["game"] != defaults.game()) {
    throw InputError(path + ": a release configuration of game " + data["game"].dump() + ", not " + defaults.game());
  }
  return ParamSet::from_json(data["params"].dump(), defaults, path + ": params");
}

}  // namespace gamelab::eval
