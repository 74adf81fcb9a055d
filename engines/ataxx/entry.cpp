#include "ataxx/entry.hpp"

#include "ataxx/eval.hpp"
#include "ataxx/game.hpp"
#include "ataxx/match.hpp"
#include "registry/entry_of.hpp"

namespace gamelab::ataxx {

// Ataxx's registry entry: what its adapter says (entry_of), its alpha-beta engine, and its games (the
// lab's engine or any UAI engine on a seat). A position is a FEN, in a file or on the command line
// (--board), or the start.
GameEntry game_entry() {
  GameEntry entry = entry_of<Game>("Ataxx");
  add_alphabeta_engine<Game>(entry, default_params, kFeatureCount, load_position_of<Game>);
  entry.play_game = play_game;
  entry.datagen_game = datagen_game;
  entry.bot_time_limit_s = 1;  // a UAI engine's movetime when --engine gives no limit
  entry.bot_engine_protocol = true;  // UAI's go: a clock, movetime, depth or nodes
  return entry;
}

}  // namespace gamelab::ataxx
