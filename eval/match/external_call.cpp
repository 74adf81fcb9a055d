#include "eval/match/external_call.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include "core/error.hpp"
#include "core/placeholders.hpp"
#include "registry/game_registry.hpp"

namespace gamelab::eval {

namespace {

// A word for split_command (core/process.hpp): single quotes keep blanks and backslashes.
std::string command_word(const std::string& word) {
  if (word.find('\'') != std::string::npos) throw InputError("path '" + word + "' holds a single quote");
  return "'" + word + "'";
}

// A bot whose protocol carries its limits and options itself (UAI): handed nothing outside it.
bool engine_protocol(const PlayerSpec& player) {
  for (const GameEntry& game : game_registry()) {
    if (game.name == player.protocol) return game.bot_engine_protocol;
  }
  return false;
}

}  // namespace

void check_external_call(const PlayerSpec& player) {
  if (!player.external()) return;
  const std::string what = "engine " + player.name + " ('" + player.command + "')";
  if (engine_protocol(player)) {
    for (const char* word : {"{params}", "{nodes}"}) {
      if (player.command.find(word) != std::string::npos) {
        throw InputError(what + ": " + player.protocol + "'s engines get their options and limits in the protocol " +
                         "(setoption, go), so the command takes no " + word);
      }
    }
    return;
  }
  if (player.command.find("{params}") != std::string::npos && player.params.size() == 0) {
    throw InputError(what + ": the command takes {params} but no parameters are given (params=FILE)");
  }
  if (player.command.find("{nodes}") != std::string::npos && !player.limits.nodes) {
    throw InputError(what + ": the command takes {nodes} but no node budget is given (nodes=N)");
  }
}

ExternalCall::ExternalCall(const PlayerSpec& spec) : player_(spec) {
  if (!spec.external() || engine_protocol(spec)) return;
  const bool has_params = spec.params.size() > 0;
  const bool has_nodes = spec.limits.nodes.has_value();
  std::string prefix;
  std::string& command = player_.command;
  if (has_params) {
    std::string name = (std::filesystem::temp_directory_path() / "gamelab-params-XXXXXX.json").string();
    const int fd = ::mkstemps(name.data(), 5);
    if (fd < 0) throw std::runtime_error("cannot make a parameter file in " + std::filesystem::temp_directory_path().string());
    file_ = name;
    const std::string text = spec.params.to_values_json();
    const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    ::close(fd);
    if (!written) throw std::runtime_error("cannot write the parameter file " + file_);
    // Opens from now on are the bot's: the check that it reads its parameters.
    watch_ = std::make_unique<OpenWatch>(std::vector<std::string>{file_});
    replace_all(command, "{params}", command_word(file_));
    prefix += "GAMELAB_PARAMS=" + command_word(file_) + " ";
  }
  if (has_nodes) {
    const std::string nodes = std::to_string(*spec.limits.nodes);
    replace_all(command, "{nodes}", nodes);
    prefix += "GAMELAB_NODES=" + nodes + " ";
  }
  command = prefix + command;
}

ExternalCall::~ExternalCall() {
  watch_.reset();
  if (!file_.empty()) std::remove(file_.c_str());
}

bool ExternalCall::params_read() {
  return file_.empty() || !watch_ || watch_->opened(0);  // nothing handed, or no way to watch: no claim
}

void check_params_read(ExternalCall& call, int plies, const std::string& where) {
  if (plies < 2 || call.params_read()) return;
  throw InputError("engine " + call.player().name + " was handed its parameters (GAMELAB_PARAMS, {params}) but never "
                   "opened the file in " + where + ": the bot ignores them (docs/tools/your-bot.md §2)");
}

}  // namespace gamelab::eval
