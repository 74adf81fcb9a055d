#include "bullets/safety.hpp"

#include <algorithm>
#include <bit>
#include <utility>

namespace gamelab::bullets {

namespace {

// Cell bits shifted by `n` squares towards higher cells (n > 0) or lower ones (n < 0), within words
// [lo, hi] of `out` (the rest of `out` is left alone).
void shifted(const CellSet& in, int n, int words, int lo, int hi, CellSet& out) {
  const bool up = n > 0;
  const int bits = up ? n : -n, q = bits >> 6, r = bits & 63;
  for (int i = lo; i <= hi; ++i) {
    std::uint64_t v = 0;
    if (up) {
      if (i - q >= 0) v |= in[i - q] << r;
      if (r && i - q - 1 >= 0) v |= in[i - q - 1] >> (64 - r);
    } else {
      if (i + q < words) v |= in[i + q] >> r;
      if (r && i + q + 1 < words) v |= in[i + q + 1] << (64 - r);
    }
    out[i] = v;
  }
}

}  // namespace

Foresight::Foresight(const State& root, int horizon)
    : root_(root), horizon_(horizon), words_((root.board->cells() + 63) / 64) {
  const Board& board = *root.board;
  for (int cell = 0; cell < board.cells(); ++cell) {
    if (!board.wall(cell)) insert(open_, cell);
  }
  for (int w = 0; w < root.words; ++w) {
    for (std::uint64_t bits = root.slots[w]; bits; bits &= bits - 1) {
      root_slots_.push_back(static_cast<std::uint32_t>(w * 64 + std::countr_zero(bits)));
    }
  }
}

const CellSet& Foresight::bullets_at(std::uint32_t round) {
  const std::size_t k = round - root_.round;
  while (occupied_.size() <= k) {
    CellSet set{};
    const std::uint32_t at = root_.round + static_cast<std::uint32_t>(occupied_.size());
    for (const std::uint32_t slot : root_slots_) insert(set, root_.board->place(static_cast<int>(slot), at).cell);
    occupied_.push_back(set);
  }
  return occupied_[k];
}

bool Foresight::doomed(const State& s, Side side) {
  if ((s.hit >> side) & 1) return true;
  if (s.round >= s.limit) return false;
  // The bullets `s` has beyond the root's (a few: two shots a joint move, six joint moves deep at most);
  // a state not after the root, or far after it, gets a foresight of its own. No allocation: this runs
  // for every check.
  constexpr int kMaxExtra = 32;
  int extra[kMaxExtra];
  int extras = 0;
  if (s.round < root_.round) return Foresight(s, horizon_).doomed(s, side);
  for (int w = 0; w < s.words; ++w) {
    if (root_.slots[w] & ~s.slots[w]) return Foresight(s, horizon_).doomed(s, side);
    for (std::uint64_t bits = s.slots[w] & ~root_.slots[w]; bits; bits &= bits - 1) {
      if (extras == kMaxExtra) return Foresight(s, horizon_).doomed(s, side);
      extra[extras++] = w * 64 + std::countr_zero(bits);
    }
  }
  ++checks_;
  const Board& board = *s.board;
  const int rounds = static_cast<int>(std::min<std::uint32_t>(static_cast<std::uint32_t>(horizon_), s.limit - s.round));
  const int cols = board.cols(), reach_words = (cols + 63) / 64 + 1;
  CellSet live{}, next{}, moved{};
  const int start = s.player[side];
  live[start >> 6] = 1ULL << (start & 63);
  int lo = start >> 6, hi = lo;
  for (int k = 1; k <= rounds; ++k) {
    const std::uint32_t round = s.round + static_cast<std::uint32_t>(k);
    const int from = std::max(0, lo - reach_words), to = std::min(words_ - 1, hi + reach_words);
    for (int i = from; i <= to; ++i) next[i] = live[i];
    for (const int n : {1, -1, cols, -cols}) {
      shifted(live, n, words_, from, to, moved);
      for (int i = from; i <= to; ++i) next[i] |= moved[i];
    }
    const CellSet& bullets = bullets_at(round);
    for (int i = from; i <= to; ++i) next[i] &= open_[i] & ~bullets[i];
    for (int e = 0; e < extras; ++e) {
      const int slot = extra[e];
      const int cell = board.place(slot, round).cell;
      next[cell >> 6] &= ~(1ULL << (cell & 63));
    }
    lo = -1;
    for (int i = from; i <= to; ++i) {
      live[i] = next[i];
      if (next[i]) {
        if (lo < 0) lo = i;
        hi = i;
      }
    }
    if (lo < 0) return true;
  }
  return false;
}

bool Foresight::safe(const State& s, Side side, Action action, bool their_shots) {
  ActionList theirs;
  generate_actions(s, other(side), theirs);
  // A reply that is not a shot changes only where the other player stands, which matters here only when
  // the two collide: the doom check depends on our square and the bullets, so each (our square, their
  // shot) is checked once.
  std::uint32_t seen[kActionCount];
  int seen_count = 0;
  for (const Action b : theirs) {
    if (!their_shots && is_shot(b)) continue;
    const State next = side == Blue ? play(s, action, b) : play(s, b, action);
    const std::uint32_t key = static_cast<std::uint32_t>(next.player[side]) * 16 + (is_shot(b) ? b : kNothing);
    if (std::find(seen, seen + seen_count, key) != seen + seen_count) continue;
    seen[seen_count++] = key;
    if (doomed(next, side)) return false;
  }
  return true;
}

bool Foresight::safe_at(const State& s, Side side, Action action, int depth) {
  if (depth <= 1) return safe(s, side, action);
  // The same position is met again through other replies (its hash covers players, bullets and round).
  const std::uint64_t key = s.hash ^ (0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(1 + side + 2 * action + 32 * depth));
  if (const auto found = known_.find(key); found != known_.end()) return found->second;
  ActionList theirs;
  generate_actions(s, other(side), theirs);
  bool safe_there = true;
  for (const Action b : theirs) {
    if (out_of_budget()) return false;
    const State next = side == Blue ? play(s, action, b) : play(s, b, action);
    if (doomed(next, side)) {
      safe_there = false;
      break;
    }
    ActionList mine;
    generate_actions(next, side, mine);
    // The action that last answered at this depth first, then staying and stepping: our own shot adds a
    // bullet to dodge.
    Action& killer = killer_[static_cast<std::size_t>(std::min(depth, kSafetyDepth))];
    std::stable_partition(mine.begin(), mine.end(), [](Action a) { return !is_shot(a); });
    std::stable_partition(mine.begin(), mine.end(), [](Action a) { return a == kNothing; });
    std::stable_partition(mine.begin(), mine.end(), [&](Action a) { return a == killer; });
    const auto answer = std::find_if(mine.begin(), mine.end(), [&](Action a) { return safe_at(next, side, a, depth - 1); });
    if (answer == mine.end()) {
      safe_there = false;
      break;
    }
    killer = *answer;
  }
  if (out_of_budget()) return false;  // not known: not kept
  known_.emplace(key, safe_there);
  return safe_there;
}

bool Foresight::out_of_budget() {
  if (checks_ > budget_ || late_) return true;
  // The clock every 16 checks: a few hundred microseconds.
  if (deadline_ && (checks_ & 15) == 0 && std::chrono::steady_clock::now() > *deadline_) late_ = true;
  return late_;
}

Action safest(const State& s, Side side, const std::vector<Action>& preference,
              std::optional<std::chrono::steady_clock::time_point> deadline) {
  Foresight sight(s);
  if (deadline) sight.set_deadline(*deadline);
  std::vector<Action> candidates;
  for (const Action a : preference) {
    if (sight.safe(s, side, a)) candidates.push_back(a);
  }
  if (candidates.empty()) return preference.front();
  // Of those, the ones no reply dooms within kLongSafetyHorizon rounds, if any: a shot of its own that
  // closes a corridor 78 or 183 rounds later is certain death the 64 rounds do not see (the clock
  // matches' losses that safety_test.cpp replays). With one candidate there is nothing to choose: the
  // 256 rounds' layout is not made.
  if (candidates.size() > 1) {
    Foresight far(s, kLongSafetyHorizon);
    std::vector<Action> lasting;
    for (const Action a : candidates) {
      if (far.safe(s, side, a)) lasting.push_back(a);
    }
    if (!lasting.empty()) candidates = std::move(lasting);
  }
  const std::uint64_t start = sight.checks();
  sight.set_budget(start + kSafetyBudget);
  for (int depth = 2; depth <= kSafetyDepth; ++depth) {
    // The first candidate safe at this depth; those before it are not, nor at any depth beyond.
    const std::uint64_t before = sight.checks();
    const auto found = std::find_if(candidates.begin(), candidates.end(), [&](Action a) { return sight.safe_at(s, side, a, depth); });
    if (found == candidates.end()) break;  // none (or out of budget): the last depth's first stands
    candidates.erase(candidates.begin(), found);
    // A depth costs several times the one before: one that could not finish within the budget is not
    // begun.
    const std::uint64_t spent = sight.checks() - before;
    if (sight.checks() + kSafetyGrowth * spent > start + kSafetyBudget) break;
  }
  return candidates.front();
}

bool hit_or_doomed(const State& s, Side side) { return Foresight(s).doomed(s, side); }

bool is_safe(const State& s, Side side, Action action, bool their_shots) {
  return Foresight(s).safe(s, side, action, their_shots);
}

std::vector<Action> safe_actions(const State& s, Side side, int depth) {
  Foresight sight(s);
  ActionList mine;
  generate_actions(s, side, mine);
  std::vector<Action> safe;
  for (const Action a : mine) {
    if (sight.safe_at(s, side, a, depth)) safe.push_back(a);
  }
  return safe;
}

}  // namespace gamelab::bullets
