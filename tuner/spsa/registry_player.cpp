#include "tuner/spsa/registry_player.hpp"

#include <exception>
#include <mutex>
#include <span>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "eval/match/external_call.hpp"
#include "eval/match/match_runner.hpp"
#include "eval/match/referee_game.hpp"
#include "registry/game_registry.hpp"
#include "tuner/campaign_files.hpp"

namespace gamelab::tuner {

PairPlayer registry_pair_player(const SpsaSettings& settings, const Positions& positions, int concurrency) {
  const GameEntry& game = eval::find_match_game(settings.game);  // a referee's game too (eval/match/referee_game.hpp)
  if (!game.play_game) throw InputError("game " + game.name + " cannot play games yet (no referee in the registry)");
  const SearchLimits limits = campaign_limits(settings.limits, "campaign limits");
  if (!settings.external() && !limits.reproducible()) {
    throw InputError("tuning needs node or depth limits (reproducible), not " + to_string(limits));
  }
  if (concurrency < 1) throw InputError("--concurrency must be at least 1");
  eval::check_external_call(settings.engine("plus", settings.base, settings.limits).player);
  return [&game, settings, positions, concurrency](const PairJob& job, const std::vector<std::uint64_t>& pairs) {
    const eval::EngineArg plus = settings.engine("plus", job.plus, settings.limits);
    const eval::EngineArg minus = settings.engine("minus", job.minus, settings.limits);
    std::vector<PairOutcome> outcomes(pairs.size());
    std::exception_ptr failure;
    std::mutex lock;
    const long count = static_cast<long>(pairs.size());
#pragma omp parallel for schedule(dynamic, 1) num_threads(concurrency)
    for (long i = 0; i < count; ++i) {
      try {
        const eval::PairRecord r = eval::play_pair(game, positions, plus, minus, job.seed, pairs[i]);
        for (int g = 0; g < 2; ++g) {
          const eval::GameRecord& played = r.games[g];
          if (played.termination == eval::Termination::Normal) continue;
          throw InputError("iteration " + std::to_string(job.iteration) + ", pair " + std::to_string(pairs[i]) + ", game " +
                           std::to_string(g + 1) + ": " + std::string(eval::to_string(played.termination)) + " by " +
                           played.seats[played.fault.value_or(0)] + " (" + played.reason +
                           "); tuning stops at a faulty game, `gamelab tune resume` continues once the bot is fixed");
        }
        outcomes[i] = {r.games[0].score_of("plus"), r.games[1].score_of("plus")};
      } catch (...) {
        std::lock_guard<std::mutex> guard(lock);
        if (!failure) failure = std::current_exception();
      }
    }
    if (failure) std::rethrow_exception(failure);
    return outcomes;
  };
}

Positions campaign_positions(const std::string& game, const std::string& openings, const std::string& boards,
                             std::uint64_t seed) {
  eval::MatchConfig config;
  config.game = game;
  config.openings = openings;
  config.boards = boards;
  Positions positions = eval::load_match_positions(config);
  Rng rng(derive_seed(seed, 0x5350534104ULL));
  rng.shuffle(std::span(positions));
  return positions;
}

}  // namespace gamelab::tuner
