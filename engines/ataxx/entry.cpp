#include "ataxx/entry.hpp"

#include "ataxx/eval.hpp"
#include "ataxx/game.hpp"
#include "registry/entry_of.hpp"

namespace gamelab::ataxx {

// Ataxx's registry entry: what its adapter says (entry_of) and its alpha-beta engine. A position is a
// FEN, in a file or on the command line (--board), or the start.
GameEntry game_entry() {
  GameEntry entry = entry_of<Game>("Ataxx");
  add_alphabeta_engine<Game>(entry, default_params, kFeatureCount, load_position_of<Game>);
  return entry;
}

}  // namespace gamelab::ataxx
