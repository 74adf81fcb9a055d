#include "registry/game_registry.hpp"

#include "core/error.hpp"

namespace gamelab {

// game_registry() itself is generated from the list of games (game_list.cpp.in).

const GameEntry& find_game(const std::string& name) {
  std::string known;
  for (const auto& game : game_registry()) {
    if (game.name == name) return game;
    known += (known.empty() ? "" : ", ") + game.name;
  }
  throw InputError("unknown game '" + name + "'; known games: " + known);
}

}  // namespace gamelab
