#include "dcms/search_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "core/error.hpp"
#include "dcms/engine.hpp"
#include "dcms/notation.hpp"
#include "registry/simultaneous_learned.hpp"

namespace gamelab::dcms {

int search_side(const PositionSpec& spec) {
  const std::string* side = spec.option("side");
  if (!side) return kBlue;
  const std::string& v = *side;
  if (v == "blue" || v == "0") return kBlue;
  if (v == "red" || v == "1") return kRed;
  throw InputError("--side " + v + ": expected blue or red (or the tournament's colors 0 and 1)");
}

namespace {

// A value for side 0 in [0, 1] as evaluation units for `side` (the logit the search's leaves use).
int score_of(double blue_value, int side, int eval_scale) {
  const double v = std::clamp(side == kBlue ? blue_value : 1.0 - blue_value, 0.0, 1.0);
  if (v >= 1.0) return 29999;  // proven: shown as "win in 1"
  if (v <= 0.0) return -29999;
  return static_cast<int>(std::lround(std::clamp(eval_scale * std::log(v / (1.0 - v)), -20000.0, 20000.0)));
}

// The `limit` most likely entries of a mixed strategy, one per line: probability, then the text.
template <class Text>
std::string strategy_lines(const std::vector<double>& strategy, std::size_t limit, Text&& text) {
  std::vector<std::size_t> order(strategy.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return strategy[a] > strategy[b]; });
  std::string out;
  char line[64];
  for (std::size_t k = 0; k < order.size() && k < limit && strategy[order[k]] > 0; ++k) {
    std::snprintf(line, sizeof line, "  %6.3f  ", strategy[order[k]]);
    out += line + text(order[k]) + "\n";
  }
  return out;
}

SearchReport search_placement_report(const State& root, int side, Engine& engine, const SearchLimits& limits) {
  const PlacementSearch found = engine.choose_placement(root, side, limits);
  SearchReport report;
  report.best_move = placement_text(found.placement);
  State mine = root;  // our pieces alone, to show where they go
  for (int rank = 0; rank < found.placement.count; ++rank) {
    mine.pos[piece_index(side, rank)] = square(found.placement.cells[rank].row, found.placement.cells[rank].col);
  }
  report.result = pieces_map_text(mine);
  report.score = score_of(found.value, side, engine.mcts_knobs().eval_scale);
  report.nodes = found.nodes;
  report.seconds = found.seconds;
  char head[200];
  std::snprintf(head, sizeof head, "placement search for %s: %zu blue x %zu red candidates, blue's value %.3f, %llu positions, %.3f s%s\n",
                side_name(side), found.candidates[0].size(), found.candidates[1].size(), found.value,
                static_cast<unsigned long long>(found.nodes), found.seconds, found.out_of_time ? " (out of time)" : "");
  report.analysis = head;
  for (int p = 0; p < 2; ++p) {
    report.analysis += std::string(side_name(p)) + " strategy:\n" +
                       strategy_lines(found.strategy[p], 8, [&](std::size_t k) { return placement_text(found.candidates[p][k]); });
  }
  return report;
}

SearchReport search_move_report(const State& root, int side, Engine& engine, const SearchLimits& limits) {
  const MoveSearch found = engine.choose_action(root, side, limits);
  SearchReport report;
  report.best_move = move_text(*found.action, side);
  const Action blue = side == kBlue ? *found.action : stay_action(root, kBlue);
  const Action red = side == kRed ? *found.action : stay_action(root, kRed);
  report.result = pieces_map_text(play(root, blue, red));
  double value = found.value;
  if (found.proven) {  // no iterations ran: the worst case over the other side's replies is the value
    const int them = other(side);
    value = side == kBlue ? 1.0 : 0.0;
    for (const Action& reply : found.actions[them]) {
      const State next = side == kBlue ? play(root, *found.action, reply) : play(root, reply, *found.action);
      const double v = terminal_value(next).value_or(0.5);
      value = side == kBlue ? std::min(value, v) : std::max(value, v);
    }
  }
  report.score = score_of(value, side, engine.mcts_knobs().eval_scale);
  report.depth = 1;
  report.nodes = found.nodes;
  report.seconds = found.seconds;
  char head[240];
  std::snprintf(head, sizeof head, "%s to move: %zu blue x %zu red actions, %s; blue's value %.3f, %llu iterations, %llu nodes, %.3f s\n",
                side_name(side), found.actions[0].size(), found.actions[1].size(),
                found.proven ? "proven by the bounds" : "MCTS", value, static_cast<unsigned long long>(found.iterations),
                static_cast<unsigned long long>(found.nodes), found.seconds);
  report.analysis = head;
  for (int p = 0; p < 2; ++p) {
    const auto pruned = static_cast<std::size_t>(std::count(found.pruned[p].begin(), found.pruned[p].end(), 1));
    report.analysis += std::string(side_name(p)) + " strategy (" + std::to_string(pruned) + " actions pruned by the bounds):\n" +
                       strategy_lines(found.strategy[p], 8, [&](std::size_t k) {
                         const std::string text = move_text(found.actions[p][k], p);
                         return text.empty() ? std::string("(nothing moves)") : text;
                       });
  }
  return report;
}

}  // namespace

SearchReport search_report(const State& root, int side, const SearchRequest& request) {
  Engine engine(request.params, request.seed);
  attach_learned_eval(engine, request.learned);
  if (root.phase == Phase::Setup) return search_placement_report(root, side, engine, request.limits);
  if (ends_before_moves(root)) return {};
  return search_move_report(root, side, engine, request.limits);
}

}  // namespace gamelab::dcms
