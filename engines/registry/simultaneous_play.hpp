#pragma once
// What the play loops (play_loop.hpp) need of a simultaneous game (Bullets, Dog-Cat-Mouse-cheeSe) and
// is the same for both: seat 0 is blue; the lab's engine on a seat, made from the parameters, a seed
// and the learned evaluation file the request names, if any; blue's score by the rules. A game's Play
// derives from it and adds what is its own.
#include <cstdint>
#include <memory>
#include <string>

#include "core/rng.hpp"
#include "registry/play_loop.hpp"
#include "registry/simultaneous_learned.hpp"

namespace gamelab::loop {

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
