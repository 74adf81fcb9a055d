#include "eval/match/engine_arg.hpp"

#include <cstdio>
#include <map>
#include <optional>

#include "core/error.hpp"
#include "core/eval_file.hpp"

namespace gamelab::eval {

namespace {

std::map<std::string, std::string> split_items(const std::string& text) {
  std::map<std::string, std::string> items;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t eq = text.find('=', i);
    if (eq == std::string::npos) throw InputError("--engine '" + text + "': '" + text.substr(i) + "' is not key=value");
    const std::string key = text.substr(i, eq - i);
    std::string value;
    std::size_t j = eq + 1;
    if (j < text.size() && (text[j] == '"' || text[j] == '\'')) {
      const char quote = text[j];
      const std::size_t close = text.find(quote, j + 1);
      if (close == std::string::npos) throw InputError("--engine '" + text + "': unterminated quote after " + key + "=");
      value = text.substr(j + 1, close - j - 1);
      j = close + 1;
      if (j < text.size() && text[j] != ',') throw InputError("--engine '" + text + "': expected ',' after the quoted " + key);
    } else {
      const std::size_t comma = text.find(',', j);
      value = text.substr(j, comma == std::string::npos ? std::string::npos : comma - j);
      j = comma == std::string::npos ? text.size() : comma;
    }
    if (key.empty()) throw InputError("--engine '" + text + "': empty key");
    if (!items.emplace(key, value).second) throw InputError("--engine '" + text + "': '" + key + "' given twice");
    i = j < text.size() ? j + 1 : j;
  }
  return items;
}

}  // namespace

std::string engine_with_each(const std::string& engine, const std::string& each) {
  if (each.empty()) return engine;
  const auto own = split_items(engine);
  std::string out = engine;
  for (const auto& [key, value] : split_items(each)) {
    if (own.count(key)) continue;  // the engine's own value wins
    const bool quote = value.find(',') != std::string::npos;
    out += (out.empty() ? "" : ",") + key + "=" + (quote ? "\"" + value + "\"" : value);
  }
  return out;
}

std::string check_learned_eval(const std::string& path, const GameEntry& game) {
  if (!game.learned_eval) {
    throw InputError(path + ": " + game.name + "'s engine does not evaluate with learned evaluation files (eval=); " +
                     "raichu's does");
  }
  const learned::EvalFile file =
      learned::read_eval_file(path, {game.name, "", game.sparse_inputs.name, game.sparse_inputs.count});
  return file.fingerprint_hex();
}

EngineArg parse_engine_arg(const std::string& text, const GameEntry& game) {
  auto items = split_items(text);
  EngineArg arg;
  auto take = [&](const char* key) -> std::string {
    auto it = items.find(key);
    if (it == items.end()) return "";
    std::string v = it->second;
    items.erase(it);
    return v;
  };
  arg.player.name = take("name");
  if (arg.player.name.empty()) throw InputError("--engine '" + text + "': name=... is required");
  const std::string command = take("cmd");
  const std::string protocol = take("protocol");
  const std::string timelimit = take("timelimit");
  const std::string params = take("params");
  const std::string tablebase = take("tb");
  const std::string eval_file = take("eval");
  const std::string eval_mode = take("evalmode");
  std::string limits;
  for (const char* key : {"nodes", "depth", "movetime", "tc"}) {
    const std::string v = take(key);
    if (!v.empty()) limits += (limits.empty() ? "" : ",") + std::string(key) + "=" + v;
  }
  if (!items.empty()) {
    throw InputError("--engine '" + text + "': unknown key '" + items.begin()->first +
                     "' (name, params, nodes, depth, movetime, tc, tb, eval, evalmode, cmd, protocol)");
  }
  if (!command.empty()) {
    if (!limits.empty()) arg.player.limits = parse_limits(limits, "--engine " + arg.player.name);
    std::optional<double> bot_movetime_s;
    // A bot of a game without an engine protocol gets its tournament's per-move time: movetime=MS in the
    // limit grammar every command takes (timelimit=SECONDS is the old spelling).
    if (!game.bot_engine_protocol && arg.player.limits.movetime_ms) {
      if (!timelimit.empty()) throw InputError("--engine '" + text + "': give movetime=MS or timelimit=SECONDS, not both");
      bot_movetime_s = movetime_seconds(*arg.player.limits.movetime_ms, "--engine '" + text + "'");
      arg.player.limits.movetime_ms.reset();
    }
    if (!tablebase.empty() || !eval_file.empty() || !eval_mode.empty()) {
      throw InputError("--engine '" + text + "': an external bot (cmd=) takes no tb, eval or evalmode");
    }
    const SearchLimits& l = arg.player.limits;
    if (!game.bot_engine_protocol && (l.depth || l.clock)) {
      throw InputError("--engine '" + text + "': " + game.name + "'s bots (cmd=) take params=, nodes=, protocol= and " +
                       "movetime= (their time per move), not depth or tc");
    }
    if (game.bot_engine_protocol && !timelimit.empty()) {
      throw InputError("--engine '" + text + "': " + game.name + "'s bots take tc=, movetime=, depth= or nodes=, not " +
                       "timelimit=");
    }
    arg.player.command = command;
    if (!params.empty()) arg.player.params = ParamSet::declared_file(params, game.name);
    arg.player.protocol = protocol.empty() ? game.name : protocol;
    arg.player.time_limit_s = bot_movetime_s.value_or(game.bot_time_limit_s);
    if (arg.player.protocol != game.name) {
      throw InputError("--engine '" + text + "': protocol '" + arg.player.protocol + "' is not " + game.name + "'s");
    }
    if (!timelimit.empty()) {
      try {
        arg.player.time_limit_s = std::stod(timelimit);
      } catch (const std::exception&) {
        arg.player.time_limit_s = 0;
      }
      if (!(arg.player.time_limit_s > 0) || arg.player.time_limit_s > 3600) {
        throw InputError("--engine '" + text + "': timelimit '" + timelimit + "' must be a number of seconds in (0, 3600]");
      }
    }
    arg.params_hash = external_hash(arg.player);
    return arg;
  }
  if (!protocol.empty() || !timelimit.empty()) {
    throw InputError("--engine '" + text + "': protocol= and timelimit= belong to external bots (cmd=)");
  }
  if (!game.default_params) throw InputError("game " + game.name + " has no engine yet; use an external bot (cmd=)");
  arg.player.params = params.empty() ? game.default_params() : ParamSet::load_file(params, game.default_params());
  const LearnedEvalSpec learned = chosen_eval(eval_file, eval_mode, params, "--engine '" + text + "'");
  if (limits.empty()) throw InputError("--engine '" + text + "': give nodes=N, depth=D, movetime=MS or tc=SECONDS+INC");
  arg.player.limits = parse_limits(limits, "--engine " + arg.player.name);
  arg.params_hash = arg.player.params.fingerprint_hex();
  if (!tablebase.empty()) {
    if (!game.tablebase) throw InputError("--engine '" + text + "': " + game.name + " has no endgame tables (tb=)");
    arg.player.tablebase = tablebase;
    arg.params_hash += "+tb";  // the same weights with tables are another engine
  }
  // Beside the hand-made evaluation unless told.
  if (!learned.empty()) add_learned_eval(arg, game, learned.file, learned.add);
  return arg;
}

LearnedEvalSpec chosen_eval(const std::string& file, const std::string& mode, const std::string& params,
                            const std::string& what) {
  if (!mode.empty() && mode != "replace" && mode != "add") throw InputError(what + ": evalmode '" + mode + "' is not replace or add");
  if (file == "none") {
    if (!mode.empty()) throw InputError(what + ": evalmode= goes with eval=FILE, not eval=none");
    return {};
  }
  if (!file.empty()) return {file, mode != "replace"};
  const auto named = ParamSet::named_eval(params);
  if (!named) {
    if (!mode.empty()) throw InputError(what + ": evalmode= goes with eval=FILE");
    return {};
  }
  return {named->file, mode.empty() ? named->add : mode != "replace"};
}

void add_learned_eval(EngineArg& arg, const GameEntry& game, const std::string& path, bool add) {
  // Read now, so that a file of another game, form or version is refused before any game is played.
  const std::string fingerprint = check_learned_eval(path, game);
  arg.player.learned.file = path;
  arg.player.learned.add = add;
  // Another evaluation is another engine, as tables are.
  arg.params_hash += "+eval:" + fingerprint + (add ? "" : "+replace");
}

std::string external_hash(const PlayerSpec& player) {
  std::string hash = "external:" + player.command;
  if (player.params.size()) hash += "#" + player.params.fingerprint_hex();
  return hash;
}

EngineArg external_engine(const std::string& name, const PlayerSpec& bot, const ParamSet& params, const SearchLimits& limits) {
  EngineArg arg;
  arg.player = bot;
  arg.player.name = name;
  arg.player.params = params;
  arg.player.limits = limits;
  arg.params_hash = external_hash(arg.player);
  return arg;
}

EngineArg lab_engine(const std::string& name, const ParamSet& params, const SearchLimits& limits) {
  EngineArg arg;
  arg.player.name = name;
  arg.player.params = params;
  arg.player.limits = limits;
  arg.params_hash = params.fingerprint_hex();
  return arg;
}

}  // namespace gamelab::eval
