#pragma once
// What the play loops (play_loop.hpp) need of a simultaneous game (Bullets, Dog-Cat-Mouse-cheeSe) and
// is the same for both: seat 0 is blue; the lab's engine on a seat, made from the parameters, a seed
// and the learned evaluation file the request names, if any; blue's score by the rules. A game's Play
// derives from it and adds what is its own.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/rng.hpp"
#include "registry/play_loop.hpp"
#include "registry/simultaneous_learned.hpp"

namespace gamelab::loop {

// A search's estimate as a self-play label's search score, from `seat`'s view: the tree's mean value
// for seat 0 (a win probability, draws ½) as 100 engine units per logit, clamped to ±690 (a value of
// 0.001 or 0.999). None where the tree estimated nothing: bounds proved the action before any
// iteration, or the game was over. The trainer blends it with the outcome (`--wdl`) and fits its scale.
template <class Result>
std::optional<int> self_play_score(const Result& found, int seat) {
  if (found.iterations == 0) return std::nullopt;
  const double v = std::clamp(seat == 0 ? found.value : 1.0 - found.value, 0.001, 0.999);
  return static_cast<int>(std::lround(100.0 * std::log(v / (1.0 - v))));
}

template <class State, class Engine>
class SimultaneousPlay : public Hooks {
 public:
  static constexpr bool simultaneous = true;

  Verdict verdict() const {
    const auto r = result(s_);
    using Outcome = decltype(r.outcome);
    return {r.outcome == Outcome::BlueWins ? 1.0 : r.outcome == Outcome::RedWins ? 0.0 : 0.5,
            std::string(to_string(r.outcome)) + ": " + to_string(r.reason)};
  }

 protected:
  // The referee: an engine on each of the lab's seats, with its parameters (else `defaults`) and its
  // learned evaluation file, seeded from the game's seed and the seat.
  SimultaneousPlay(const State& s, const GameRequest& request, const ParamSet& defaults) : s_(s) {
    for (int seat = 0; seat < 2; ++seat) {
      const PlayerSpec& p = request.players[seat];
      if (p.limits.clock) {
        throw InputError(p.name + ": tc= (a game clock) is for turn-based games; a simultaneous game's tournament " +
                         "gives each move its time: movetime=MS");
      }
      limits_[seat] = p.limits;
      if (p.external()) continue;
      engines_[seat] = std::make_unique<Engine>(p.params.size() ? p.params : defaults, derive_seed(request.seed, seat));
      attach_learned_eval(*engines_[seat], p.learned);
    }
  }
  // Self-play: an engine on each seat, seeded from the request's seed and `seed_index` + the seat.
  SimultaneousPlay(const State& s, const DatagenRequest& request, const ParamSet& defaults, std::uint64_t seed_index) : s_(s) {
    const ParamSet& params = request.params.size() ? request.params : defaults;
    for (std::uint64_t seat = 0; seat < 2; ++seat) {
      engines_[seat] = std::make_unique<Engine>(params, derive_seed(request.seed, seed_index + seat));
      attach_learned_eval(*engines_[seat], request.learned);
      limits_[seat] = request.limits;
    }
  }

  State s_;
  std::unique_ptr<Engine> engines_[2];  // empty on an external seat
  SearchLimits limits_[2];
};

}  // namespace gamelab::loop
