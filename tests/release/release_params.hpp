#pragma once
// A release bot plays the configuration frozen in engines/GAME/release.json: its `--print-params` are
// that file's parameters (the defaults while there is none), and the file names the source parameters'
// fingerprint.
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/params.hpp"
#include "core/process.hpp"
#include "core/text_file.hpp"

namespace gamelab::testing {

// `bot` (its path; `name` in messages) against engines/`game`/release.json, `defaults` the game's.
inline void check_release_params(const std::string& bot, const std::string& name, const std::string& game,
                                 const ParamSet& defaults) {
  const ProcessResult r = run_process({bot, "--print-params"}, "", 5.0);
  REQUIRE(r.exit_code == 0);
  const ParamSet compiled = ParamSet::from_json(r.out, defaults, name + " --print-params");
  const std::string path = std::string(GAMELAB_SOURCE_DIR) + "/engines/" + game + "/release.json";
  if (!std::filesystem::exists(path)) {
    CHECK(compiled == defaults);
    return;
  }
  const auto release = nlohmann::json::parse(read_text_file(path));
  const ParamSet frozen = ParamSet::from_json(release.at("params").dump(), defaults, path);
  // The bot compiles in the values (a release from a campaign carries the campaign's c_end and r_end,
  // tuning settings that play no part in a game).
  CHECK(compiled.values() == frozen.values());
  // The fingerprint the gate recorded is over the parameters the engine had then; one the engine gained
  // since plays its default (frozen_params) and is left out here.
  std::vector<Param> released;
  for (const auto& p : release.at("params").at("params")) released.push_back(compiled.at(compiled.index_of(p.at("name").get<std::string>())));
  CHECK(release.at("source_params_fingerprint") == ParamSet(compiled.game(), released).fingerprint_hex());
}

}  // namespace gamelab::testing
