#pragma once
// The learned evaluation compiled into a release bot (core/embedded_eval.hpp: the bytes of
// engines/<game>/release.eval, its fingerprint and mode from release.json) on the bot's engine,
// exactly as eval=FILE,evalmode=MODE puts a file on the lab's engine (registry/alphabeta_learned.hpp,
// simultaneous_learned.hpp): the same evaluator over the same file, added or replacing. Only where the
// file comes from differs. An empty EmbeddedEval (a release without one) leaves the engine as it was.
#include <memory>

#include "core/embedded_eval.hpp"
#include "search/alphabeta.hpp"

namespace gamelab::search {

// Raichu's and jump chess's alpha-beta: the game's Incremental (learned_line_eval.hpp).
template <class Game>
void attach_embedded_eval(AlphaBeta<Game>& engine, const learned::EmbeddedEval& eval) {
  if (eval.empty()) return;
  static_assert(AlphaBeta<Game>::kHasIncremental, "the game's alpha-beta plays no learned evaluation files");
  using Eval = typename Game::Incremental;
  engine.set_incremental(std::make_unique<Eval>(learned::load_embedded_eval(eval, Eval::expect()), eval.add));
}

// The simultaneous games' engines (Dog-Cat-Mouse-cheeSe, Bullets): set_learned_eval(file, add_handmade)
// over Engine::Learned (learned_leaf_eval.hpp).
template <class Engine>
void attach_embedded_eval(Engine& engine, const learned::EmbeddedEval& eval) {
  if (eval.empty()) return;
  engine.set_learned_eval(learned::load_embedded_eval(eval, Engine::Learned::expect()), eval.add);
}

}  // namespace gamelab::search
