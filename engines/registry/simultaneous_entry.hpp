#pragma once
// The registry's perft for a simultaneous game (Bullets, Dog-Cat-Mouse-cheeSe): the game gives its
// root position and how it writes a joint move and the position after it; the counting and the divide
// over joint moves are the same for every such game. And its sparse inputs, blue's view first.
#include <functional>
#include <string>

#include "registry/perft_entry.hpp"
#include "registry/sparse_input_entry.hpp"
#include "search/mcts_knobs.hpp"
#include "search/simultaneous_perft.hpp"

namespace gamelab {

// `joint_text(a0, a1)` writes a joint move; `result_text(state)` the position after it.
template <class Game, class JointText, class ResultText>
PerftReport simultaneous_perft(const typename Game::State& root, std::string position, const PerftRequest& request,
                               JointText joint_text, ResultText result_text) {
  return timed_perft(
      std::move(position), request,
      [&] { return search::simultaneous_perft_divide<Game>(root, request.depth, request.threads); },
      [&](const auto& entry) {
        return PerftLine{joint_text(entry.first, entry.second), result_text(Game::play(root, entry.first, entry.second)),
                         entry.nodes};
      });
}

// A simultaneous game's sparse inputs (`gamelab train`, registry/sparse_input_entry.hpp): the position
// file parsed by `parse` (text, source) -> State, both perspectives written by the game's
// active_sparse_inputs(state, side, out), side 0's (blue's) view first: there is no side to move, and
// self-play labels every position with blue's result, as `features` counts blue's advantage.
template <int MaxActive, class Parse>
SparseInputSet simultaneous_sparse_inputs(std::string name, std::uint32_t count, Parse parse) {
  return sparse_input_set<MaxActive>(std::move(name), count, parse, [](const auto&) { return std::array<int, 2>{0, 1}; });
}

// A simultaneous game's hand-made evaluation for a residual fit (GameEntry::handmade_eval): the position
// file parsed by `parse`, `evaluate(state, weights)` with the parameters' values (side 0's view, what
// the MCTS adds the file's value to), in units of the parameters' mcts_eval_scale per logit.
template <class Parse, class Evaluate>
std::function<HandmadeEval(const ParamSet&)> simultaneous_handmade_eval(Parse parse, Evaluate evaluate) {
  return [parse, evaluate](const ParamSet& params) {
    HandmadeEval out;
    out.value = [parse, evaluate, weights = params.values()](const std::string& text) {
      return static_cast<double>(evaluate(parse(text, "position"), weights.data()));
    };
    out.units_per_logit = search::MctsKnobs::from(params).eval_scale;
    return out;
  };
}

}  // namespace gamelab
