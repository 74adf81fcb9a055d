#include "bullets/datagen.hpp"

#include "bullets/engine.hpp"
#include "bullets/eval.hpp"
#include "bullets/generator.hpp"
#include "bullets/notation.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"

namespace gamelab::bullets {

namespace {

// Distinct squares a side can be on next round (walls merge with staying): its own square and its open
// neighbours.
int reachable_next(const State& s, Side side) {
  int count = 1;
  for (int d = 0; d < 4; ++d) count += s.board->wall(s.board->step(s.player[side], static_cast<Dir>(d))) ? 0 : 1;
  return count;
}

State opening_state(const DatagenRequest& request) {
  if (!request.opening.empty()) return parse_position(request.opening, "datagen opening").state;
  BoardRanges ranges;
  ranges.limit_min = 100;
  const GeneratedBoard board = generate_suite(request.seed, 1, ranges).front();
  return parse_position(board.text, board.name).state;
}

}  // namespace

bool tactical(const State& s) {
  for (Side side : {Blue, Red}) {
    const Reach own = reach(s, side);
    if (own.doomed()) return true;
    if (own.horizon > 0 && own.live[1] < reachable_next(s, side)) return true;
  }
  std::array<int, kFeatureCount> counts;
  feature_counts(s, counts);
  return counts[TrapShots] != 0;
}

std::vector<LabelledPosition> datagen_game(const DatagenRequest& request) {
  if (request.limit_games != LimitGames::Draw) {
    throw InputError("--limit-games: --limit-games is for Raichu's ply-limit draws; Bullets datagen labels round-limit games as the draws they are");
  }
  check_limits(request.limits, "datagen limits");
  State s = opening_state(request);
  Rng rng(derive_seed(request.seed, 1));
  for (int ply = 0; ply < request.random_plies && !s.over(); ++ply) {
    ActionList blue, red;
    generate_actions(s, Blue, blue);
    generate_actions(s, Red, red);
    // A few tries for a joint move that does not end the game; if none, the random part stops here.
    bool moved = false;
    for (int attempt = 0; attempt < 20 && !moved; ++attempt) {
      const State next = play(s, blue[rng.below(blue.size())], red[rng.below(red.size())]);
      if (!next.over()) {
        s = next;
        moved = true;
      }
    }
    if (!moved) break;
  }
  const ParamSet params = request.params.size() ? request.params : default_params();
  Engine engines[2] = {Engine(params, derive_seed(request.seed, 2)), Engine(params, derive_seed(request.seed, 3))};
  std::vector<LabelledPosition> positions;
  while (!s.over()) {
    if (!request.skip_tactical || !tactical(s)) positions.push_back({position_text(s, Blue), 0.5, std::nullopt});
    const Action blue = *engines[Blue].search(s, Blue, request.limits).action;
    const Action red = *engines[Red].search(s, Red, request.limits).action;
    s = play(s, blue, red);
  }
  const Outcome outcome = result(s).outcome;
  const double label = outcome == Outcome::BlueWins ? 1.0 : outcome == Outcome::RedWins ? 0.0 : 0.5;
  for (auto& p : positions) p.result = label;
  return positions;
}

}  // namespace gamelab::bullets
