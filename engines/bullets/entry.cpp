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
#include "bullets/reports.hpp"
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
  const int limit = single_option(spec, "rounds", static_cast<int>(kDefaultRoundLimit), 1, 1000000000);
  return {start_state(generate_board(rows, cols, walls, seed), static_cast<std::uint32_t>(limit)), Red};
}

PerftReport run_perft(const PerftRequest& request) {
  const Position root = load_position(request.position);
  return simultaneous_perft<Game>(root.state, position_text(root.state, root.you), request, joint_text, summary);
}

SearchReport run_search(const SearchRequest& request) {
  const Position root = load_position(request.position);
  return search_report(root, request.position.options.count("seed") ? seed_option(request.position) : request.seed, request);
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
      {"rounds", "without --board: the round limit (default 2000)", "limit"},
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
      {"rounds", "the round limit or a range A-B (default 2000)", "limit"},
  };
  entry.generate_boards = [](const BoardRequest& request) {
    return generate_suite(request.seed, request.count, board_ranges(request.options));
  };
  entry.analysis_help = "each player's earliest hit on an opponent that never moves (--board, --boards), and why each "
                        "game of match records was lost (--records)";
  entry.analyse_position = analyse_hits;  // reports.hpp
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
