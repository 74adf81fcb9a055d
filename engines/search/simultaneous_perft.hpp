#pragma once
// Perft for simultaneous-move games (docs/rules/common.md §2). A "move" is a pair (blue's action, red's action),
// each side's actions taken after merging those with the same effect on that side's pieces. So
// perft(s, d) counts the sequences of exactly d joint moves; the last ply is bulk-counted as
// |actions of side 0| x |actions of side 1|.
#include <concepts>
#include <cstdint>
#include <vector>

namespace gamelab::search {

// What perft needs of a simultaneous game G:
//  - G::ends_before_moves(s): the game is over in s.
//  - G::generate_actions(s, side, list): side 0's or side 1's distinct actions (never empty while the
//    game goes on: staying still is an action).
//  - G::play(s, a0, a1): the successor after both actions are executed together.
template <class G>
concept SimultaneousPerftGame = requires(const typename G::State& s, typename G::ActionList& list,
                                         const typename G::Action& a) {
  { G::ends_before_moves(s) } -> std::convertible_to<bool>;
  G::generate_actions(s, 0, list);
  { G::play(s, a, a) } -> std::same_as<typename G::State>;
};

template <SimultaneousPerftGame G>
std::uint64_t simultaneous_perft(const typename G::State& state, int depth) {
  if (depth == 0) return 1;
  if (G::ends_before_moves(state)) return 0;
  typename G::ActionList first, second;
  G::generate_actions(state, 0, first);
  G::generate_actions(state, 1, second);
  if (depth == 1) return static_cast<std::uint64_t>(first.size()) * second.size();
  std::uint64_t total = 0;
  for (const auto& a : first) {
    for (const auto& b : second) total += simultaneous_perft<G>(G::play(state, a, b), depth - 1);
  }
  return total;
}

template <class Action>
struct JointDivideEntry {
  Action first;
  Action second;
  std::uint64_t nodes = 0;
};

// Perft split by root joint move, the joint moves shared dynamically among `threads` threads.
// The counts do not depend on the thread count.
template <SimultaneousPerftGame G>
std::vector<JointDivideEntry<typename G::Action>> simultaneous_perft_divide(
    const typename G::State& state, int depth, int threads) {
  std::vector<JointDivideEntry<typename G::Action>> entries;
  if (depth <= 0 || G::ends_before_moves(state)) return entries;
  typename G::ActionList first, second;
  G::generate_actions(state, 0, first);
  G::generate_actions(state, 1, second);
  for (const auto& a : first) {
    for (const auto& b : second) entries.push_back({a, b, 0});
  }
  const long count = static_cast<long>(entries.size());
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads > 0 ? threads : 1)
  for (long k = 0; k < count; ++k) {
    auto& entry = entries[static_cast<std::size_t>(k)];
    entry.nodes = simultaneous_perft<G>(G::play(state, entry.first, entry.second), depth - 1);
  }
  return entries;
}

}  // namespace gamelab::search
