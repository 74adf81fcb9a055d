#pragma once
// Perft for every turn-based game (docs/rules/common.md §2): perft(s, 0) = 1; perft(s, d) = 0 when s is terminal;
// otherwise the sum of perft(s', d-1) over the moves of s. The last ply is bulk-counted (the size of
// the move list), which is exact because a move list is only ever generated for a live state. A game
// that can count its moves without listing them offers G::count_moves(s) (0 for a state that is over,
// else the size its move list would have); perft's last ply then calls it instead (Ataxx: popcounts).
#include <concepts>
#include <cstdint>
#include <vector>

namespace gamelab::search {

// What perft needs of a turn-based game G:
//  - G::ends_before_moves(s): the game is over in s whatever the moves (a side without pieces, a ply
//    or move limit, a target reached). A state whose move list is empty is terminal too; a game in
//    which "no legal move" means "pass" returns the pass as a move.
//  - G::generate_moves(s, list): every legal move, each distinct move once.
//  - G::play(s, m): the successor (copy-make).
template <class G>
concept TurnBasedPerftGame = requires(const typename G::State& s, typename G::MoveList& list,
                                      const typename G::Move& m) {
  { G::ends_before_moves(s) } -> std::convertible_to<bool>;
  G::generate_moves(s, list);
  { G::play(s, m) } -> std::same_as<typename G::State>;
};

template <class G>
concept BulkCountingGame = requires(const typename G::State& s) {
  { G::count_moves(s) } -> std::convertible_to<std::uint64_t>;
};

template <TurnBasedPerftGame G>
std::uint64_t perft(const typename G::State& state, int depth) {
  if (depth == 0) return 1;
  if constexpr (BulkCountingGame<G>) {
    if (depth == 1) return G::count_moves(state);
  }
  if (G::ends_before_moves(state)) return 0;
  typename G::MoveList moves;
  G::generate_moves(state, moves);
  if (depth == 1) return moves.size();
  std::uint64_t total = 0;
  for (const auto& move : moves) total += perft<G>(G::play(state, move), depth - 1);
  return total;
}

template <class Move>
struct DivideEntry {
  Move move;
  std::uint64_t nodes = 0;
};

// Perft split by root move, on `threads` threads. The work is cut at ply 2 (every root move's
// children become tasks, taken dynamically), which balances two or more threads well even when
// root moves differ a lot in size. The counts do not depend on the thread count.
template <TurnBasedPerftGame G>
std::vector<DivideEntry<typename G::Move>> perft_divide(const typename G::State& state, int depth,
                                                        int threads) {
  using State = typename G::State;
  std::vector<DivideEntry<typename G::Move>> entries;
  if (depth <= 0 || G::ends_before_moves(state)) return entries;
  typename G::MoveList moves;
  G::generate_moves(state, moves);
  for (const auto& move : moves) entries.push_back({move, 0});
  if (depth == 1) {
    for (auto& entry : entries) entry.nodes = 1;
    return entries;
  }
  struct Task {
    std::size_t root;
    State state;
    int depth;
  };
  std::vector<Task> tasks;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const State child = G::play(state, entries[i].move);
    if (depth - 1 >= 2 && !G::ends_before_moves(child)) {
      typename G::MoveList replies;
      G::generate_moves(child, replies);
      for (const auto& reply : replies) tasks.push_back({i, G::play(child, reply), depth - 2});
    } else {
      tasks.push_back({i, child, depth - 1});
    }
  }
  std::vector<std::uint64_t> counts(tasks.size(), 0);
  const long task_count = static_cast<long>(tasks.size());
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads > 0 ? threads : 1)
  for (long k = 0; k < task_count; ++k) {
    counts[static_cast<std::size_t>(k)] = perft<G>(tasks[static_cast<std::size_t>(k)].state,
                                                   tasks[static_cast<std::size_t>(k)].depth);
  }
  for (std::size_t k = 0; k < tasks.size(); ++k) entries[tasks[k].root].nodes += counts[k];
  return entries;
}

template <class Move>
std::uint64_t divide_total(const std::vector<DivideEntry<Move>>& entries) {
  std::uint64_t total = 0;
  for (const auto& entry : entries) total += entry.nodes;
  return total;
}

}  // namespace gamelab::search
