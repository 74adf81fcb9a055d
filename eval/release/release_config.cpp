#include "eval/release/release_config.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/text_file.hpp"

namespace gamelab::eval {

std::string release_config_path(const std::string& root, const std::string& game) {
  return root + "/engines/" + game + "/release.json";
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
