#include "registry/game_registry.hpp"

#include "core/error.hpp"
#include "bullets/entry.hpp"
#include "dcms/entry.hpp"
#include "jumpchess/entry.hpp"
#include "raichu/entry.hpp"

namespace gamelab {

const std::vector<GameEntry>& game_registry() {
  static const std::vector<GameEntry> games = {
      raichu::game_entry(),
      jumpchess::game_entry(),
      bullets::game_entry(),
      dcms::game_entry(),
  };
  return games;
}

const GameEntry& find_game(const std::string& name) {
  std::string known;
  for (const auto& game : game_registry()) {
    if (game.name == name) return game;
    known += (known.empty() ? "" : ", ") + game.name;
  }
  throw InputError("unknown game '" + name + "'; known games: " + known);
}

}  // namespace gamelab
