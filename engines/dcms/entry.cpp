#include "dcms/entry.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <numeric>

#include "core/error.hpp"
#include "core/text_file.hpp"
#include "dcms/engine.hpp"
#include "dcms/export/export_python.hpp"
#include "dcms/game.hpp"
#include "dcms/generator.hpp"
#include "dcms/match.hpp"
#include "dcms/notation.hpp"
#include "dcms/sparse_inputs.hpp"
#include "registry/entry_of.hpp"
#include "registry/simultaneous_entry.hpp"
#include "registry/simultaneous_learned.hpp"

namespace gamelab::dcms {

namespace {

// A position file from the dataset (text) or from --board FILE. --variant must agree with a file that
// has pieces; a setup-phase board (no piece lines) can be played in either variant, so there it sets it.
State load_position(const PositionSpec& spec) {
  State state;
  if (!spec.text.empty()) {
    state = parse_position_text(spec.text, spec.source);
  } else if (spec.board.empty()) {
    throw InputError(
        "dcms needs --board FILE: a position file (docs/rules/common.md §3: 'variant ROWS COLS TURN', the board rows, "
        "one 'LETTER ROW COL' line per piece); `gamelab boards dcms` writes setup-phase boards");
  } else if (!std::filesystem::is_regular_file(spec.board)) {
    throw InputError("--board " + spec.board + ": no such file; a Dog-Cat-Mouse-cheeSe position is a file (docs/rules/common.md §3)");
  } else {
    state = parse_position_text(read_text_file(spec.board), spec.board);
  }
  const auto option = spec.options.find("variant");
  if (option != spec.options.end()) {
    const Variant variant = parse_variant(option->second, "--variant");
    if (state.phase == Phase::Setup) {
      state = setup_state(*state.board, variant, state.turn_limit);
    } else if (variant != state.variant) {
      throw InputError("--variant " + option->second + " disagrees with " + (spec.board.empty() ? spec.source : spec.board) +
                       " (variant " + variant_name(state.variant) + ")");
    }
  }
  return state;
}

PerftReport run_perft(const PerftRequest& request) {
  const State root = load_position(request.position);
  if (root.phase == Phase::Setup) {
    const std::string source = request.position.board.empty() ? request.position.source : request.position.board;
    throw InputError(source + ": a board for the setup phase (no piece lines); perft counts joint moves of placed "
                              "pieces: add one line per piece, e.g. 'S 3 1', 'M 3 2', 's 3 6', 'm 3 5'");
  }
  return simultaneous_perft<Game>(root, position_text(root), request, joint_move_text, pieces_map_text);
}

int search_side(const PositionSpec& spec) {
  const auto option = spec.options.find("side");
  if (option == spec.options.end()) return kBlue;
  const std::string& v = option->second;
  if (v == "blue" || v == "0") return kBlue;
  if (v == "red" || v == "1") return kRed;
  throw InputError("--side " + v + ": expected blue or red (or the tournament's colors 0 and 1)");
}

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

SearchReport run_search(const SearchRequest& request) {
  const State root = load_position(request.position);
  const int side = search_side(request.position);
  Engine engine(request.params, request.seed);
  attach_learned_eval(engine, request.learned);
  if (root.phase == Phase::Setup) return search_placement_report(root, side, engine, request.limits);
  if (ends_before_moves(root)) return {};
  return search_move_report(root, side, engine, request.limits);
}

std::vector<GeneratedBoard> run_generator(const BoardRequest& request) {
  const SuiteOptions options = parse_suite_options(request.options);
  std::vector<GeneratedBoard> out;
  for (auto& board : generate_suite(request.seed, request.count, options)) {
    out.push_back({std::move(board.name), std::move(board.text)});
  }
  return out;
}

std::vector<TreeMove> dcms_moves(const std::string& text) {
  using namespace dcms;
  const State s = parse_position_text(text, "position");
  std::vector<TreeMove> out;
  if (s.phase == Phase::Setup || ends_before_moves(s)) return out;
  dcms::ActionList blue, red;
  generate_actions(s, kBlue, blue);
  generate_actions(s, kRed, red);
  for (const auto& b : blue) {
    for (const auto& r : red) {
      const State child = play(s, b, r);
      out.push_back({without_blanks(joint_move_text(b, r)), position_text(child), ends_before_moves(child)});
    }
  }
  return out;
}

// "D2C5M4" -> "D 2 C 5 M 4": the move string of docs/rules/dcms.md §4 (pairs of one letter, one digit).
std::string spaced_pairs(const std::string& text) {
  std::string out;
  for (std::size_t k = 0; k < text.size(); ++k) {
    if (k > 0) out += ' ';
    out += text[k];
  }
  return out;
}

std::string dcms_canonical(const std::string& text, const std::string& token) {
  using namespace dcms;
  const State s = parse_position_text(text, "position");
  if (s.phase == Phase::Setup || ends_before_moves(s)) return "";
  const std::size_t middle = token.find("][");
  if (token.size() < 4 || token.front() != '[' || token.back() != ']' || middle == std::string::npos) return "";
  const MoveParse blue = parse_move(s, kBlue, spaced_pairs(token.substr(1, middle - 1)));
  const MoveParse red = parse_move(s, kRed, spaced_pairs(token.substr(middle + 2, token.size() - middle - 3)));
  if (!blue.ok() || !red.ok()) return "";
  return without_blanks(joint_move_text(blue.action, red.action));
}

}  // namespace

GameEntry game_entry() {
  GameEntry entry;
  entry.name = "dcms";
  entry.title = "Dog-Cat-Mouse-cheeSe";
  entry.shape = GameShape::Simultaneous;
  entry.position_options = {
      {"variant", "mouse or full; must agree with a position file that has pieces, and sets the variant of a "
                  "setup-phase board"},
      {"side", "search: the side the engine plays, blue or red (default blue); other commands ignore it"},
  };
  entry.perft = run_perft;
  entry.tree_moves = dcms_moves;
  entry.canonical_move = dcms_canonical;
  entry.random_game = random_game<Game>;
  entry.show = [](const PositionSpec& spec) {
    const State state = load_position(spec);
    return position_text(state) + "\n" + diagram(state);
  };
  entry.board_options = {
      {"rows", "rows per board: N or MIN-MAX (default 7-15; 3..64)"},
      {"cols", "columns per board: N or MIN-MAX (default 8-21; 4..64)"},
      {"density", "share of the inner squares that are walls: D or MIN-MAX (default 0.05-0.25; 0..0.5)"},
      {"variant", "variant written in each file: mouse or full (default full; a setup board plays either)"},
  };
  entry.generate_boards = run_generator;
  entry.default_params = default_params;
  entry.search = run_search;
  entry.play_game = play_game;
  entry.bot_time_limit_s = 5;  // docs/rules/dcms.md
  entry.eval_weights = kFeatureCount;
  entry.features = features_of<Game>;
  entry.datagen_game = datagen_game;
  entry.learned_eval = true;  // game.hpp LearnedEval: eval=FILE on --engine, --eval on search, bench, datagen, tune spsa
  entry.sparse_inputs = simultaneous_sparse_inputs<kSparseMaxActive>(kSparseInputName, kSparseInputCount, parse_position_text);
  entry.handmade_eval = simultaneous_handmade_eval(parse_position_text, [](const State& state, const int* weights) {
    return evaluate(state, weights);  // SearchGame::evaluate, what the MCTS adds a learned file to
  });
  for (const Variant variant : {Variant::Full, Variant::Mouse}) {
    const bool full = variant == Variant::Full;
    entry.exports.push_back({full ? "python" : "python-mouse",
                             std::string("the tournament's player: one self-contained Python 3 file with setup() and move(), "
                                         "setup() placing ") + (full ? "all four pieces (full variant)" : "cheeSe and Mouse (mouse variant, round 1)"),
                             [variant](const ExportRequest& request) {
                               const bool release = request.params.size() == 0;
                               const auto eval = exported_eval(request.learned.file, request.learned.add, release);
                               if (!release) return export_python(request.params, request.params_source, variant, eval);
                               return export_python(exported_params(), exported_params_source(), variant, eval);
                             }});
  }
  return entry;
}

}  // namespace gamelab::dcms
