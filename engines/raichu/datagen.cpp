#include "raichu/datagen.hpp"

#include <array>
#include <stdexcept>

#include "core/rng.hpp"
#include "raichu/eval.hpp"
#include "raichu/game.hpp"
#include "raichu/notation.hpp"
#include "raichu/tablebase.hpp"
#include "search/alphabeta.hpp"

namespace gamelab::raichu {

std::vector<EvalFeature> position_features(const std::string& position_text) {
  const State state = parse_position_text(position_text, "position");
  std::vector<EvalFeature> out;
  for (const auto& f : features(state)) out.push_back({f.index, f.value});
  return out;
}

namespace {

// The material of the side to move minus the other's, by the evaluation's material weights.
int material_balance(const State& s, const ParamSet& params) {
  std::array<int, kFeatureCount> counts{};
  feature_counts(s, counts);
  const auto values = params.values();
  return counts[MaterialPichu] * values[MaterialPichu] + counts[MaterialPikachu] * values[MaterialPikachu] +
         counts[MaterialRaichu] * values[MaterialRaichu];
}

}  // namespace

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
    int score = 0;  // the search's, side to move's view
  };
  std::vector<Kept> kept;
  std::vector<std::uint64_t> history;
  std::shared_ptr<const tb::Tablebase> tables;
  if (!request.adjudication_tables.empty()) tables = tb::shared_tablebase(request.adjudication_tables, s.n);
  Result r;
  while (!(r = result(s)).over()) {
    if (tables) {
      if (const auto v = tables->probe(s)) {  // the exact result from here on
        const double mover = tb::mover_result(tb::within_limit(*v, s.ply_limit - s.ply));
        const double white = s.side == White ? mover : 1.0 - mover;
        std::vector<LabelledPosition> out;
        out.reserve(kept.size());
        for (auto& k : kept) out.push_back({std::move(k.position), k.side == White ? white : 1.0 - white, k.score});
        return out;
      }
    }
    MoveList moves;
    generate_moves(s, moves);
    bool capture = false;
    for (const auto& m : moves) capture = capture || m.is_capture();
    history.push_back(s.hash);
    engine.set_game_history(history);
    const auto found = engine.search(s, request.limits);
    if (!found.best) throw std::logic_error("engine found no move in a live position");
    if (!(request.skip_tactical && capture)) kept.push_back({position_line(s), s.side, found.score});
    s = play(s, *found.best);
  }
  double white = r.outcome == Outcome::WhiteWins ? 1.0 : r.outcome == Outcome::BlackWins ? 0.0 : 0.5;
  if (r.reason == EndReason::PlyLimit) {
    if (request.limit_games == LimitGames::Drop) return {};
    if (request.limit_games == LimitGames::Material) {
      const int balance = material_balance(s, params);  // the side to move's
      const double mover = balance > 0 ? 1.0 : balance < 0 ? 0.0 : 0.5;
      white = s.side == White ? mover : 1.0 - mover;
    }
  }
  std::vector<LabelledPosition> out;
  out.reserve(kept.size());
  for (auto& k : kept) out.push_back({std::move(k.position), k.side == White ? white : 1.0 - white, k.score});
  return out;
}

}  // namespace gamelab::raichu
