#pragma once
// A learned evaluation file on the lab's alpha-beta engine (docs/tools/train.md §8): the game's
// Game::Incremental (Raichu's and jump chess's learned_eval.hpp, on search/learned_line_eval.hpp)
// read from the request's file and set on the engine. A game whose engine has none refuses the file.
#include <string>

#include "core/error.hpp"
#include "registry/game_entry.hpp"
#include "search/alphabeta.hpp"

namespace gamelab {

template <class Game>
void attach_learned_eval(search::AlphaBeta<Game>& engine, const LearnedEvalSpec& spec) {
  if (spec.empty()) return;
  if constexpr (search::AlphaBeta<Game>::kHasIncremental) {
    engine.set_incremental(Game::Incremental::from_file(spec.file, spec.add));
  } else {
    throw InputError(spec.file + ": " + Game::kName + "'s engine does not evaluate with learned evaluation files");
  }
}

}  // namespace gamelab
