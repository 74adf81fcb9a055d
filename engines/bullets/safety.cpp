#include "bullets/safety.hpp"

#include <algorithm>
#include <bit>
#include <utility>

namespace gamelab::bullets {

namespace {

// `a` moved to the front of `list`, the others kept in order (no allocation, unlike stable_partition).
void to_front(ActionList& list, Action a) {
  if (const auto it = std::find(list.begin(), list.end(), a); it != list.end()) std::rotate(list.begin(), it, it + 1);
}

}  // namespace

Foresight::Foresight(const State& root, int horizon) : root_(root), horizon_(horizon) {
  const Board& board = *root.board;
  for (int cell = 0; cell < board.cells(); ++cell) {
    if (!board.wall(cell)) open_[board.row_of(cell)] |= 1ULL << board.col_of(cell);
  }
  for (int w = 0; w < root.words; ++w) {
    for (std::uint64_t bits = root.slots[w]; bits; bits &= bits - 1) {
      root_slots_.push_back(static_cast<std::uint32_t>(w * 64 + std::countr_zero(bits)));
    }
  }
}

void Foresight::lay_out_repeats() {
  const Board& board = *root_.board;
  std::array<int, 2 * kMaxSize + 1> index_of{};  // per cycle length: its Repeat + 1 (0: none yet)
  for (const std::uint32_t slot : root_slots_) {
    Board::Flight f = board.flight(static_cast<int>(slot), root_.round);
    int& index = index_of[static_cast<std::size_t>(f.length)];
    if (index == 0) {
      repeats_.push_back({f.length, kMaxSize, -1, std::vector<Rows>(static_cast<std::size_t>(f.length))});
      index = static_cast<int>(repeats_.size());
    }
    Repeat& repeat = repeats_[static_cast<std::size_t>(index - 1)];
    for (int phase = 0; phase < f.length; ++phase, f.step()) {
      const int row = f.at_row();
      repeat.phases[static_cast<std::size_t>(phase)][row] |= 1ULL << f.at_col();
      repeat.lo = std::min(repeat.lo, row);
      repeat.hi = std::max(repeat.hi, row);
    }
  }
}

void Foresight::lay_out(std::size_t k) {
  const Board& board = *root_.board;
  const int rows = board.rows(), cols = board.cols();
  // Past the longest cycle the repeats cost less than placing every bullet every round.
  if (repeats_.empty() && !root_slots_.empty() && k >= static_cast<std::size_t>(2 * std::max(rows, cols))) lay_out_repeats();
  while (occupied_.size() <= k) {
    Rows set{};
    const std::size_t i = occupied_.size();
    if (!repeats_.empty()) {
      for (const Repeat& repeat : repeats_) {
        const Rows& squares = repeat.phases[i % static_cast<std::size_t>(repeat.length)];
        for (int r = repeat.lo; r <= repeat.hi; ++r) set[r] |= squares[r];
      }
    } else {
      const std::uint32_t at = root_.round + static_cast<std::uint32_t>(i);
      for (const std::uint32_t slot : root_slots_) {
        const int cell = board.place(static_cast<int>(slot), at).cell;
        set[cell / cols] |= 1ULL << (cell % cols);
      }
    }
    occupied_.push_back(set);
  }
  calm_.resize(occupied_.size());
  Rows free = open_;
  for (std::size_t i = occupied_.size(); i-- > 0;) {
    for (int r = 0; r < rows; ++r) free[r] &= ~occupied_[i][r];
    calm_[i] = free;
  }
}

bool Foresight::doomed(const State& s, Side side) {
  if ((s.hit >> side) & 1) return true;
  if (s.over()) return false;  // the other side hit, or the round limit: nothing can reach this side now
  // The bullets `s` has beyond the root's (a few: two shots a joint move, kSafetyDepth joint moves deep
  // and the depth-1 check's joint move at most); a state not after the root, or far after it, gets a
  // foresight of its own, a whole layout per check (at 32 with the deepening to 16, the deep lines of
  // both sides shooting took 170 ms a move). No allocation: this runs for every check.
  constexpr int kMaxExtra = 2 * (kSafetyDepth + 1);
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
  const int cols = board.cols(), rows = board.rows();
  // The calm squares (calm_) must be laid out to the last round looked at, and no further: a square is
  // calm up to the table's end, so a longer table has fewer (laying out kSafetyDepth rounds more at once
  // made BM_DoomCheck 20 % slower with 2,000 bullets). The rows and columns the new bullets run along are
  // never calm (a bullet keeps to its row or column for ever).
  const std::size_t last = s.round - root_.round + static_cast<std::size_t>(rounds);
  if (occupied_.size() <= last) lay_out(std::max(last, static_cast<std::size_t>(horizon_)));
  std::uint64_t stirred_cols = 0, stirred_rows = 0;  // bit c: column c; bit r: row r
  Board::Flight flights[kMaxExtra];
  for (int e = 0; e < extras; ++e) {
    flights[e] = board.flight(extra[e], s.round);
    if (flights[e].vertical) {
      stirred_cols |= 1ULL << flights[e].col;
    } else {
      stirred_rows |= 1ULL << flights[e].row;
    }
  }
  // Live squares, a word per row; rows [lo, hi] hold them all (the border rows are walls: never live).
  Rows live{};
  const int start = s.player[side];
  int lo = start / cols, hi = lo;
  live[lo] = 1ULL << (start % cols);
  // A check longer than kSafetyHorizon rounds counts once more for each kSafetyHorizon rounds it looks
  // at beyond the first (the budget counts work, and a check to the round limit is many checks' work).
  int next_charge = kSafetyHorizon + 1;
  for (int k = 1; k <= rounds; ++k) {
    if (k == next_charge) {
      ++checks_;
      next_charge += kSafetyHorizon;
    }
    const std::uint32_t round = s.round + static_cast<std::uint32_t>(k);
    const Rows& bullets = occupied_[round - root_.round];
    const int from = std::max(1, lo - 1), to = std::min(rows - 2, hi + 1);
    std::uint64_t above = live[from - 1];  // the row above's live squares before this round
    for (int r = from; r <= to; ++r) {
      const std::uint64_t here = live[r];
      live[r] = (here | here << 1 | here >> 1 | above | live[r + 1]) & open_[r] & ~bullets[r];
      above = here;
    }
    for (int e = 0; e < extras; ++e) {
      Board::Flight& f = flights[e];
      f.step();
      live[f.at_row()] &= ~(1ULL << f.at_col());
    }
    lo = -1;
    std::uint64_t calm = 0;
    const Rows& quiet = calm_[round - root_.round];
    for (int r = from; r <= to; ++r) {
      const std::uint64_t here = live[r];
      if (!here) continue;
      if (lo < 0) lo = r;
      hi = r;
      if (!((stirred_rows >> r) & 1)) calm |= here & quiet[r];
    }
    if (lo < 0) return true;
    // A live square no bullet will visit again: staying there outlives the rounds looked at.
    if (calm & ~stirred_cols) return false;
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
    if ((next.hit >> side) & 1) return false;
    // The other side hit (or the round limit): no threat. Not a key for the replies that follow either:
    // the same square and bullets with the other player alive may doom this side.
    if (next.over()) continue;
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
  // The reply that last caught an action at this depth first: an unsafe action is usually caught by
  // the same reply as its neighbours, and found unsafe sooner.
  Action& refuter = refuter_[static_cast<std::size_t>(std::min(depth, kSafetyDepth))];
  to_front(theirs, refuter);
  bool safe_there = true;
  for (const Action b : theirs) {
    if (out_of_budget()) return false;
    const State next = side == Blue ? play(s, action, b) : play(s, b, action);
    if (doomed(next, side)) {
      safe_there = false;
      refuter = b;
      break;
    }
    if (next.over()) continue;  // the other side hit, or the round limit: nothing more can reach this side
    ActionList mine;
    generate_actions(next, side, mine);
    // The action that last answered at this depth first, then staying and stepping (generate_actions
    // lists the steps, the shots, then staying): our own shot adds a bullet to dodge.
    Action& killer = killer_[static_cast<std::size_t>(std::min(depth, kSafetyDepth))];
    to_front(mine, kNothing);
    to_front(mine, killer);
    const auto answer = std::find_if(mine.begin(), mine.end(), [&](Action a) { return safe_at(next, side, a, depth - 1); });
    if (answer == mine.end()) {
      safe_there = false;
      refuter = b;
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
  // The clock every 16 calls: a few hundred microseconds. (Counted apart from the checks, which a long
  // check advances by several at once and a position met before by none.)
  if (deadline_ && (++polls_ & 15) == 0 && std::chrono::steady_clock::now() > *deadline_) late_ = true;
  return late_;
}

Action safest(const State& s, Side side, const std::vector<Action>& preference,
              std::optional<std::chrono::steady_clock::time_point> deadline) {
  Foresight near(s);
  if (deadline) near.set_deadline(*deadline);
  std::vector<Action> candidates;
  for (const Action a : preference) {
    if (near.safe(s, side, a)) candidates.push_back(a);
  }
  if (candidates.empty()) return preference.front();
  // With one candidate there is nothing to choose: the long layout is not made.
  if (candidates.size() == 1) return candidates.front();
  // Of those, the ones no reply dooms before the round limit, if any: a shot of its own that closes a
  // corridor 78 to 728 rounds later is certain death the 64 rounds do not see (the clock matches' losses
  // that safety_test.cpp replays). Those are deepened to the limit too: on a board full of bullets the
  // 64 rounds see an action safe six joint moves deep where, to the limit, it is safe one deep
  // (clock-deep8's pair 41 at round 940). Where none lasts, the 64 rounds rank the actions.
  Foresight far(s, long_safety_horizon(s));
  if (deadline) far.set_deadline(*deadline);
  std::vector<Action> lasting;
  for (const Action a : candidates) {
    if (far.safe(s, side, a)) lasting.push_back(a);
  }
  Foresight& sight = lasting.empty() ? near : far;
  if (!lasting.empty()) candidates = std::move(lasting);
  // On a move clock the deadline alone ends the deepening: the tree has left the safety its share of the
  // move, and a count made for node-limit play would stop it with that time unspent (clock-deep16's pair
  // 41 at round 697: a shot safe seven joint moves deep kept where three actions were safe eleven deep,
  // because refuting the shot at depth 8 took the count that proving another safe there needed).
  const std::uint64_t start = sight.checks();
  if (!deadline) sight.set_budget(start + kSafetyBudget);
  for (int depth = 2; depth <= kSafetyDepth; ++depth) {
    // The first candidate safe at this depth; those before it are not, nor at any depth beyond.
    const std::uint64_t before = sight.checks();
    const auto found = std::find_if(candidates.begin(), candidates.end(), [&](Action a) { return sight.safe_at(s, side, a, depth); });
    if (found == candidates.end()) break;  // none (or out of budget): the last depth's first stands
    candidates.erase(candidates.begin(), found);
    // A depth costs several times the one before: one that could not finish within the budget is not
    // begun.
    const std::uint64_t spent = sight.checks() - before;
    if (!deadline && sight.checks() + kSafetyGrowth * spent > start + kSafetyBudget) break;
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
