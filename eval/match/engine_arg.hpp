#pragma once
// The --engine argument of `gamelab match`: comma-separated key=value items, a value in single or
// double quotes may hold commas. Keys: name (required); for the lab's engine params=FILE and one or
// more of nodes=N, depth=D, movetime=MS, tc=S+I, tb=FOLDER (endgame tables), eval=FILE (a learned evaluation
// file, docs/tools/train.md §8; a release file as params= brings its own, eval=none leaves it out) and evalmode=add|replace (the learned output added to the hand-made
// evaluation, the default, which measured better; or instead of it); for an external bot cmd="COMMAND", protocol=NAME,
// movetime=MS (the per-move limit the tournament gives, in the limit grammar every command takes; default:
// the game's, GameEntry::bot_time_limit_s; timelimit=SECONDS is its old spelling; a UAI bot takes tc=, depth=
// and nodes= too, in its `go`),
// and, for a bot that takes them (external_call.hpp), params=FILE (its declared parameters, an SPSA
// text or a JSON parameter file) and nodes=N (its node budget).
#include <string>

#include "registry/game_entry.hpp"

namespace gamelab::eval {

struct EngineArg {
  PlayerSpec player;
  // hex fingerprint of the parameters, or "external:<command>" for an external bot, followed by
  // "#<fingerprint>" when the lab hands it parameters
  std::string params_hash;
};

// `--each ITEMS` (as fastchess's -each): the items of `each` that `engine` does not give itself, added to
// it (`engine_with_each("name=a,nodes=5", "tc=10+0.1,nodes=9")` is "name=a,nodes=5,tc=10+0.1").
std::string engine_with_each(const std::string& engine, const std::string& each);

// `game` supplies the default parameters. InputError naming the argument and the problem.
EngineArg parse_engine_arg(const std::string& text, const GameEntry& game);

// Reads the learned evaluation file at `path` as `game`'s engine would; its fingerprint (16 hex
// digits). InputError naming the file and the field when it is another game's, form's, input set's or
// version's, or broken; or when the game's engine loads no such files.
std::string check_learned_eval(const std::string& path, const GameEntry& game);

// The learned evaluation an engine plays: `file` (eval=FILE, --eval FILE; "none": none), else the one
// the parameter file `params` names (a release.json's: a release plays as its bots do), in `mode`
// ("add", "replace", or "" for the default: add, or the release's). InputError naming `what` for a mode
// without a file or an unknown mode. The file itself is checked by add_learned_eval.
LearnedEvalSpec chosen_eval(const std::string& file, const std::string& mode, const std::string& params,
                            const std::string& what);

// The lab's engine `arg` evaluating with the learned evaluation file at `path` (checked as above),
// added to the hand-made evaluation or replacing it; its name in the records becomes
// `<params>+eval:<fingerprint>` (`+replace` when it replaces): another evaluation is another engine.
void add_learned_eval(EngineArg& arg, const GameEntry& game, const std::string& path, bool add);

// The lab's own engine with these parameters and limits (what the tuners and the release gate play).
EngineArg lab_engine(const std::string& name, const ParamSet& params, const SearchLimits& limits);

// An external bot (`bot`'s command, protocol and time limit) handed these parameters and limits.
EngineArg external_engine(const std::string& name, const PlayerSpec& bot, const ParamSet& params, const SearchLimits& limits);
std::string external_hash(const PlayerSpec& player);

}  // namespace gamelab::eval
