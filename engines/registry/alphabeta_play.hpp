#pragma once
// What the play loops (play_loop.hpp) need of a turn-based game with an alpha-beta engine (Raichu,
// jump chess) and is the same for both: the lab's engine on a seat (in self-play one engine on both
// seats, its tables carrying over between moves, deterministically), the game's history it sees,
// seeded random moves, and captures as the tactical positions. A game's Play derives from it and adds
// what is its own: its bot, its texts and its end.
#include <algorithm>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "registry/alphabeta_learned.hpp"
#include "registry/play_loop.hpp"
#include "search/alphabeta.hpp"

namespace gamelab::loop {

template <class Game>
class AlphaBetaPlay : public Hooks {
 public:
  using State = typename Game::State;
  using Action = typename Game::Move;
  static constexpr bool simultaneous = false;

  bool over() const { return result(s_).over(); }
  int to_move() const { return s_.side == first_ ? 0 : 1; }
  bool tactical() const {
    typename Game::MoveList moves;
    Game::generate_moves(s_, moves);
    return std::any_of(moves.begin(), moves.end(), [&](const Action& m) { return Game::is_capture(s_, m); });
  }
  bool random_step() {
    typename Game::MoveList moves;
    Game::generate_moves(s_, moves);
    s_ = Game::play(s_, moves[rng_.below(moves.size())]);
    return true;
  }

 protected:
  using Engine = search::AlphaBeta<Game>;

  // The referee: an engine on each of the lab's seats, with its parameters (else `defaults`).
  AlphaBetaPlay(const State& s, const GameRequest& request, const ParamSet& defaults) : s_(s), first_(s.side) {
    for (int seat = 0; seat < 2; ++seat) {
      const PlayerSpec& p = request.players[seat];
      limits_[seat] = p.limits;
      clocks_[seat] = SeatClock(p.limits.clock);
      if (!p.external()) engines_[seat] = engine(p.params.size() ? p.params : defaults, p.limits, p.learned);
    }
  }
  // Self-play: one engine on both seats, with the request's parameters (else `defaults`).
  AlphaBetaPlay(const State& s, const DatagenRequest& request, const ParamSet& defaults, const SearchLimits& limits)
      : s_(s), first_(s.side), rng_(request.seed), params_(request.params.size() ? request.params : defaults) {
    engines_[0] = engines_[1] = engine(params_, limits, request.learned);
    limits_[0] = limits_[1] = limits;
  }

  // The engine's move on `seat`, the side to move; history_ already holds the position.
  // On a clock, the move's wall time comes off it, and a move past it loses on time.
  Answer<Action> engine_move(int seat) {
    engines_[seat]->set_game_history(history_);
    const auto start = std::chrono::steady_clock::now();
    const auto found = engines_[seat]->search(s_, clocks_[seat].limits(limits_[seat]));
    if (!found.best) throw std::logic_error(std::string(Game::kName) + " engine found no move in a live position");
    const std::string late =
        clocks_[seat].charge(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    if (!late.empty()) return {*found.best, Termination::Timeout, true, late};
    return {*found.best, found.score};
  }
  // Seat 0's result from colour 0's.
  double seat0(double colour0) const { return first_ == 0 ? colour0 : 1.0 - colour0; }

  State s_;
  int first_;  // seat 0's colour: it moves first from the opening
  std::shared_ptr<Engine> engines_[2];  // empty on an external seat
  SearchLimits limits_[2];
  SeatClock clocks_[2];  // the referee's: each seat's clock (tc=), else off
  std::vector<std::uint64_t> history_;  // the hashes of the game's positions so far (repetitions)
  Rng rng_{1};
  ParamSet params_;  // self-play: the engine's

 private:
  static std::shared_ptr<Engine> engine(const ParamSet& params, const SearchLimits& limits, const LearnedEvalSpec& learned) {
    auto e = std::make_shared<Engine>(params.values(), search::AlphaBetaKnobs::from(params),
                                      search::SearchOptions::for_limits(limits));
    attach_learned_eval(*e, learned);
    return e;
  }
};

}  // namespace gamelab::loop
