#include "bullets/entry.hpp"

#include "bullets/analysis.hpp"
#include "bullets/engine.hpp"
#include "bullets/eval.hpp"
#include "bullets/game.hpp"
#include "bullets/generator.hpp"
#include "bullets/match.hpp"
#include "bullets/notation.hpp"
#include "bullets/position_options.hpp"
#include "bullets/post_mortem.hpp"
#include "bullets/reports.hpp"
#include "bullets/sparse_inputs.hpp"
#include "registry/entry_of.hpp"
#include "registry/simultaneous_entry.hpp"
#include "registry/simultaneous_learned.hpp"

namespace gamelab::bullets {

namespace {

PerftReport run_perft(const PerftRequest& request) {
  const Position root = load_position(request.position);
  return simultaneous_perft<Game>(root.state, position_text(root.state, root.you), request, joint_text, summary);
}

SearchReport run_search(const SearchRequest& request) {
  const Position root = load_position(request.position);
  return search_report(root, request.position.option("seed") ? seed_option(request.position) : request.seed, request);
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
  entry.position_options = position_options();
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
