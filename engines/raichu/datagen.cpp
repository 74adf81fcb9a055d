#include "raichu/datagen.hpp"

#include <stdexcept>

#include "core/rng.hpp"
#include "raichu/eval.hpp"
#include "raichu/game.hpp"
#include "raichu/notation.hpp"
#include "search/alphabeta.hpp"

namespace gamelab::raichu {

std::vector<EvalFeature> position_features(const std::string& position_text) {
  const State state = parse_position_text(position_text, "position");
  std::vector<EvalFeature> out;
  for (const auto& f : features(state)) out.push_back({f.index, f.value});
  return out;
}

std::vector<LabelledPosition> datagen_game(const DatagenRequest& request) {
  State s = request.opening.empty() ? start_position(8) : parse_position_text(request.opening, "datagen opening");
  Rng rng(request.seed);
  for (int i = 0; i < request.random_plies; ++i) {
    if (result(s).over()) return {};
    MoveList moves;
    generate_moves(s, moves);
    s = play(s, moves[rng.below(moves.size())]);
  }
  const ParamSet params = request.params.size() ? request.params : default_params();
  search::AlphaBeta<Game> engine(params.values(), search::AlphaBetaKnobs::from(params),
                                 search::SearchOptions::for_limits(request.limits));
  struct Kept {
    std::string position;
    Color side;
  };
  std::vector<Kept> kept;
  std::vector<std::uint64_t> history;
  Result r;
  while (!(r = result(s)).over()) {
    MoveList moves;
    generate_moves(s, moves);
    bool capture = false;
    for (const auto& m : moves) capture = capture || m.is_capture();
    if (!(request.skip_tactical && capture)) kept.push_back({position_line(s), s.side});
    history.push_back(s.hash);
    engine.set_game_history(history);
    const auto found = engine.search(s, request.limits);
    if (!found.best) throw std::logic_error("engine found no move in a live position");
    s = play(s, *found.best);
  }
  const double white = r.outcome == Outcome::WhiteWins ? 1.0 : r.outcome == Outcome::BlackWins ? 0.0 : 0.5;
  std::vector<LabelledPosition> out;
  out.reserve(kept.size());
  for (auto& k : kept) out.push_back({std::move(k.position), k.side == White ? white : 1.0 - white});
  return out;
}

}  // namespace gamelab::raichu
