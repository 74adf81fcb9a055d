#include "bullets/entry.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <iterator>

#include "bullets/analysis.hpp"
#include "bullets/datagen.hpp"
#include "bullets/engine.hpp"
#include "bullets/eval.hpp"
#include "bullets/game.hpp"
#include "bullets/generator.hpp"
#include "bullets/match.hpp"
#include "bullets/notation.hpp"
#include "bullets/post_mortem.hpp"
#include "bullets/sparse_inputs.hpp"
#include "core/error.hpp"
#include "core/text_file.hpp"
#include "registry/entry_of.hpp"
#include "registry/simultaneous_entry.hpp"
#include "registry/simultaneous_learned.hpp"

namespace gamelab::bullets {

namespace {

int single_option(const PositionSpec& spec, const char* name, int fallback, int lo, int hi) {
  auto it = spec.options.find(name);
  if (it == spec.options.end()) return fallback;
  int min = 0, max = 0;
  parse_range(it->second, std::string("--") + name, lo, hi, min, max);
  if (min != max) throw InputError(std::string("--") + name + ": '" + it->second + "' must be one number here");
  return min;
}

std::uint64_t seed_option(const PositionSpec& spec) {
  std::uint64_t seed = 1;
  if (auto it = spec.options.find("seed"); it != spec.options.end()) {
    const char* end = it->second.data() + it->second.size();
    auto [ptr, ec] = std::from_chars(it->second.data(), end, seed);
    if (ec != std::errc() || ptr != end) throw InputError("--seed: '" + it->second + "' is not a number");
  }
  return seed;
}

// A position file (--board FILE, or - for standard input); without --board, the board generated from
// --seed/--rows/--cols/--walls at round 0 with --limit. With --board, --seed only seeds a search.
Position load_position(const PositionSpec& spec) {
  if (!spec.text.empty()) return parse_position(spec.text, spec.source);
  if (!spec.board.empty()) {
    for (const auto& [name, value] : spec.options) {
      if (name != "seed") throw InputError("--board " + spec.board + " gives the whole position; leave out --" + name);
    }
    if (spec.board == "-") {
      const std::string text{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
      return parse_position(text, "standard input");
    }
    return parse_position(read_text_file(spec.board), spec.board);
  }
  const std::uint64_t seed = seed_option(spec);
  const int rows = single_option(spec, "rows", 15, kMinSize, kMaxSize);
  const int cols = single_option(spec, "cols", 20, kMinSize, kMaxSize);
  const int walls = single_option(spec, "walls", 40, 0, kMaxCells);
  const int limit = single_option(spec, "limit", static_cast<int>(kDefaultRoundLimit), 1, 1000000000);
  return {start_state(generate_board(rows, cols, walls, seed), static_cast<std::uint32_t>(limit)), Red};
}

PerftReport run_perft(const PerftRequest& request) {
  const Position root = load_position(request.position);
  return simultaneous_perft<Game>(root.state, position_text(root.state, root.you), request, joint_text, summary);
}

// `gamelab search bullets`: the action for the side the input names (R/B) as one integer, after the
// root's mixed strategies (analysis), then the search's figures (result). The score is the estimated
// value for that side in thousandths (500: even). The seed: --seed (a position option here, since it
// also picks a generated board), else the request's.
SearchReport run_search(const SearchRequest& request) {
  const Position root = load_position(request.position);
  check_limits(request.limits, "search");
  const std::uint64_t seed = request.position.options.count("seed") ? seed_option(request.position) : request.seed;
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

// `gamelab analyse bullets`: each player's exact earliest hit on the other standing still (analysis.hpp).
std::vector<HitAnalysis> analyse_hits(const std::string& text, const std::string& source) {
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
  return out;
}

std::vector<TreeMove> bullets_moves(const std::string& text) {
  using namespace bullets;
  const Position p = parse_position(text, "position");
  std::vector<TreeMove> out;
  if (ends_before_moves(p.state)) return out;
  bullets::ActionList blue, red;
  generate_actions(p.state, Blue, blue);
  generate_actions(p.state, Red, red);
  for (const auto b : blue) {
    for (const auto r : red) {
      const State child = play(p.state, b, r);
      out.push_back({without_blanks(joint_text(b, r)), position_text(child, p.you), ends_before_moves(child)});
    }
  }
  return out;
}

std::string bullets_canonical(const std::string& text, const std::string& token) {
  using namespace bullets;
  const Position p = parse_position(text, "position");
  if (ends_before_moves(p.state)) return "";
  if (token.size() != 4 || token[0] != 'B' || token[2] != 'R') return "";
  Action joint[2];
  for (int side = 0; side < 2; ++side) {
    const char digit = token[1 + 2 * side];
    if (digit < '0' || digit > '8') return "";
    bullets::ActionList legal;
    generate_actions(p.state, static_cast<Side>(side), legal);
    Action a = static_cast<Action>(digit - '0');
    bool listed = false;
    for (const auto l : legal) listed = listed || l == a;
    if (!listed) a = kNothing;  // a move into a wall: the same action as doing nothing
    joint[side] = a;
  }
  return without_blanks(joint_text(joint[0], joint[1]));
}

}  // namespace

GameEntry game_entry() {
  GameEntry entry;
  entry.name = "bullets";
  entry.title = "Bullets";
  entry.shape = GameShape::Simultaneous;
  entry.position_options = {
      {"seed", "seed of the generated board without --board, and of the search (default 1)"},
      {"rows", "without --board: board height n, 5-64 (default 15)"},
      {"cols", "without --board: board width m, 5-64 (default 20)"},
      {"walls", "without --board: the generator's wall count (default 40)"},
      {"limit", "without --board: round limit (default 2000)"},
  };
  entry.perft = run_perft;
  entry.tree_moves = bullets_moves;
  entry.canonical_move = bullets_canonical;
  entry.random_game = random_game<Game>;
  entry.show = [](const PositionSpec& spec) {
    const Position position = load_position(spec);
    return diagram(position.state) + "side " + side_letter(position.you) + "\n";
  };
  entry.board_options = {
      {"rows", "board height n or a range A-B (default 15-50, the tournament's)"},
      {"cols", "board width m or a range A-B (default 20-50)"},
      {"walls", "the generator's wall count or a range (default 10-200)"},
      {"limit", "round limit or a range (default 2000)"},
  };
  entry.generate_boards = [](const BoardRequest& request) {
    return generate_suite(request.seed, request.count, board_ranges(request.options));
  };
  entry.analyse_hits = analyse_hits;
  entry.explain_loss = [](const std::string& opening, const std::vector<std::string>& moves) -> std::optional<LossExplanation> {
    const auto cause = explain_loss(parse_position(opening, "record opening").state, moves);
    if (!cause) return std::nullopt;
    return LossExplanation{cause->text(), cause->kind()};
  };
  entry.default_params = default_params;
  entry.search = run_search;
  entry.play_game = play_game;
  entry.bot_time_limit_s = kTournamentMoveMs / 1000.0;
  entry.eval_weights = kFeatureCount;
  entry.features = features_of<Game>;
  entry.datagen_game = datagen_game;
  entry.learned_eval = true;  // game.hpp LearnedEval: eval=FILE on --engine, --eval on search, bench, datagen, tune spsa
  entry.sparse_inputs = simultaneous_sparse_inputs<kSparseMaxActive>(
      kSparseInputName, kSparseInputCount,
      [](const std::string& text, const std::string& source) { return parse_position(text, source).state; });
  return entry;
}

}  // namespace gamelab::bullets
