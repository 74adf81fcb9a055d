#pragma once
// What an external program (a team's own bot) is handed for one game: its parameters and its node
// budget (docs/tools/your-bot.md §2).
//
// - Parameters (a PlayerSpec of an external bot whose `params` is not empty): the values are written
//   as {"NAME": value, ...} into a temporary file for the game; `{params}` in the command becomes its
//   path, and the program runs with GAMELAB_PARAMS set to it.
// - Node budget (`limits.nodes` > 0): `{nodes}` in the command becomes the number, and the program runs
//   with GAMELAB_NODES set to it. A bot that honours it plays the same game every time.
//
// - A bot of a game whose protocol carries both (UAI: GameEntry::bot_engine_protocol) is handed
//   neither: the game's play loop sends its parameters as options and its limits in each `go`.
//
// The variables are passed as leading NAME=VALUE words of the command, which every way the lab starts a
// bot turns into the program's environment (core/group_child.hpp); no shell is involved.
#include <memory>
#include <string>

#include "eval/match/open_watch.hpp"

#include "registry/game_entry.hpp"

namespace gamelab::eval {

// InputError if an external bot's command holds {params} without parameters or {nodes} without a
// node budget, naming the engine. Checked once per run, on the engines as they will play (run_match,
// the SPSA pair player), before anything is written.
void check_external_call(const PlayerSpec& player);

class ExternalCall {
 public:
  // A lab engine, or an external bot with neither parameters nor a node budget, passes unchanged.
  explicit ExternalCall(const PlayerSpec& spec);
  ~ExternalCall();  // removes the parameter file
  ExternalCall(const ExternalCall&) = delete;
  ExternalCall& operator=(const ExternalCall&) = delete;

  const PlayerSpec& player() const { return player_; }
  // Whether the program opened its parameter file since the call was made (true when there is none).
  // A bot that never does ignores its parameters: tuning it would be tuning noise.
  bool params_read();

 private:
  PlayerSpec player_;
  std::string file_;
  std::unique_ptr<OpenWatch> watch_;  // the file's opens, while there is a file
};

// InputError when `call` handed parameters to a bot that did not open them in a game of `plies` plies
// (`where` names the game); a game of fewer than 2 plies may end before the bot is called at all.
void check_params_read(ExternalCall& call, int plies, const std::string& where);

}  // namespace gamelab::eval
