#pragma once
// The --engine argument of `gamelab match`: comma-separated key=value items, a value in single or
// double quotes may hold commas. Keys: name (required); for the lab's engine params=FILE and one or
// more of nodes=N, depth=D, movetime=MS; for an external bot cmd="COMMAND", protocol=NAME and
// timelimit=SECONDS (the per-move limit the tournament gives; default: the game's, GameEntry::bot_time_limit_s).
#include <string>

#include "registry/game_entry.hpp"

namespace gamelab::eval {

struct EngineArg {
  PlayerSpec player;
  std::string params_hash;  // hex fingerprint of the parameters, or "external:<command>"
};

// `game` supplies the default parameters. InputError naming the argument and the problem.
EngineArg parse_engine_arg(const std::string& text, const GameEntry& game);

// The lab's own engine with these parameters and limits (what the tuners and the release gate play).
EngineArg lab_engine(const std::string& name, const ParamSet& params, const SearchLimits& limits);

}  // namespace gamelab::eval
