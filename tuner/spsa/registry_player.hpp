#pragma once
// The SPSA pair player for real games: each pair is refereed by the game's own rules through the
// registry (eval::play_pair, as the match runner plays it), pairs in parallel with OpenMP. A pair
// depends only on its index, so the outcomes do not depend on the thread count.
#include "core/limits.hpp"
#include "tuner/spsa/campaign.hpp"

namespace gamelab::tuner {

// The engines are `settings.engine(...)` at the campaign's tuning limits: the lab's, or an external bot.
// A game that ends by a fault (a crash, a timeout, an illegal move) stops the campaign with an
// InputError naming it: the iteration is not journalled, and `tune resume` continues once it is fixed.
PairPlayer registry_pair_player(const SpsaSettings& settings, const Positions& positions, int concurrency);

// The campaign's positions when it starts: the opening suite or board folder as `gamelab match`
// loads them (the game's default suite when both are empty), shuffled with `seed`.
Positions campaign_positions(const std::string& game, const std::string& openings, const std::string& boards,
                             std::uint64_t seed);

}  // namespace gamelab::tuner
