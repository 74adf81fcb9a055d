#pragma once
// The registry's perft and search for a turn-based game with an alpha-beta engine (Raichu, jump
// chess): the game gives its root position and how it writes a move and the position after it; the
// counting, the divide, the iterations and the report are the same for every such game.
#include <functional>
#include <string>
#include <vector>

#include "registry/alphabeta_learned.hpp"
#include "registry/perft_entry.hpp"
#include "registry/sparse_input_entry.hpp"
#include "search/alphabeta.hpp"
#include "search/perft.hpp"

namespace gamelab {

// `move_text(move, state)` writes a move made from `state`; `result_text(state)` the position after
// the best move as the tournament writes it.
template <class Game, class MoveText, class ResultText>
PerftReport alphabeta_perft(const typename Game::State& root, std::string position, const PerftRequest& request,
                            MoveText move_text, ResultText result_text) {
  return timed_perft(
      std::move(position), request, [&] { return search::perft_divide<Game>(root, request.depth, request.threads); },
      [&](const auto& entry) {
        return PerftLine{move_text(entry.move, root), result_text(Game::play(root, entry.move)), entry.nodes};
      });
}

// The moves of a principal variation from `s`, each written from the position it is made in.
template <class Game, class MoveText>
std::string pv_text(typename Game::State s, const std::vector<typename Game::Move>& pv, MoveText move_text) {
  std::string out;
  for (const auto& m : pv) {
    out += (out.empty() ? "" : " ") + move_text(m, s);
    s = Game::play(s, m);
  }
  return out;
}

// One search with the request's parameters (the game's defaults when it gives none) and limits.
template <class Game, class MoveText, class ResultText>
SearchReport alphabeta_search(const typename Game::State& root, const SearchRequest& request, const ParamSet& defaults,
                              MoveText move_text, ResultText result_text) {
  const ParamSet& params = request.params.size() ? request.params : defaults;
  search::AlphaBeta<Game> engine(params.values(), search::AlphaBetaKnobs::from(params));
  attach_learned_eval(engine, request.learned);
  const auto result = engine.search(root, request.limits, [&](const search::IterationInfo<typename Game::Move>& info) {
    if (request.on_iteration) {
      request.on_iteration({info.depth, info.score, info.nodes, info.seconds, pv_text<Game>(root, info.pv, move_text)});
    }
  });
  SearchReport report;
  if (result.best) {
    report.best_move = move_text(*result.best, root);
    report.result = result_text(Game::play(root, *result.best));
  }
  report.score = result.score;
  report.depth = result.depth;
  report.nodes = result.nodes;
  report.seconds = result.seconds;
  return report;
}

// A turn-based game's sparse inputs (`gamelab train`, registry/sparse_input_entry.hpp): the position file
// parsed by `parse`, both perspectives written by the game's active_sparse_inputs(state, color, out), the
// side to move's view first (opponent() found by argument-dependent lookup).
template <int MaxActive, class State>
SparseInputSet side_to_move_sparse_inputs(std::string name, std::uint32_t count,
                                          State (*parse)(const std::string& text, const std::string& source)) {
  return sparse_input_set<MaxActive>(std::move(name), count, parse,
                                     [](const State& state) { return std::array{state.side, opponent(state.side)}; });
}

// A turn-based game's hand-made evaluation for a residual fit (GameEntry::handmade_eval): the
// position file parsed by `parse`, Game::evaluate with the parameters' values, kept below a decided
// game's scores as the search keeps it (search::static_score), from the side to move's view
// (perspective 0). The engine adds the file's output times the file's scale to it, so its units per
// logit are the file's scale (0).
template <class Game, class State>
std::function<HandmadeEval(const ParamSet&)> alphabeta_handmade_eval(State (*parse)(const std::string& text,
                                                                                    const std::string& source)) {
  return [parse](const ParamSet& params) {
    HandmadeEval out;
    out.value = [parse, weights = params.values()](const std::string& text) {
      const State state = parse(text, "position");
      return static_cast<double>(search::static_score(Game::evaluate(state, weights.data())));
    };
    return out;
  };
}

}  // namespace gamelab
