#pragma once
// A learned evaluation file on the lab's engine of a simultaneous game (Dog-Cat-Mouse-cheeSe, Bullets;
// docs/tools/train.md §8): the request's file read as the engine's Learned (search/learned_leaf_eval.hpp)
// reads it, once per process, and given to the engine, whose MCTS evaluates its leaves with it. The
// alpha-beta games' counterpart is alphabeta_learned.hpp.
#include "registry/game_entry.hpp"

namespace gamelab {

// Engine: set_learned_eval(file, add_handmade) and Engine::Learned::load(path). An empty spec leaves
// the engine as it was.
template <class Engine>
void attach_learned_eval(Engine& engine, const LearnedEvalSpec& spec) {
  if (spec.empty()) return;
  engine.set_learned_eval(Engine::Learned::load(spec.file), spec.add);
}

}  // namespace gamelab
