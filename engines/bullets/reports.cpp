#include "bullets/reports.hpp"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>

#include "bullets/analysis.hpp"
#include "bullets/engine.hpp"
#include "core/error.hpp"
#include "registry/simultaneous_learned.hpp"

namespace gamelab::bullets {

// `gamelab search bullets`: the action for the side the input names (R/B) as one integer, after the
// root's mixed strategies (analysis), then the search's figures (result). The score is the estimated
// value for that side in thousandths (500: even). The seed: --seed (a position option here, since it
// also picks a generated board), else the request's.
SearchReport search_report(const Position& root, std::uint64_t seed, const SearchRequest& request) {
  check_limits(request.limits, "search");
  Engine engine(request.params.size() ? request.params : default_params(), seed);
  attach_learned_eval(engine, request.learned);
  SearchReport report;
  if (root.state.over()) return report;
  const SearchResult r = engine.search(root.state, root.you, request.limits);
  const Side them = other(root.you);
  const double value = root.you == Blue ? r.value : 1.0 - r.value;
  report.best_move = action_text(*r.action);
  report.score = static_cast<int>(std::lround(value * 1000));
  report.nodes = r.positions;
  report.seconds = r.seconds;
  report.analysis = std::string("strategy ") + side_letter(root.you) + "  " + strategy_text(r, root.you) + "\n" +
                    "strategy " + side_letter(them) + "  " + strategy_text(r, them) + "\n";
  char figures[240];
  char value_text[64];
  if (r.plan_hit_round) {
    std::snprintf(value_text, sizeof value_text, "the exact hunt: a player that stays is hit at round %u",
                  static_cast<unsigned>(*r.plan_hit_round));
  } else if (r.proven) {
    std::snprintf(value_text, sizeof value_text, "proven best by the bounds (value not estimated)");
  } else {
    std::snprintf(value_text, sizeof value_text, "value %.3f for %c", value, side_letter(root.you));
  }
  std::snprintf(figures, sizeof figures, "%s, %llu iterations, %llu tree nodes, %llu positions, %.3f s (%.0f iterations/s)",
                value_text, static_cast<unsigned long long>(r.iterations), static_cast<unsigned long long>(r.nodes),
                static_cast<unsigned long long>(r.positions), r.seconds,
                r.seconds > 0 ? static_cast<double>(r.iterations) / r.seconds : 0.0);
  report.result = figures;
  return report;
}

namespace {

// One player's earliest hit on an opponent that never moves or shoots.
struct HitAnalysis {
  std::string shooter;                      // the side letter
  std::optional<std::uint32_t> hit_round;   // none: no hit within the round limit
  std::string plan;                         // the shooter's actions until the hit, one digit each
  std::string shot;                         // where and when it shoots; empty: a bullet already flying hits
  std::optional<std::uint32_t> past_limit;  // no hit within the limit: the earliest hit after it, if any
  std::string proof;                        // no hit ever: why
};

std::string line_of(const HitAnalysis& a) {
  const std::string target = a.shooter == "R" ? "B" : "R";
  if (a.hit_round) {
    return a.shooter + " hits " + target + " at round " + std::to_string(*a.hit_round) + ": " +
           (a.shot.empty() ? "a bullet already flying" : "shoots " + a.shot) + "; plan " + a.plan;
  }
  if (!a.proof.empty()) return a.shooter + " never hits " + target + ": " + a.proof;
  if (a.past_limit) {
    return a.shooter + " cannot hit " + target + " by the round limit: the earliest hit is round " + std::to_string(*a.past_limit);
  }
  return a.shooter + " cannot hit " + target + " by the round limit, nor in the 20,000 rounds after it";
}

nlohmann::json json_of(const HitAnalysis& a) {
  nlohmann::json j = {{"shooter", a.shooter}};
  j["hit_round"] = a.hit_round ? nlohmann::json(*a.hit_round) : nlohmann::json(nullptr);
  if (a.hit_round) j["plan"] = a.plan;
  if (!a.shot.empty()) j["shot"] = a.shot;
  if (a.past_limit) j["earliest_past_limit"] = *a.past_limit;
  if (!a.proof.empty()) j["never"] = a.proof;
  return j;
}

}  // namespace

// `gamelab analyse bullets`: each player's exact earliest hit on the other standing still (analysis.hpp).
PositionAnalysis analyse_hits(const std::string& text, const std::string& source) {
  const State s = parse_position(text, source).state;
  if (s.over()) throw InputError(source + ": the game is already over; there is no hit to plan");
  static const char* kDirNames[4] = {"up", "down", "left", "right"};
  std::vector<HitAnalysis> out;
  for (const Side shooter : {Red, Blue}) {
    HitAnalysis a;
    a.shooter = std::string(1, side_letter(shooter));
    if (const auto plan = plan_hit(s, shooter)) {
      a.hit_round = plan->hit_round;
      a.plan = plan_text(*plan);
      if (plan->shot_round) {
        const Board& b = *s.board;
        a.shot = "from (" + std::to_string(b.row_of(plan->shot_square)) + ", " + std::to_string(b.col_of(plan->shot_square)) +
                 ") " + kDirNames[plan->actions[*plan->shot_round - s.round] - 4] + " at round " +
                 std::to_string(*plan->shot_round);
      }
    } else if (auto proof = unreachable_proof(s, shooter)) {
      a.proof = *proof;
    } else {
      // Within reach but not within the limit: the earliest hit without a limit (the board's bullets
      // repeat, so a plan that exists at all exists within a few thousand rounds; 20,000 are searched).
      State unlimited = s;
      unlimited.limit = s.round + 20000;
      if (const auto later = plan_hit(unlimited, shooter)) a.past_limit = later->hit_round;
    }
    out.push_back(a);
  }
  PositionAnalysis analysis;
  nlohmann::json hits = nlohmann::json::array();
  for (const HitAnalysis& a : out) {
    analysis.lines.push_back(line_of(a));
    hits.push_back(json_of(a));
  }
  analysis.json = nlohmann::json{{"hits", hits}}.dump();
  return analysis;
}

}  // namespace gamelab::bullets
