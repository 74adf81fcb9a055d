#pragma once
// Alpha-beta search for turn-based games, written once as a template over the game.
//
// Negamax with iterative deepening, principal-variation search, aspiration windows, a transposition
// table (see transposition_table.hpp), move ordering (TT move, captures by victim value, two killers
// per ply, history), late-move reductions, quiescence on captures, and repetition detection along the
// line and the game. Limits: depth, nodes, time; whichever comes first. With depth or node limits the
// search is deterministic: node counts are checked at every node, the clock is never consulted.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

#include "core/limits.hpp"
#include "search/knobs.hpp"
#include "search/score.hpp"
#include "search/transposition_table.hpp"

namespace gamelab::search {

// What the search needs of a game G (scores are from the side to move's point of view):
//  - G::generate_moves(s, list), G::play(s, m), G::hash(s);
//  - G::terminal_score(s, ply): the score if the game is over before any move (else nullopt),
//    using win_in(ply) / loss_in(ply) for decided games;
//  - G::no_move_score(s, ply): the score when s has no legal move;
//  - G::evaluate(s, weights): the static evaluation with the weights of the parameter set;
//  - G::is_capture(s, m), G::capture_value(s, m): quiescence and ordering;
//  - G::encode(m) (non-zero, 32 bits) and G::history_index(m) (< G::kHistorySize);
//  - optionally G::kStaticLeaves = true: no move is ever a capture and a live position always has a
//    move (Ataxx: the pass when nothing else), so the quiescence search is the static evaluation and
//    its leaves need no move list (the same scores and nodes as generating one, at a fraction of the
//    cost: most nodes are leaves).
template <class G>
concept AlphaBetaGame = requires(const typename G::State& s, typename G::MoveList& list,
                                 const typename G::Move& m, const int* weights) {
  G::generate_moves(s, list);
  { G::play(s, m) } -> std::same_as<typename G::State>;
  { G::hash(s) } -> std::convertible_to<std::uint64_t>;
  { G::terminal_score(s, 0) } -> std::same_as<std::optional<int>>;
  { G::no_move_score(s, 0) } -> std::convertible_to<int>;
  { G::evaluate(s, weights) } -> std::convertible_to<int>;
  { G::is_capture(s, m) } -> std::convertible_to<bool>;
  { G::capture_value(s, m) } -> std::convertible_to<int>;
  { G::encode(m) } -> std::convertible_to<std::uint32_t>;
  { G::history_index(m) } -> std::convertible_to<std::size_t>;
  { G::kHistorySize } -> std::convertible_to<std::size_t>;
};

// An evaluation kept incrementally along the search's line (the learned evaluation files of Raichu and
// jump chess: learned_line_eval.hpp), offered by a game as G::Incremental with
//   root(s)                            the root, from scratch, when a search starts;
//   push(ply, parent, move, child)     each child the search makes, at its ply (>= 1);
//   evaluate(s, ply, weights, moves)   the static evaluation of s, the position at `ply` of the line.
// A game without one (or an engine not given one) evaluates with G::evaluate.
namespace detail {
struct NoIncremental {};
template <class G>
struct IncrementalOf {
  using type = NoIncremental;
};
template <class G>
  requires requires { typename G::Incremental; }
struct IncrementalOf<G> {
  using type = typename G::Incremental;
};
}  // namespace detail

// One move-ordering score per move of a list. A list with a proven fixed capacity (Raichu's) gets a
// plain array of that size on the stack, as before; a list that may outgrow its inline room (jump
// chess: no small bound on the number of moves can be proved) gets inline room for the usual sizes
// and the heap beyond them.
template <class List>
class MoveScores {
  static constexpr bool kFixed = requires { std::integral_constant<std::size_t, List::capacity()>{}; };
  static constexpr std::size_t kInline = [] {
    if constexpr (kFixed) return List::capacity();
    else return std::size_t{256};
  }();

 public:
  explicit MoveScores(std::size_t count) {
    if constexpr (!kFixed) {
      if (count > kInline) {
        heap_.resize(count);
        data_ = heap_.data();
      }
    }
  }
  MoveScores(const MoveScores&) = delete;  // data_ may point into this object
  MoveScores& operator=(const MoveScores&) = delete;
  int& operator[](std::size_t i) { return data_[i]; }
  int* data() { return data_; }

 private:
  struct NoHeap {};
  int inline_[kInline];
  [[no_unique_address]] std::conditional_t<kFixed, NoHeap, std::vector<int>> heap_;
  int* data_ = inline_;
};

template <class Move>
struct IterationInfo {
  int depth = 0;
  int score = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::vector<Move> pv;
};

template <class Move>
struct SearchResult {
  std::optional<Move> best;  // empty only when the root has no legal move or the game is over
  int score = 0;
  int depth = 0;             // the last completed iteration
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::vector<Move> pv;
};

struct SearchOptions {
  std::size_t tt_megabytes = 16;
  // Off: the table orders moves but never cuts. Only the minimax-equivalence test turns it off.
  bool tt_cutoffs = true;

  // A table sized for the limits: a node budget of N visits far fewer than N distinct positions, so
  // 1 MB per 2,500 nodes (1 to 16 MB) holds a whole game's searches. Clearing 16 MB for each short
  // tuning game cost more than the games' searches themselves at a few hundred nodes a move.
  static SearchOptions for_limits(const SearchLimits& limits) {
    SearchOptions options;
    if (limits.nodes && !limits.depth && !limits.movetime_ms) {
      options.tt_megabytes = static_cast<std::size_t>(std::clamp<std::uint64_t>(*limits.nodes / 2500, 1, 16));
    }
    return options;
  }
};

template <AlphaBetaGame G>
class AlphaBeta {
 public:
  using State = typename G::State;
  using Move = typename G::Move;
  using MoveList = typename G::MoveList;
  using Callback = std::function<void(const IterationInfo<Move>&)>;
  using Incremental = typename detail::IncrementalOf<G>::type;
  static constexpr bool kHasIncremental = !std::is_same_v<Incremental, detail::NoIncremental>;

  AlphaBeta(std::vector<int> weights, AlphaBetaKnobs knobs, SearchOptions options = {})
      : weights_(std::move(weights)), knobs_(knobs), options_(options), tt_(options.tt_megabytes),
        history_(G::kHistorySize, 0) {}

  // Exact scores from outside the search (endgame tables), side to move's view, distances counted from
  // the root's ply: probed at every node after the end rules, a score ends the line like a terminal
  // node. A root that the oracle knows is answered by probing its children (the fastest win, else the
  // draw, else the longest resistance), without a search.
  using Oracle = std::function<std::optional<int>(const State&, int ply)>;
  void set_oracle(Oracle oracle) { oracle_ = std::move(oracle); }
  std::uint64_t oracle_hits() const { return oracle_hits_; }

  // Evaluate with `incremental` (a learned evaluation) instead of G::evaluate; null: G::evaluate again.
  void set_incremental(std::unique_ptr<Incremental> incremental)
    requires kHasIncremental
  {
    incremental_ = std::move(incremental);
  }
  Incremental* incremental() const { return incremental_.get(); }

  // A flag another thread sets to stop the search at once (a UAI bot's `stop`): read with the clock,
  // every 256 nodes, like a movetime reached. Null (the default): nothing is read, and a search counts
  // the same nodes as before the flag existed (the bench signatures). The flag must outlive searches.
  void set_stop_flag(const std::atomic<bool>* flag) { stop_flag_ = flag; }

  // Hashes of the positions played before the root in this game (for repetition detection).
  void set_game_history(std::vector<std::uint64_t> hashes) { game_history_ = std::move(hashes); }
  // Forget everything learnt (TT, killers, history): the next search starts cold.
  void clear() {
    tt_.clear();
    std::fill(history_.begin(), history_.end(), 0);
    for (auto& k : killers_) k[0] = k[1] = 0;
  }

  // A clock in `limits` (the time left and the increment) is spent as the time manager says
  // (move_limits, core/limits.hpp).
  SearchResult<Move> search(const State& root, const SearchLimits& given, const Callback& on_iteration = {}) {
    start_ = std::chrono::steady_clock::now();
    const SearchLimits limits = move_limits(given);
    limits_ = limits;
    nodes_ = 0;
    stop_ = false;
    tt_.new_search();
    SearchResult<Move> result;
    if (auto t = G::terminal_score(root, 0)) {
      result.score = *t;
      return result;
    }
    MoveList moves;
    G::generate_moves(root, moves);
    if (moves.size() == 0) {
      result.score = G::no_move_score(root, 0);
      return result;
    }
    result.best = moves[0];
    if constexpr (kHasIncremental) {
      if (incremental_) incremental_->root(root);
    }
    // A single legal move under a clock is answered at once (depth 0): nothing to choose. Depth- and
    // node-limited searches still search it, so their scores and node counts stay the same.
    if (moves.size() == 1 && limits.movetime_ms) {
      result.seconds = elapsed();
      return result;
    }
    if (oracle_ && oracle_(root, 0)) {
      int best = -kInfinity;
      for (const Move& m : moves) {
        const State child = G::play(root, m);
        std::optional<int> v = G::terminal_score(child, 1);
        if (!v) v = oracle_(child, 1);
        if (!v) continue;  // (every child of a known position is known; kept safe all the same)
        if (-*v > best) {
          best = -*v;
          result.best = m;
        }
      }
      if (best > -kInfinity) {
        result.score = best;
        result.depth = 1;
        result.pv = {*result.best};
        result.seconds = elapsed();
        if (on_iteration) on_iteration({1, best, nodes_, result.seconds, result.pv});
        return result;
      }
    }
    const int max_depth = std::min(limits.depth.value_or(kMaxPly - 1), kMaxPly - 1);
    int score = 0;
    for (int depth = 1; depth <= max_depth; ++depth) {
      if (depth > 1 && soft_time_up()) break;
      int value = aspiration(root, depth, score);
      if (stop_) break;
      score = value;
      result.score = score;
      result.depth = depth;
      result.pv.assign(pv_[0], pv_[0] + pv_length_[0]);
      if (!result.pv.empty()) result.best = result.pv[0];
      result.nodes = nodes_;
      result.seconds = elapsed();
      if (on_iteration) on_iteration({depth, score, nodes_, result.seconds, result.pv});
      if (is_decisive(score) && kWin - std::abs(score) <= depth) break;  // a forced result found
    }
    result.nodes = nodes_;
    result.seconds = elapsed();
    return result;
  }

 private:
  int aspiration(const State& root, int depth, int previous) {
    if (knobs_.aspiration_window <= 0 || depth < knobs_.aspiration_min_depth || is_decisive(previous)) {
      return negamax(root, depth, -kInfinity, kInfinity, 0, true);
    }
    int delta = knobs_.aspiration_window;
    int alpha = std::max(previous - delta, -kInfinity);
    int beta = std::min(previous + delta, kInfinity);
    while (true) {
      const int value = negamax(root, depth, alpha, beta, 0, true);
      if (stop_) return value;
      if (value <= alpha) {
        alpha = std::max(alpha - delta, -kInfinity);
      } else if (value >= beta) {
        beta = std::min(beta + delta, kInfinity);
      } else {
        return value;
      }
      delta *= 2;
    }
  }

  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  bool soft_time_up() const {
    return limits_.movetime_ms && elapsed() * 1000.0 >= 0.5 * static_cast<double>(*limits_.movetime_ms);
  }
  // Called at every node: the node limit is exact; the clock and the stop flag are read every 256 nodes.
  bool check_stop() {
    if (stop_) return true;
    if (limits_.nodes && nodes_ >= *limits_.nodes) stop_ = true;
    if (limits_.movetime_ms && (nodes_ & 255) == 0 &&
        elapsed() * 1000.0 >= static_cast<double>(*limits_.movetime_ms)) {
      stop_ = true;
    }
    if (stop_flag_ && (nodes_ & 255) == 0 && stop_flag_->load(std::memory_order_relaxed)) stop_ = true;
    return stop_;
  }

  bool repeated(std::uint64_t hash, int ply) const {
    if (!knobs_.repetition_draw) return false;
    for (int i = ply - 2; i >= 0; i -= 2) {
      if (path_[i] == hash) return true;
    }
    // Earlier positions of the game: compare the last few dozen (a hash includes the side to move).
    const std::size_t look = std::min<std::size_t>(game_history_.size(), 64);
    for (std::size_t i = 0; i < look; ++i) {
      if (game_history_[game_history_.size() - 1 - i] == hash) return true;
    }
    return false;
  }

  // The child `child` of `parent` by `m`, at `ply`: an incremental evaluation follows the line.
  void pushed(int ply, const State& parent, const Move& m, const State& child) {
    if constexpr (kHasIncremental) {
      if (incremental_) incremental_->push(ply, parent, m, child);
    }
  }

  // A game may offer evaluate(s, weights, moves) to reuse the move list the search already holds.
  int evaluate(const State& s, const MoveList& moves, int ply) {
    int value;
    if constexpr (kHasIncremental) {
      if (incremental_) {
        value = incremental_->evaluate(s, ply, weights_.data(), moves);
        return static_score(value);
      }
    }
    if constexpr (requires { G::evaluate(s, weights_.data(), moves); }) {
      value = G::evaluate(s, weights_.data(), moves);
    } else {
      value = G::evaluate(s, weights_.data());
    }
    return static_score(value);
  }

  // Ordering scores: TT move, then captures by victim value, then killers, then history.
  void score_moves(const State& s, const MoveList& moves, std::uint32_t tt_move, int ply, int* scores) const {
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move& m = moves[i];
      const std::uint32_t code = G::encode(m);
      if (code == tt_move) {
        scores[i] = 1 << 30;
      } else if (G::is_capture(s, m)) {
        scores[i] = (1 << 20) + G::capture_value(s, m);
      } else if (code == killers_[ply][0] || code == killers_[ply][1]) {
        scores[i] = 1000 + knobs_.killer_bonus;
      } else {
        scores[i] = history_[G::history_index(m)];
      }
    }
  }
  static std::size_t pick(int* scores, std::size_t from, std::size_t count) {
    std::size_t best = from;
    for (std::size_t i = from + 1; i < count; ++i) {
      if (scores[i] > scores[best]) best = i;
    }
    return best;
  }

  void update_quiet(const Move& m, int depth, int ply, const Move* tried, std::size_t tried_count) {
    const std::uint32_t code = G::encode(m);
    if (killers_[ply][0] != code) {
      killers_[ply][1] = killers_[ply][0];
      killers_[ply][0] = code;
    }
    const int bonus = std::min(depth * depth, 400);
    auto adjust = [&](std::size_t index, int amount) {
      int& h = history_[index];
      h += amount - h * std::abs(amount) / std::max(knobs_.history_max, 1);
      h = std::clamp(h, -knobs_.history_max, knobs_.history_max);
    };
    adjust(G::history_index(m), bonus);
    for (std::size_t i = 0; i < tried_count; ++i) adjust(G::history_index(tried[i]), -bonus);
  }

  int quiesce(const State& s, int alpha, int beta, int ply, int qdepth) {
    pv_length_[ply] = 0;
    ++nodes_;
    if (check_stop()) return 0;
    if (auto t = G::terminal_score(s, ply)) return *t;
    if (oracle_) {
      if (auto v = oracle_(s, ply)) {
        ++oracle_hits_;
        return *v;
      }
    }
    MoveList moves;
    if constexpr (kStaticLeaves) return evaluate(s, moves, ply);
    G::generate_moves(s, moves);
    if (moves.size() == 0) return G::no_move_score(s, ply);
    int best = evaluate(s, moves, ply);
    if (best >= beta || qdepth <= 0 || ply >= kMaxPly - 1) return best;
    alpha = std::max(alpha, best);
    MoveScores<MoveList> scores(moves.size());
    std::size_t count = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (G::is_capture(s, moves[i])) {
        moves[count] = moves[i];
        scores[count++] = G::capture_value(s, moves[i]);
      }
    }
    for (std::size_t i = 0; i < count; ++i) {
      const std::size_t k = pick(scores.data(), i, count);
      std::swap(moves[i], moves[k]);
      std::swap(scores[i], scores[k]);
      const State child = G::play(s, moves[i]);
      pushed(ply + 1, s, moves[i], child);
      const int value = -quiesce(child, -beta, -alpha, ply + 1, qdepth - 1);
      if (stop_) return 0;
      if (value > best) {
        best = value;
        if (value > alpha) alpha = value;
        if (alpha >= beta) break;
      }
    }
    return best;
  }

  int negamax(const State& s, int depth, int alpha, int beta, int ply, bool pv_node) {
    pv_length_[ply] = 0;
    const std::uint64_t hash = G::hash(s);
    if (ply > 0 && repeated(hash, ply)) return 0;
    if (auto t = G::terminal_score(s, ply)) return *t;
    if (oracle_ && ply > 0) {
      if (auto v = oracle_(s, ply)) {
        ++oracle_hits_;
        return *v;
      }
    }
    if (depth <= 0 || ply >= kMaxPly - 1) return quiesce(s, alpha, beta, ply, knobs_.qsearch_depth);
    ++nodes_;
    if (check_stop()) return 0;
    path_[ply] = hash;

    std::uint32_t tt_move = 0;
    if (const TTEntry* e = tt_.probe(hash)) {
      tt_move = e->move;
      if (options_.tt_cutoffs && !pv_node && ply > 0 && e->depth >= depth) {
        const int value = score_from_tt(e->score, ply);
        if (e->bound == Bound::Exact || (e->bound == Bound::Lower && value >= beta) ||
            (e->bound == Bound::Upper && value <= alpha)) {
          return value;
        }
      }
    }

    MoveList moves;
    G::generate_moves(s, moves);
    if (moves.size() == 0) return G::no_move_score(s, ply);
    MoveScores<MoveList> scores(moves.size());
    score_moves(s, moves, tt_move, ply, scores.data());

    const int original_alpha = alpha;
    int best = -kInfinity;
    std::uint32_t best_code = 0;
    Move quiets_tried[kMaxQuietsTracked];
    std::size_t quiet_count = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const std::size_t k = pick(scores.data(), i, moves.size());
      std::swap(moves[i], moves[k]);
      std::swap(scores[i], scores[k]);
      const Move m = moves[i];
      const bool capture = G::is_capture(s, m);
      const State child = G::play(s, m);
      pushed(ply + 1, s, m, child);
      int value;
      if (i == 0) {
        value = -negamax(child, depth - 1, -beta, -alpha, ply + 1, pv_node);
      } else {
        int reduction = 0;
        if (knobs_.lmr_min_depth > 0 && depth >= knobs_.lmr_min_depth && !capture &&
            static_cast<int>(i) >= knobs_.lmr_min_moves && scores[i] < 1000) {
          reduction = 1 + (static_cast<int>(i) >= knobs_.lmr_extra_after ? 1 : 0);
          reduction = std::min(reduction, depth - 1);
        }
        value = -negamax(child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, false);
        if (value > alpha && reduction > 0) value = -negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1, false);
        if (value > alpha && value < beta) value = -negamax(child, depth - 1, -beta, -alpha, ply + 1, true);
      }
      if (stop_) return 0;
      if (value > best) {
        best = value;
        best_code = G::encode(m);
        if (value > alpha) {
          alpha = value;
          pv_[ply][0] = m;
          std::copy(pv_[ply + 1], pv_[ply + 1] + pv_length_[ply + 1], pv_[ply] + 1);
          pv_length_[ply] = pv_length_[ply + 1] + 1;
          if (alpha >= beta) {
            if (!capture) update_quiet(m, depth, ply, quiets_tried, quiet_count);
            break;
          }
        }
      }
      if (!capture && quiet_count < kMaxQuietsTracked) quiets_tried[quiet_count++] = m;
    }
    const Bound bound = best >= beta ? Bound::Lower : best > original_alpha ? Bound::Exact : Bound::Upper;
    tt_.store(hash, best_code, score_to_tt(best, ply), depth, bound);
    return best;
  }

  static constexpr bool kStaticLeaves = [] {
    if constexpr (requires { G::kStaticLeaves; }) return G::kStaticLeaves;
    else return false;
  }();

  // Quiet moves that failed before a cutoff lose history; only the first few dozen are tracked.
  static constexpr std::size_t kMaxQuietsTracked = 64;

  std::vector<int> weights_;
  AlphaBetaKnobs knobs_;
  SearchOptions options_;
  TranspositionTable tt_;
  std::vector<int> history_;
  std::uint32_t killers_[kMaxPly][2] = {};
  std::uint64_t path_[kMaxPly] = {};
  Move pv_[kMaxPly][kMaxPly];
  int pv_length_[kMaxPly] = {};
  std::vector<std::uint64_t> game_history_;
  SearchLimits limits_;
  std::chrono::steady_clock::time_point start_;
  std::uint64_t nodes_ = 0;
  bool stop_ = false;
  const std::atomic<bool>* stop_flag_ = nullptr;  // set_stop_flag; null: no one stops the search from outside
  Oracle oracle_;
  std::uint64_t oracle_hits_ = 0;
  std::unique_ptr<Incremental> incremental_;  // empty: G::evaluate
};

}  // namespace gamelab::search
