// Labelled self-play positions for Texel tuning (`gamelab datagen`, GameEntry::datagen_game).
#include <memory>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "jumpchess/eval.hpp"
#include "jumpchess/game.hpp"
#include "jumpchess/match.hpp"
#include "jumpchess/notation.hpp"
#include "search/alphabeta.hpp"

namespace gamelab::jumpchess {

namespace {

bool capture_available(const MoveList& moves) {
  for (const Move& m : moves) {
    if (m.captured) return true;
  }
  return false;
}

}  // namespace

std::vector<LabelledPosition> datagen_game(const DatagenRequest& request) {
  if (request.limit_games != LimitGames::Draw) {
    throw InputError("--limit-games: a jump chess game that reaches the move limit is scored by pieces in the target, "
                     "not drawn; the option is for Raichu's ply-limit draws");
  }
  State s = request.opening.empty() ? start_position() : parse_position_text(request.opening, "datagen opening");
  Rng rng(request.seed);
  for (int i = 0; i < request.random_plies && !result(s).over(); ++i) {
    MoveList moves;
    generate_moves(s, moves);
    s = play(s, moves[rng.below(moves.size())]);
  }
  const ParamSet params = request.params.size() ? request.params : default_params();
  SearchLimits limits = request.limits;
  if (!limits.any()) limits.depth = 4;
  // One engine plays both sides: the same request gives the same game (its tables carry over between
  // moves, deterministically).
  auto engine = std::make_unique<search::AlphaBeta<Game>>(params.values(), search::AlphaBetaKnobs::from(params),
                                                         search::SearchOptions::for_limits(limits));
  std::vector<std::pair<State, int>> kept;  // with the search's score (side to move's view)
  std::vector<std::uint64_t> history;
  while (!result(s).over()) {
    MoveList moves;
    generate_moves(s, moves);
    history.push_back(Game::hash(s));
    engine->set_game_history(history);
    const auto found = engine->search(s, limits);
    if (!found.best) throw std::logic_error("jump chess engine found no move in a live position");
    if (!(request.skip_tactical && capture_available(moves))) kept.push_back({s, found.score});
    s = play(s, *found.best);
  }
  const Outcome outcome = result(s).outcome;
  std::vector<LabelledPosition> out;
  for (const auto& [p, score] : kept) {
    double label = 0.5;
    if (outcome == Outcome::BlackWins) label = p.side == Black ? 1.0 : 0.0;
    if (outcome == Outcome::WhiteWins) label = p.side == White ? 1.0 : 0.0;
    out.push_back({position_text(p), label, score});
  }
  return out;
}

}  // namespace gamelab::jumpchess
